"""Reads for the table page: the match of a live table link, its games, the game being played
(the scoresheet's own read, league.games.selectors.scoresheet), the result its games decide and
the report waiting for the opponent."""

from __future__ import annotations

from dataclasses import dataclass

from league.competitions.base.selectors import side_names
from league.competitions.models import Match, ResultReport, TableLink
from league.competitions.results.services import MatchOutcome, match_outcome
from league.games.models import Game
from league.games.selectors import Scoresheet, scoresheet


@dataclass(frozen=True)
class TablePage:
    link: TableLink
    games: list[Game]
    sheet: Scoresheet | None  # the last game's, once a game is started
    outcome: MatchOutcome
    report: ResultReport | None  # the pending or disputed report

    @property
    def match(self) -> Match:
        return self.link.match

    @property
    def names(self) -> tuple[str, str]:
        return side_names(self.match)

    @property
    def is_open(self) -> bool:
        return self.match.status in Match.OPEN_FOR_PLAY

    @property
    def may_start(self) -> bool:
        """No game in progress and the match not yet decided."""
        return (self.is_open and not self.outcome.decided
                and all(g.is_finished for g in self.games))

    @property
    def may_enter(self) -> bool:
        sheet = self.sheet
        return (self.is_open and sheet is not None and not sheet.finished
                and not sheet.game.from_totals)

    @property
    def may_report(self) -> bool:
        return self.is_open and self.outcome.decided

    @property
    def verifies_here(self) -> bool:
        """A report made at this table, waiting for the opponent, where the club verifies at
        the table."""
        report = self.report
        return (report is not None and report.status == ResultReport.Status.PENDING
                and bool(report.reported_side)
                and self.match.competition.season.club.verify_at_table)

    @property
    def verifier(self) -> str:
        """The name of the opponent of the reporter at the table."""
        if self.report is None:
            return ""
        return self.names[1] if self.report.reported_side == "A" else self.names[0]

    @property
    def reporter(self) -> str:
        if self.report is None or not self.report.reported_side:
            return ""
        return self.names[0] if self.report.reported_side == "A" else self.names[1]

    @property
    def winner_name(self) -> str:
        winner = self.outcome.winner
        return {"A": self.names[0], "B": self.names[1]}.get(winner or "", "")


def table_page(link: TableLink) -> TablePage:
    """Fixed queries: the games, the last game's scoresheet, the open report."""
    match = link.match
    games = list(Game.objects.filter(match=match).order_by("number"))
    sheet = scoresheet(games[-1].pk) if games else None
    report = (match.reports.filter(status__in=(ResultReport.Status.PENDING,
                                               ResultReport.Status.DISPUTED))
              .select_related("winner__player").first())
    return TablePage(link, games, sheet, match_outcome(match, games), report)
