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

from league.clubs.models import Club, Season
from league.games.models import Hand

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
    """Seven queries."""
    rates = _rates(club.pk, season, min_hands)
    return ClubRecords(
        club, season, min_hands,
        most_gins=_most_gins(club.pk, season),
        gin_rate=sorted((Leader(p, n, 100 * g / h, h) for p, n, h, g, _ in rates if g),
                        key=lambda r: (-r.value, r.name))[:TOP],
        points_per_hand=sorted((Leader(p, n, pts / h, h) for p, n, h, _, pts in rates),
                               key=lambda r: (-r.value, r.name))[:TOP],
        highest_hands=[Moment(*row) for row in
                       _hands(club.pk, season).order_by("-points", "pk")[:TOP]],
        most_boxes=_most_boxes(club.pk, season),
        unbeaten=longest_unbeaten_runs(club.pk, season, top=TOP),
        big_gins=[Moment(*row) for row in
                  _hands(club.pk, season).filter(outcome=Hand.Outcome.BIG_GIN)
                  .order_by("-game__match__confirmed_at", "-pk")[:RARE]],
        shutouts=_shutouts(club.pk, season),
    )


def _most_gins(club_id: int, season: Season | None) -> list[Leader]:
    rows = (counted_hands(club_id, season).filter(outcome__in=GINS)
            .annotate(who=player_of_seat("knocker", "game__match__"),
                      name=name_of_seat("knocker", "game__match__"))
            .order_by().values("who", "name").annotate(gins=Count("pk"))
            .order_by("-gins", "name")[:TOP])
    return [Leader(row["who"], row["name"], row["gins"]) for row in rows]


def _rates(club_id: int, season: Season | None, min_hands: int) -> list[tuple]:
    """(player, name, hands, gins made, points won) of each player with ``min_hands`` or more."""
    def seat(side: str):
        gin = Case(When(outcome__in=GINS, knocker=side, then=Value(1)), default=Value(0),
                   output_field=IntegerField())
        won = Case(When(winner=side, then=F("points")), default=Value(0),
                   output_field=IntegerField())
        return (counted_hands(club_id, season).order_by()
                .annotate(who=F(f"game__match__entry_{side.lower()}__player_id"),
                          name=F(f"game__match__entry_{side.lower()}__player__name"),
                          gin=gin, won=won)
                .values("who", "name", "gin", "won"))

    rows, params = seat("A").union(seat("B"), all=True).query.sql_with_params()
    sql = (f"SELECT who, name, COUNT(*) AS hands, SUM(gin), SUM(won) FROM ({rows}) AS seen "
           f"GROUP BY who, name HAVING COUNT(*) >= %s")
    with connection.cursor() as cursor:
        cursor.execute(sql, [*params, min_hands])
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
    rows = (counted_hands(club_id, season).exclude(winner="")
            .annotate(player_id=player_of_seat("winner", "game__match__"),
                      name=name_of_seat("winner", "game__match__"),
                      opponent=_other_name("winner", "game__match__"),
                      when=F("game__match__confirmed_at"), match_id=F("game__match_id"))
            .order_by().values("game", "player_id", "name", "opponent", "when", "match_id")
            .annotate(boxes=Count("pk")).order_by("-boxes", "game")[:TOP])
    return [Moment(r["player_id"], r["name"], r["opponent"], r["when"], r["match_id"],
                   r["boxes"], "boxes") for r in rows]


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

