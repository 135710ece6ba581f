"""A player's form (his last counted matches) and his record against each opponent.

Head to head: for each opponent, the counted matches between them (meetings), won, drawn and
lost, and the game points for and against (the hand points of their counted games, summed).
The opponent he beats most is the one he has won most matches against (ties: fewer losses, then
by name); the one he loses to most, the one he has lost most to (ties: fewer wins, then name).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.db.models import Case, CharField, Count, F, IntegerField, Q, Sum, Value, When

from league.clubs.models import Player, Season

from .counted import counted_games, counted_matches, entries_of, played_by

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


def _as_a(player: Player, prefix: str) -> Q:
    return Q(**{f"{prefix}entry_a_id__in": entries_of(player)})


def _theirs(player: Player, prefix: str, field: str, output) -> Case:
    return Case(When(_as_a(player, prefix), then=F(f"{prefix}entry_b__player__{field}")),
                default=F(f"{prefix}entry_a__player__{field}"), output_field=output)


def _mine(player: Player, prefix: str, a: str, b: str) -> Case:
    """Field ``a`` when he sits in seat A of the match ``prefix`` away, else ``b``."""
    return Case(When(_as_a(player, prefix), then=F(a)), default=F(b), output_field=IntegerField())


def recent_form(player: Player, season: Season | None, count: int = FORM_MATCHES) -> list[FormMatch]:
    """One query: his last ``count`` counted matches, oldest first (as the chart reads)."""
    outcome = Case(When(winner__isnull=True, then=Value("drawn")),
                   When(winner_id__in=entries_of(player), then=Value("won")),
                   default=Value("lost"), output_field=CharField())
    rows = (counted_matches(player.club_id, season).filter(played_by(player, ""))
            .annotate(outcome=outcome, games_for=_mine(player, "", "games_a", "games_b"),
                      games_against=_mine(player, "", "games_b", "games_a"),
                      opponent=_theirs(player, "", "name", CharField()))
            .order_by("-confirmed_at", "-pk")
            .values_list("pk", "confirmed_at", "outcome", "games_for", "games_against",
                         "opponent")[:count])
    return [FormMatch(*row) for row in reversed(rows)]


def head_to_head_table(player: Player, season: Season | None) -> HeadToHeadTable:
    """Two queries: the meetings by opponent, and the game points by opponent."""
    opponent = _theirs(player, "", "id", IntegerField())
    mine = Q(winner_id__in=entries_of(player))
    meetings = (counted_matches(player.club_id, season).filter(played_by(player, ""))
                .annotate(opponent=opponent, opponent_name=_theirs(player, "", "name", CharField()))
                .order_by().values("opponent", "opponent_name")
                .annotate(meetings=Count("pk"), won=Count("pk", filter=mine),
                          drawn=Count("pk", filter=Q(winner__isnull=True)),
                          lost=Count("pk", filter=Q(winner__isnull=False) & ~mine)))
    points = dict(
        (row[0], row[1:]) for row in
        counted_games(player.club_id, season).filter(played_by(player, "match__"))
        .annotate(opponent=_theirs(player, "match__", "id", IntegerField()))
        .order_by().values("opponent")
        .annotate(points_for=Sum(_mine(player, "match__", "total_a", "total_b")),
                  points_against=Sum(_mine(player, "match__", "total_b", "total_a")))
        .values_list("opponent", "points_for", "points_against"))
    rows = [Opponent(row["opponent"], row["opponent_name"], row["meetings"], row["won"],
                     row["drawn"], row["lost"], *points.get(row["opponent"], (0, 0)))
            for row in meetings]
    rows.sort(key=lambda r: (-r.meetings, r.name))
    return HeadToHeadTable(rows)
