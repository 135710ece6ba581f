"""The competition page: overview, standings or bracket, and the fixtures and results of the
round being played, or of any round or all of them (a round filter whose links work without
JavaScript; htmx swaps only the fixtures).

Its fragments are cached under the competition's page version (league.competitions.base.page_versions):
the view reads the version and, for an organizer, the links they get; everything else comes
from `CompetitionPage`, read from the database only when a fragment is not in the cache.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from django.http import Http404, HttpRequest, HttpResponse
from django.utils.translation import gettext_lazy, ngettext

from league.clubs.visibility import visibility_keys
from league.competitions.base.page_versions import (
    FRAGMENT_SECONDS,
    competition_version,
    competition_version_keys,
)
from league.competitions.base.selectors import club_of_competition
from league.competitions.formats.draws import bracket_view
from league.competitions.formats.selectors import (
    competition_of,
    competition_page,
    competition_page_reads,
    fixtures_of,
    organizing_status,
    stage_seeds,
    stages_of,
)
from league.competitions.formats.stage_plans import awaits_dealing
from league.competitions.formats.stage_tables import final_placings, group_standings
from league.competitions.models import Competition, Round, Stage
from league.competitions.nights.night_reads import competition_nights_read, nights_of
from league.competitions.standings.kept import counted_text_read
from league.competitions.standings.placings import knockout_placings
from league.competitions.standings.services import competition_standings
from league.competitions.views.bracket_layout import layout
from league.competitions.views.ruleset_summary import summarize
from league.competitions.views.visibility import members_only
from league.core.cache import FRAGMENTS, NEW_FRAGMENTS, names_new_version, read_ahead
from league.core.numbers import ascii_int
from league.core.views import render_page
from league.core.written_reads import answered_together

TEMPLATE = "competitions/competition.html"
ALL_ROUNDS = "all"
NO_SUCH_ROUND = gettext_lazy("There is no such round in this competition. Pick one of its "
                             "rounds, or all rounds.")


def competition(request: HttpRequest, pk: int) -> HttpResponse:
    club_id = club_of_competition(pk)
    if club_id is None:  # read from the database just now: no version is minted for it
        raise Http404("No such competition.")
    read = CompetitionRead(pk)
    # whether the club is public and the page's version: one call to the shared cache
    with read_ahead([*visibility_keys(club_id), *competition_version_keys(pk)]):
        if (refusal := members_only(request, club_id)) is not None:
            return refusal
        version = competition_version(pk, read.round_ids)
    if version is None:
        raise Http404("No such competition.")
    page = CompetitionPage(pk, round_key(request.GET.get("round", ""), version.rounds),
                           stage_key(request.GET.get("stage", "")))
    if read.found is not None:
        page.competition = read.found
    context = {
        "page": page,
        "version": version.token,
        "cache_seconds": FRAGMENT_SECONDS,
        # its fragments hashed in their keys: looked for in Redis only if it is not new
        "fragments": NEW_FRAGMENTS if names_new_version(version.token) else FRAGMENTS,
        "organizing": organizing_status(request.user, pk),
    }
    return render_page(request, TEMPLATE, context, partial="fixtures")


@dataclass(frozen=True, slots=True)
class TableLine:
    """A row of the standings, and the tiebreak that put it ahead of the next row, if any."""

    row: object  # league.competitions.standings.shown.StandingsRow
    ahead_of: str = ""
    ahead_on: str = ""
    tied: bool = False  # level with the row above or below: its rank is shown "=1"


@dataclass(frozen=True, slots=True)
class Standings:
    table: object  # league.competitions.standings.shown.StandingsTable
    lines: list[TableLine]


@dataclass(frozen=True, slots=True)
class Bracket:
    view: object  # league.competitions.formats.draws.BracketView
    sections: list
    seeds: dict[int, int]
    placings: list
    round_heading: str


@dataclass(frozen=True, slots=True)
class RoundsShown:
    rounds: list[Round]
    round: Round | None  # the one round shown, if one is
    all: bool = False
    problem: str = ""


class CompetitionRead:
    """A new version of the page is kept with the competition's round ids: read then with
    everything the page shows of the competition (`competition_page`), its club nights and what
    its kept table's digest reads of its matches, which rendering the page anew needs next,
    all in one round trip, rather than in queries of their own."""

    def __init__(self, pk: int) -> None:
        self.pk = pk
        self.found: Competition | None = None

    def round_ids(self) -> list[int] | None:
        *page, nights, counted = answered_together(
            *competition_page_reads(self.pk), competition_nights_read(self.pk),
            counted_text_read(self.pk))
        try:
            self.found = competition_of(*page)
        except Http404:
            return None
        self.found.night_list, self.found.counted_text = nights, counted
        return [round_.pk for round_ in self.found.round_list]


class CompetitionPage:
    """What the page shows, read on first use: a page served from the cache reads none of it."""

    ROUND_LINKS = 12  # more rounds than this are chosen in a select, not a row of links

    def __init__(self, pk: int, round_key: str, stage_key: str = "") -> None:
        self.pk = pk
        self.round_key = round_key
        self.stage_key = stage_key

    @cached_property
    def competition(self) -> Competition:
        return competition_page(self.pk)

    @cached_property
    def rules(self):
        return summarize(self.competition.ruleset)

    @cached_property
    def nights(self) -> list:
        """The open club night and the next scheduled one, if any."""
        competition = self.competition
        if (competition.format not in (Competition.Format.SWISS, Competition.Format.LEAGUE)
                or competition.status != Competition.Status.RUNNING):
            return []
        return [n for n in nights_of(competition) if n is not None]

    @cached_property
    def match_format(self) -> str:
        return match_format(self.competition)

    @property
    def rounds(self) -> list[Round]:
        return self.competition.round_list

    @cached_property
    def current_round(self) -> Round | None:
        return current_round(self.rounds)

    @cached_property
    def shown(self) -> RoundsShown:
        shown = rounds_shown(self.rounds, self.round_key, self.current_round)
        fixtures_of(shown.rounds, self.competition.entry_list)
        return shown

    @cached_property
    def stages(self) -> list[Stage]:
        """A competition in stages, once drawn (its rounds name their stage): every stage, for
        the tabs. No query for a competition in one stage."""
        if not any(r.stage_id for r in self.rounds):
            return []
        return stages_of(self.competition)

    @cached_property
    def stage(self) -> Stage | None:
        """The stage shown (its tab): the one asked for, else the latest drawn."""
        stages = self.stages
        asked = next((s for s in stages if str(s.order) == self.stage_key), None)
        if asked is not None or not stages:
            return asked
        drawn = {r.stage_id for r in self.rounds}
        return next((s for s in reversed(stages) if s.pk in drawn), stages[0])

    @cached_property
    def final_placings(self) -> list[tuple[int, object]]:
        """Over all stages, once the competition is finished: (rank, player)."""
        if not self.stages or self.competition.status != Competition.Status.FINISHED:
            return []
        players = {e.pk: e.player for e in self.competition.entry_list}
        return [(p.rank, players[p.entry]) for p in final_placings(self.competition)]

    @cached_property
    def stage_awaits_dealing(self) -> bool:
        """The shown later group stage has its players, waiting for the organizer's groups."""
        return self.stage is not None and awaits_dealing(self.stage)

    @cached_property
    def stage_tables(self) -> list[tuple[str, Standings]]:
        """The tables of the shown stage's groups (one table for a Swiss or a league)."""
        stage = self.stage
        if stage is None or stage.is_knockout or stage.pk not in {r.stage_id for r in self.rounds}:
            return []
        return [(label, Standings(table, table_lines(table.rows)))
                for label, table in group_standings(self.competition, stage)]

    @cached_property
    def standings(self) -> Standings | None:
        """A league's or Swiss's table, once it has started."""
        if not self.rounds or self.competition.is_knockout or self.stages:
            return None
        # The page shows no hands won, and has read the entries with their players, the
        # competition's kept table and, on the visit that minted its version, what the kept
        # table's digest reads of the matches.
        table = competition_standings(self.competition, hands=False,
                                      entries=self.competition.entry_list,
                                      kept=self.competition.kept_table,
                                      counted=getattr(self.competition, "counted_text", None))
        return Standings(table, table_lines(table.rows))

    @cached_property
    def bracket(self) -> Bracket | None:
        """A knockout's bracket, drawn once the competition has started; the placings once it
        has a champion."""
        competition = self.competition
        if self.stages:
            return self._stage_bracket()
        if not competition.is_knockout or not self.rounds:
            return None
        view = bracket_view(competition, entries=competition.entry_list,
                            rounds=competition.round_list)
        seeds = {e.player_id: e.seed for e in competition.entry_list if e.seed}
        placings = knockout_placings(competition) if view.champion else []
        sections = layout(view)
        return Bracket(view, sections, seeds, placings, "h4" if len(sections) > 1 else "h3")

    def _stage_bracket(self) -> Bracket | None:
        stage = self.stage
        if stage is None or not stage.is_knockout or stage.pk not in {
                r.stage_id for r in self.rounds}:
            return None  # not drawn yet: the page says when it will be
        view = bracket_view(self.competition, stage, entries=self.competition.entry_list,
                            rounds=self.competition.round_list)
        seeds = stage_seeds(stage)
        placings = knockout_placings(self.competition, stage) if view.champion else []
        sections = layout(view)
        return Bracket(view, sections, seeds, placings, "h4" if len(sections) > 1 else "h3")


def table_lines(rows) -> list[TableLine]:
    lines = []
    for row, below in zip(rows, (*rows[1:], None), strict=True):
        separated = below is not None and below.separated_by
        tied = row.shared_rank or (below is not None and below.shared_rank)
        lines.append(TableLine(row, below.player.name, below.separated_by, tied=tied)
                     if separated else TableLine(row, tied=tied))
    return lines


def stage_key(asked: str) -> str:
    """The stage tab as the fragments are cached: '' (the default) or a stage's order."""
    asked = asked.strip()
    return asked if ascii_int(asked, digits=2) is not None else ""


def round_key(asked: str, rounds: frozenset[int]) -> str:
    """The round filter as the fragments are cached: '' (the default), 'all', the id of one of
    the competition's rounds, or '?' for anything else."""
    asked = asked.strip()
    if asked in ("", ALL_ROUNDS):
        return asked
    if (number := ascii_int(asked)) is not None and number in rounds:
        return str(number)
    return "?"


def rounds_shown(rounds: list[Round], key: str, current: Round | None) -> RoundsShown:
    """The round asked for; by default the round being played, or once all are, the round of
    the latest result (a knockout's final, not a grand final reset that was not needed)."""
    if key == ALL_ROUNDS:
        return RoundsShown(rounds, None, all=True)
    asked = next((r for r in rounds if str(r.pk) == key), None)
    if asked is not None:
        return RoundsShown([asked], asked)
    default = current or latest_round(rounds)
    return RoundsShown([default] if default else [], default,
                       problem=NO_SUCH_ROUND if key else "")


def latest_round(rounds: list[Round]) -> Round | None:
    decided = [(r.last_confirmed, order, r) for order, r in enumerate(rounds)
               if r.last_confirmed is not None]  # confirmed together: the later round
    if not decided:
        return rounds[-1] if rounds else None
    return max(decided, key=lambda d: d[:2])[2]


def current_round(rounds: list[Round]) -> Round | None:
    """The first round (in playing order) with a match still to be played or confirmed."""
    return next((r for r in rounds if r.open_matches), None)


def match_format(competition: Competition) -> str:
    games = competition.match_games
    if competition.match_format == Competition.MatchFormat.FIRST_TO:
        return ngettext("First to %(games)s game", "First to %(games)s games", games) % {
            "games": games}
    return ngettext("%(games)s game", "%(games)s games", games) % {"games": games}
