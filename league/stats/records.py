"""The club's records and leaderboards for a season (or all time), read from the players'
summary rows and notable moments (summaries.py, moments.py), each one query.

Most gins: gins and big gins made. Gin rate: gins and big gins made per 100 hands played (a player
with no gin is not listed); points per hand: hand points won over hands played; both among the
players with at least the minimum of hands. Highest hands: the most points one hand scored.
Most boxes in a game: the most hands one player won in one game. Longest unbeaten run: counted
matches won or drawn one after another (runs.py). The rare hands: every big gin, every gin by
the first discard (first_turn.py), and every shutout (a game won with the loser on no hand
points).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime

from django.db import connection
from django.db.models import F, Q, Sum

from league.clubs.models import Club, Season

from .models import GINS_MADE, NotableMoment, PlayerSeasonSummary, per_hand, rate_of
from .runs import Run, longest_unbeaten_runs

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
    """Six queries (a season), or seven (all time: the unbeaten runs over the matches)."""
    everyone = _per_player(club.pk, season)
    rated = everyone.filter(all_hands__gte=min_hands)
    moments = _moments(club.pk, season)
    return ClubRecords(
        club, season, min_hands,
        most_gins=_leaders(everyone.filter(all_gins__gt=0), F("all_gins")),
        gin_rate=_leaders(rated.filter(all_gins__gt=0), rate_of(F("all_gins"), F("all_hands"))),
        points_per_hand=_leaders(rated, per_hand(F("all_points"), F("all_hands"))),
        highest_hands=moments[Kind.HIGH_HAND],
        most_boxes=moments[Kind.BOXES],
        unbeaten=_unbeaten(club.pk, season),
        big_gins=moments[Kind.BIG_GIN],
        first_turn_gins=moments[Kind.FIRST_TURN_GIN],
        gins_with_log=_rows(club.pk, season).aggregate(
            logged=Sum("gins_with_log", default=0))["logged"],
        shutouts=moments[Kind.SHUTOUT],
    )


def _rows(club_id: int, season: Season | None):
    if season is not None:
        return PlayerSeasonSummary.objects.filter(season=season)
    return PlayerSeasonSummary.objects.filter(club_id=club_id)


def _per_player(club_id: int, season: Season | None):
    """Each player with a hand: his hands, gins made and points won. A season's are his row's
    own (read in order through the rows' indexes, models.LEADER_INDEXES); all time, his rows
    added up."""
    if season is not None:
        return (_rows(club_id, season).filter(hands__gt=0)
                .annotate(all_hands=F("hands"), all_gins=GINS_MADE, all_points=F("points")))
    return (_rows(club_id, season).filter(hands__gt=0).order_by()
            .values("player_id", "player__name")
            .annotate(all_hands=Sum("hands"), all_gins=Sum(GINS_MADE),
                      all_points=Sum("points")))


def _leaders(players, value) -> list[Leader]:
    """One query: the top players by ``value``, ties by name, sorted by the database."""
    return [Leader(*row) for row in players.annotate(value=value)
            .order_by("-value", "player__name")
            .values_list("player_id", "player__name", "value", "all_hands")[:TOP]]


def _unbeaten(club_id: int, season: Season | None) -> list[Run]:
    """A season's from the rows; all time over the matches (runs do not add up)."""
    if season is None:
        return longest_unbeaten_runs(club_id, None, top=TOP)
    return [Run(*row) for row in _rows(club_id, season).filter(unbeaten_run__gt=0)
            .order_by("-unbeaten_run", "player__name")
            .values_list("player_id", "player__name", "unbeaten_run")[:TOP]]


# The highest, the most: the top TOP by value (ties: the older first). The rare ones: the latest
# RARE (a moment whose match has no confirmation time last).
BY_VALUE = (Kind.HIGH_HAND, Kind.BOXES)
RARE_KINDS = (Kind.BIG_GIN, Kind.FIRST_TURN_GIN, Kind.SHUTOUT)
NEVER = datetime.min.replace(tzinfo=UTC)


def _moments(club_id: int, season: Season | None) -> dict[str, list[Moment]]:
    """One query: each kind's moments picked first (through the moments' indexes, one
    subquery each), then only they joined to the players' names; ordered here as picked."""
    found: dict[str, list[tuple]] = {kind: [] for kind in (*BY_VALUE, *RARE_KINDS)}
    for row in NotableMoment.objects.filter(_picked(club_id, season)).values_list(
            "kind", "source_id", "player_id", "player__name", "opponent__name", "confirmed_at",
            "match_id", "value"):
        found[row[0]].append(row)
    for kind, rows in found.items():
        if kind in BY_VALUE:
            rows.sort(key=lambda row: (-row[7], row[1]))
        else:
            rows.sort(key=lambda row: (row[5] or NEVER, row[1]), reverse=True)
    return {kind: [Moment(*row[2:], what=kind) for row in rows] for kind, rows in found.items()}


def _picked(club_id: int, season: Season | None) -> Q:
    """The moments to show: the top of each kind, each read off its index. Where the database
    takes a limited query in a UNION (PostgreSQL), one list of ids, which it looks up by key;
    elsewhere (SQLite) one test per kind, which PostgreSQL would answer by reading every moment
    of the season."""
    scope = (NotableMoment.objects.filter(season=season) if season is not None
             else NotableMoment.objects.filter(club_id=club_id))
    tops = [scope.filter(kind=kind).order_by("-value", "source_id").values("pk")[:TOP]
            for kind in BY_VALUE]
    tops += [scope.filter(kind=kind).order_by("-confirmed_at", "-source_id").values("pk")[:RARE]
             for kind in RARE_KINDS]
    if connection.features.supports_slicing_ordering_in_compound:
        return Q(pk__in=tops[0].union(*tops[1:], all=True))
    picked = Q()
    for top in tops:
        picked |= Q(pk__in=top)
    return picked
