"""Which actions the match page offers its viewer. The services decide; this only hides the
buttons a viewer could not use, asking the services' own predicates (league.competitions.results.services)."""

from __future__ import annotations

from dataclasses import dataclass

from league.clubs.permissions import is_organizer
from league.competitions.base.permissions import side_of
from league.competitions.models import Match, ResultReport
from league.competitions.results.forfeits import FORFEITABLE
from league.competitions.results.services import (
    match_outcome,
    may_confirm,
    may_dispute,
    may_resolve,
)
from league.games.models import Game
from league.pages.selectors import MatchPage


@dataclass(frozen=True, slots=True)
class Viewer:
    user: object  # the signed-in user, or the anonymous one
    side: str | None  # "A" / "B" when the viewer plays in the match
    organizer: bool

    @property
    def involved(self) -> bool:
        return self.side is not None or self.organizer


def viewer_of(user, match: Match) -> Viewer:
    if not user.is_authenticated:
        return Viewer(user, None, False)
    return Viewer(user, side_of(user, match), is_organizer(user, match.competition.season.club))


@dataclass(frozen=True, slots=True)
class MatchActions:
    start_game: bool = False
    game_in_progress: Game | None = None
    report: bool = False
    confirm: bool = False
    dispute: bool = False
    resolve: bool = False
    correct: bool = False
    forfeit: bool = False  # an organizer records a no-show or a forfeit
    paper: bool = False  # an organizer enters games from paper, or confirms for a player

    @property
    def any(self) -> bool:
        return any((self.start_game, self.game_in_progress, self.report, self.confirm,
                    self.dispute, self.resolve, self.correct, self.forfeit, self.paper))


def match_actions(page: MatchPage, viewer: Viewer) -> MatchActions:
    match = page.match
    if not viewer.involved:
        return MatchActions()
    in_progress = next((g for g in page.games if not g.is_finished), None)
    open_for_play = match.status in Match.OPEN_FOR_PLAY and match.entry_a_id and match.entry_b_id
    decided = bool(open_for_play) and match_outcome(match, page.games).decided
    pending = page.open_report is not None and page.open_report.status == ResultReport.Status.PENDING
    deciding = viewer.organizer and viewer.side is None  # an organizer never decides his own match
    return MatchActions(
        start_game=bool(open_for_play) and in_progress is None and not decided,
        game_in_progress=in_progress if open_for_play else None,
        report=decided,
        confirm=pending and may_confirm(viewer.user, match, page.open_report),
        dispute=pending and may_dispute(viewer.user, match, page.open_report),
        resolve=viewer.organizer and match.status == Match.Status.DISPUTED
        and may_resolve(viewer.user, match),
        correct=deciding and match.status == Match.Status.CONFIRMED,
        forfeit=deciding and match.status in FORFEITABLE
        and bool(match.entry_a_id and match.entry_b_id),
        paper=deciding and bool(match.entry_a_id and match.entry_b_id)
        and match.status in (*Match.OPEN_FOR_PLAY, Match.Status.REPORTED),
    )

