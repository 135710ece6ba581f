"""What the statistics count, as querysets every figure starts from.

A match counts when its result is confirmed and it was played at the table (kind "played"):
a bye, walkover, forfeit or no-show is no match played and its games, if any, no games played.
A game counts when it is finished and its match counts; a hand counts when its game counts and
it was not declared void (dealt again). A corrected hand counts as corrected: the stored hand
is the corrected one. Seat A of a match is its first entry, seat B its second.
"""

from __future__ import annotations

from django.db.models import Case, CharField, F, IntegerField, Q, QuerySet, Value, When

from league.clubs.models import Player, Season
from league.competitions.models import Match
from league.games.models import Game, Hand


def counted_match(prefix: str = "") -> Q:
    """A counted match, read from a model ``prefix`` away from it ("game__match__")."""
    return Q(**{f"{prefix}status": Match.Status.CONFIRMED, f"{prefix}kind": Match.Kind.PLAYED,
                f"{prefix}entry_a__isnull": False, f"{prefix}entry_b__isnull": False})


def _scope(prefix: str, club_id: int, season: Season | None) -> Q:
    scope = Q(**{f"{prefix}competition__season__club_id": club_id})
    if season is not None:
        scope &= Q(**{f"{prefix}competition__season": season})
    return scope


def counted_matches(club_id: int, season: Season | None = None) -> QuerySet[Match]:
    return Match.objects.filter(counted_match(), _scope("", club_id, season))


def counted_games(club_id: int, season: Season | None = None) -> QuerySet[Game]:
    return Game.objects.filter(counted_match("match__"), _scope("match__", club_id, season),
                               status=Game.Status.FINISHED)


def counted_hands(club_id: int, season: Season | None = None) -> QuerySet[Hand]:
    return (Hand.objects.filter(counted_match("game__match__"),
                                _scope("game__match__", club_id, season),
                                game__status=Game.Status.FINISHED)
            .exclude(outcome=Hand.Outcome.VOID))


def seat_of(player: Player, match_path: str) -> Case:
    """The player's seat in the match ``match_path`` away ("" for a match's own rows)."""
    return Case(When(**{f"{match_path}entry_a__player_id": player.pk}, then=Value("A")),
                default=Value("B"), output_field=CharField())


def played_by(player: Player, match_path: str) -> Q:
    return (Q(**{f"{match_path}entry_a__player_id": player.pk})
            | Q(**{f"{match_path}entry_b__player_id": player.pk}))


def player_of_seat(seat_field: str, match_path: str) -> Case:
    """The player id of the seat named in ``seat_field`` ("winner", "knocker")."""
    return Case(When(**{seat_field: "A"}, then=F(f"{match_path}entry_a__player_id")),
                When(**{seat_field: "B"}, then=F(f"{match_path}entry_b__player_id")),
                default=None, output_field=IntegerField())


def name_of_seat(seat_field: str, match_path: str, *, other: bool = False) -> Case:
    """The name of the player of the seat named in ``seat_field``, or of his opponent."""
    a, b = ("b", "a") if other else ("a", "b")
    return Case(When(**{seat_field: "A"}, then=F(f"{match_path}entry_{a}__player__name")),
                When(**{seat_field: "B"}, then=F(f"{match_path}entry_{b}__player__name")),
                default=Value(""), output_field=CharField())
