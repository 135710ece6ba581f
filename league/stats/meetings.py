"""A player's form (his last counted matches), his longest winning run and his record against
each opponent, counted from his counted matches read once (his_matches.matches_seen).

A winning run is counted matches won one after another, in the order their results were
confirmed (runs.py counts the club's players' runs the same way, in the database).

Head to head: for each opponent, the counted matches between them (meetings), won, drawn and
lost, and the game points for and against (the hand points of their counted games, summed).
The opponent he beats most is the one he has won most matches against (ties: fewer losses, then
by name); the one he loses to most, the one he has lost most to (ties: fewer wins, then name).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from .all_time import longest_runs
from .his_matches import MatchSeen

FORM_MATCHES = 10


@dataclass(frozen=True, slots=True)
class FormMatch:
    match_id: int
    confirmed_at: datetime
    outcome: str  # "won", "drawn", "lost"
    games_for: int
    games_against: int
    opponent: str


@dataclass(frozen=True, slots=True)
class Opponent:
    player_id: int
    name: str
    meetings: int
    won: int
    drawn: int
    lost: int
    points_for: int
    points_against: int


@dataclass(frozen=True, slots=True)
class HeadToHeadTable:
    rows: list[Opponent]  # most meetings first, then by name

    @property
    def beats_most(self) -> Opponent | None:
        found = [row for row in self.rows if row.won]
        return min(found, key=lambda r: (-r.won, r.lost, r.name), default=None)

    @property
    def loses_to_most(self) -> Opponent | None:
        found = [row for row in self.rows if row.lost]
        return min(found, key=lambda r: (-r.lost, r.won, r.name), default=None)


def recent_form(matches: list[MatchSeen], count: int = FORM_MATCHES) -> list[FormMatch]:
    """His last ``count`` of ``matches`` (his counted matches, oldest first: matches_seen),
    oldest first (as the chart reads)."""
    return [FormMatch(m.match_id, m.confirmed_at, m.outcome, m.games_for, m.games_against,
                      m.opponent) for m in matches[-count:]] if count > 0 else []


def head_to_head_table(matches: list[MatchSeen]) -> HeadToHeadTable:
    """His record against each opponent he met in ``matches`` (his counted matches)."""
    met: dict[int, list] = {}
    for m in matches:
        row = met.setdefault(m.opponent_id, [m.opponent, 0, 0, 0, 0, 0, 0])
        row[1] += 1
        row[2 + ("won", "drawn", "lost").index(m.outcome)] += 1
        row[5] += m.points_for
        row[6] += m.points_against
    rows = [Opponent(pk, *row) for pk, row in met.items()]
    rows.sort(key=lambda r: (-r.meetings, r.name))
    return HeadToHeadTable(rows)


def longest_winning_run(matches: list[MatchSeen]) -> int:
    """The most of ``matches`` (his counted matches, oldest first) he won one after another."""
    return longest_runs(m.outcome for m in matches)[0]
