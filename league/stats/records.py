"""The club's records and leaderboards for a season (or all time), read from the players'
summary rows and notable moments (summaries.py, moments.py), each one query.

Most gins: gins and big gins made. Gin rate: gins and big gins made per 100 hands played (a player
with no gin is not listed); points per hand: hand points won over hands played; both among the
players with at least the minimum of hands. Highest hands: the most points one hand scored.
Most boxes in a game: the most hands one player won in one game. Longest unbeaten run: counted
matches won or drawn one after another (runs.py), a season's from the players' season rows, all
time from their all-time rows (all_time.py: a run may cross seasons). The rare hands: every big gin, every gin by
the first discard (first_turn.py), and every shutout (a game won with the loser on no hand
points).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime

from league.clubs.models import Club, Player, Season
from league.core.written_reads import Columns, fetched, table

from .models import AllTimeRuns, NotableMoment, PlayerSeasonSummary
from .runs import Run

TOP = 5
RARE = 50
MIN_HANDS = 30
Kind = NotableMoment.Kind


@dataclass(frozen=True, slots=True)
class Leader:
    player_id: int
    name: str
    value: float
    hands: int = 0


@dataclass(frozen=True, slots=True)
class Moment:
    """A hand or game worth remembering: who, against whom, when, how much."""

    player_id: int
    name: str
    opponent: str
    when: datetime
    match_id: int
    value: int
    what: str


@dataclass(frozen=True, slots=True)
class ClubRecords:
    club: Club
    season: Season | None
    min_hands: int
    most_gins: list[Leader]
    gin_rate: list[Leader]
    points_per_hand: list[Leader]
    highest_hands: list[Moment]
    most_boxes: list[Moment]
    unbeaten: list[Run]
    big_gins: list[Moment]
    first_turn_gins: list[Moment]
    gins_with_log: int  # the season's gins whose event log says when they were declared
    shutouts: list[Moment]


def club_records(club: Club, season: Season | None, min_hands: int = MIN_HANDS) -> ClubRecords:
    """Six queries, for a season or all time (whose unbeaten runs are read over the matches)."""
    scope = Scope(club.pk, season)
    moments = _moments(scope)
    return ClubRecords(
        club, season, min_hands,
        most_gins=_leaders(scope, MOST_GINS, []),
        gin_rate=_leaders(scope, GIN_RATE, [min_hands]),
        points_per_hand=_leaders(scope, POINTS_PER_HAND, [min_hands]),
        highest_hands=moments[Kind.HIGH_HAND],
        most_boxes=moments[Kind.BOXES],
        unbeaten=_unbeaten(scope),
        big_gins=moments[Kind.BIG_GIN],
        first_turn_gins=moments[Kind.FIRST_TURN_GIN],
        gins_with_log=fetched(f"SELECT COALESCE(SUM(s.gins_with_log), 0) FROM {SUMMARY} s "
                              f"WHERE {scope.where('s')}", [scope.id])[0][0],
        shutouts=moments[Kind.SHUTOUT],
    )


# The reads below are written out in SQL (league.core.written_reads): built by the ORM on every
# cold visit, they cost five times what the database took to answer them.
SUMMARY, PLAYER, MOMENT_TABLE = table(PlayerSeasonSummary), table(Player), table(NotableMoment)
ALL_TIME_RUNS = table(AllTimeRuns)


@dataclass(frozen=True, slots=True)
class Scope:
    """A season's rows, or all the club's (all time)."""

    club_id: int
    season: Season | None

    @property
    def id(self) -> int:
        return self.club_id if self.season is None else self.season.pk

    def where(self, alias: str) -> str:
        return f"{alias}.{'club_id' if self.season is None else 'season_id'} = %s"


@dataclass(frozen=True, slots=True)
class Board:
    """A leaderboard of the players with a hand: its value and the test a player must pass (with
    `%s` for the minimum of hands, where it has one), each written from `column`, which names
    one of the player's figures: his row's own in a season, his rows added up all time. The
    value's expressions are the season indexes' (models.LEADER_INDEXES), so that PostgreSQL
    reads a season's leaders in their order."""

    value: Callable[[Callable[[str], str]], str]
    test: Callable[[Callable[[str], str]], str]


def _gins(column) -> str:  # gins made: gins and big gins
    return f"({column('gins')} + {column('big_gins')})"


MOST_GINS = Board(_gins, lambda column: f"{_gins(column)} > 0")
GIN_RATE = Board(
    lambda column: f"(100 * CAST({_gins(column)} AS double precision)) / NULLIF({column('hands')}, 0)",
    lambda column: f"{column('hands')} >= %s AND {_gins(column)} > 0")
POINTS_PER_HAND = Board(
    lambda column: f"CAST({column('points')} AS double precision) / NULLIF({column('hands')}, 0)",
    lambda column: f"{column('hands')} >= %s")


def _leaders(scope: Scope, board: Board, params: list) -> list[Leader]:
    """One query: the top players by the board's value, ties by name, sorted by the database. A
    season's from the players' rows; all time, each player's rows added up."""
    if scope.season is not None:
        def column(name: str) -> str:
            return f"s.{name}"
        passing = f"AND {board.test(column)}"
    else:
        def column(name: str) -> str:
            return f"SUM(s.{name})"
        passing = f"GROUP BY s.player_id, p.name HAVING {board.test(column)}"
    rows = fetched(f"SELECT s.player_id, p.name, {board.value(column)}, {column('hands')} "
                   f"FROM {SUMMARY} s JOIN {PLAYER} p ON p.id = s.player_id "
                   f"WHERE {scope.where('s')} AND s.hands > 0 {passing} "
                   f"ORDER BY 3 DESC, 2 LIMIT {TOP}", [scope.id, *params])
    return [Leader(*row) for row in rows]


def _unbeaten(scope: Scope) -> list[Run]:
    """A season's from the season rows, all time from the all-time rows (runs do not add up):
    each read off its index in the board's order."""
    runs = SUMMARY if scope.season is not None else ALL_TIME_RUNS
    rows = fetched(f"SELECT s.player_id, p.name, s.unbeaten_run FROM {runs} s "
                   f"JOIN {PLAYER} p ON p.id = s.player_id "
                   f"WHERE {scope.where('s')} AND s.unbeaten_run > 0 "
                   f"ORDER BY 3 DESC, 2 LIMIT {TOP}", [scope.id])
    return [Run(*row) for row in rows]


# The highest, the most: the top TOP by value (ties: the older first). The rare ones: the latest
# RARE (a moment whose match has no confirmation time last).
BY_VALUE = (Kind.HIGH_HAND, Kind.BOXES)
RARE_KINDS = (Kind.BIG_GIN, Kind.FIRST_TURN_GIN, Kind.SHUTOUT)
NEVER = datetime.min.replace(tzinfo=UTC)
MOMENT = Columns(NotableMoment, "m", ["kind", "source_id", "player_id", "confirmed_at",
                                      "match_id", "value"])


def _moments(scope: Scope) -> dict[str, list[Moment]]:
    """One query: each kind's moments picked first, each kind's top read off its index (a
    limited query of each, in a list of ids looked up by key), then only they joined to the
    players' names; ordered here as picked."""
    tops = [(kind, "u.value DESC, u.source_id", TOP) for kind in BY_VALUE]
    tops += [(kind, "u.confirmed_at DESC, u.source_id DESC", RARE) for kind in RARE_KINDS]
    picked = " UNION ALL ".join(
        f"SELECT id FROM (SELECT u.id FROM {MOMENT_TABLE} u WHERE {scope.where('u')} "
        f"AND u.kind = %s ORDER BY {order} LIMIT {limit}) AS top{n}"
        for n, (_kind, order, limit) in enumerate(tops))
    sql = (f"SELECT {MOMENT.sql}, p.name, o.name FROM {MOMENT_TABLE} m "
           f"JOIN {PLAYER} p ON p.id = m.player_id JOIN {PLAYER} o ON o.id = m.opponent_id "
           f"WHERE m.id IN ({picked})")
    found: dict[str, list[tuple]] = {kind: [] for kind in (*BY_VALUE, *RARE_KINDS)}
    for row in fetched(sql, [param for kind, _, _ in tops for param in (scope.id, kind)]):
        kind, source, player, when, match, value = MOMENT.values(row)
        found[kind].append((source, player, row[-2], row[-1], when, match, value))
    for kind, rows in found.items():
        if kind in BY_VALUE:
            rows.sort(key=lambda row: (-row[6], row[0]))
        else:
            rows.sort(key=lambda row: (row[4] or NEVER, row[0]), reverse=True)
    return {kind: [Moment(*row[1:], what=kind) for row in rows] for kind, rows in found.items()}
