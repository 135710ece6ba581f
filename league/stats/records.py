"""The club's records and leaderboards for a season (or all time), each one query.

Most gins: gins and big gins made. Gin rate: gins and big gins made per 100 hands played (a player
with no gin is not listed); points per hand: hand points won over hands played; both among the
players with at least the minimum of hands. Highest hands: the most points one hand scored. Most boxes in a game: the most hands
one player won in one game. Longest unbeaten run: counted matches won or drawn one after
another (runs.py). The rare hands: every big gin, and every shutout (a game won with the loser
on no hand points).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.db import connection
from django.db.models import Case, Count, F, IntegerField, Value, When

from league.clubs.models import Club, Player, Season
from league.competitions.models import Entry, Match
from league.games.models import Game, Hand

from .counted import counted_games, counted_hands, name_of_seat, player_of_seat
from .results import SHUTOUT
from .runs import Run, longest_unbeaten_runs

TOP = 5
RARE = 50
MIN_HANDS = 30
GINS = (Hand.Outcome.GIN, Hand.Outcome.BIG_GIN)


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
    shutouts: list[Moment]


def club_records(club: Club, season: Season | None, min_hands: int = MIN_HANDS) -> ClubRecords:
    """Six queries."""
    everyone = _per_player(club.pk, season)
    rates = [row for row in everyone if row[2] >= min_hands]
    return ClubRecords(
        club, season, min_hands,
        most_gins=sorted((Leader(p, n, g) for p, n, _, g, _ in everyone if g),
                         key=lambda r: (-r.value, r.name))[:TOP],
        gin_rate=sorted((Leader(p, n, 100 * g / h, h) for p, n, h, g, _ in rates if g),
                        key=lambda r: (-r.value, r.name))[:TOP],
        points_per_hand=sorted((Leader(p, n, pts / h, h) for p, n, h, _, pts in rates),
                               key=lambda r: (-r.value, r.name))[:TOP],
        highest_hands=[Moment(*row) for row in _hands(club.pk, season).filter(
            pk__in=counted_hands(club.pk, season).order_by("-points", "pk").values("pk")[:TOP])
            .order_by("-points", "pk")],
        most_boxes=_most_boxes(club.pk, season),
        unbeaten=longest_unbeaten_runs(club.pk, season, top=TOP),
        big_gins=[Moment(*row) for row in
                  _hands(club.pk, season).filter(outcome=Hand.Outcome.BIG_GIN)
                  .order_by("-game__match__confirmed_at", "-pk")[:RARE]],
        shutouts=_shutouts(club.pk, season),
    )


def _per_player(club_id: int, season: Season | None) -> list[tuple]:
    """(player, name, hands, gins made, points won) of each player who played a hand: one pass
    over the hands, once from each seat."""
    def seat(side: str):
        gin = Case(When(outcome__in=GINS, knocker=side, then=Value(1)), default=Value(0),
                   output_field=IntegerField())
        won = Case(When(winner=side, then=F("points")), default=Value(0),
                   output_field=IntegerField())
        return (counted_hands(club_id, season).order_by()
                .annotate(who=F(f"game__match__entry_{side.lower()}__player_id"),
                          gin=gin, won=won)
                .values("who", "gin", "won"))

    rows, params = seat("A").union(seat("B"), all=True).query.sql_with_params()
    # Counted by player first, then named: the names are joined to one row per player.
    sql = (f"SELECT seen.who, p.name, seen.hands, seen.gins, seen.won FROM ("
           f"SELECT who, COUNT(*) AS hands, SUM(gin) AS gins, SUM(won) AS won FROM ({rows}) AS s "
           f"GROUP BY who) AS seen JOIN {Player._meta.db_table} AS p ON p.id = seen.who")
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.fetchall()


def _hands(club_id: int, season: Season | None):
    return (counted_hands(club_id, season)
            .annotate(player_id=player_of_seat("winner", "game__match__"),
                      name=name_of_seat("winner", "game__match__"),
                      opponent=_other_name("winner", "game__match__"),
                      when=F("game__match__confirmed_at"), match_id=F("game__match_id"),
                      value=F("points"), what=F("outcome"))
            .values_list("player_id", "name", "opponent", "when", "match_id", "value", "what"))


def _other_name(seat_field: str, match_path: str) -> Case:
    return name_of_seat(seat_field, match_path, other=True)


def _most_boxes(club_id: int, season: Season | None) -> list[Moment]:
    """The top games by hands one seat won, counted first, then named: the names and dates are
    joined to those few rows only."""
    top = (counted_hands(club_id, season).exclude(winner="").order_by()
           .values("game_id", "winner").annotate(boxes=Count("pk"))
           .order_by("-boxes", "game_id")[:TOP])
    rows, params = top.query.sql_with_params()
    game, match = Game._meta.db_table, Match._meta.db_table
    entry, player = Entry._meta.db_table, Player._meta.db_table
    sql = (f"SELECT CASE WHEN top.winner = 'A' THEN ea.player_id ELSE eb.player_id END, "
           f"CASE WHEN top.winner = 'A' THEN pa.name ELSE pb.name END, "
           f"CASE WHEN top.winner = 'A' THEN pb.name ELSE pa.name END, "
           f"m.confirmed_at, m.id, top.boxes FROM ({rows}) AS top "
           f"JOIN {game} AS g ON g.id = top.game_id JOIN {match} AS m ON m.id = g.match_id "
           f"JOIN {entry} AS ea ON ea.id = m.entry_a_id JOIN {entry} AS eb ON eb.id = m.entry_b_id "
           f"JOIN {player} AS pa ON pa.id = ea.player_id JOIN {player} AS pb ON pb.id = eb.player_id "
           f"ORDER BY top.boxes DESC, top.game_id")
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        found = cursor.fetchall()
    return [Moment(*row[:5], row[5], "boxes") for row in found]


def _shutouts(club_id: int, season: Season | None) -> list[Moment]:
    rows = (counted_games(club_id, season).filter(SHUTOUT)
            .annotate(player_id=player_of_seat("winner", "match__"),
                      name=name_of_seat("winner", "match__"),
                      opponent=_other_name("winner", "match__"), when=F("match__confirmed_at"),
                      value=Case(When(winner="A", then=F("total_a")), default=F("total_b"),
                                 output_field=IntegerField()))
            .order_by("-match__confirmed_at", "-pk")
            .values_list("player_id", "name", "opponent", "when", "match_id", "value")[:RARE])
    return [Moment(*row, what="shutout") for row in rows]

