"""The notable moments of a player's season (models.NotableMoment), counted again with his
summary row: the records page reads the club's top five and rare hands from these few rows
instead of sorting every hand of the season.

High hands: his five highest hands won (points, bonuses included). Boxes: his five games with
the most hands won. Big gins and gins by the first discard (first_turn.py): every one he made.
Shutouts: every game he won with the opponent on no hand points (results.SHUTOUT).
"""

from __future__ import annotations

from django.db.models import Case, Count, F, IntegerField, Q, When

from league.clubs.models import Player, Season
from league.games.models import Hand

from .counted import counted_games, counted_hands, entries_of, played_by, seat_of
from .first_turn import first_turn_gin, with_first_turn
from .models import NotableMoment
from .results import SHUTOUT

TOP = 5
Kind = NotableMoment.Kind


def _opponent(player: Player, match_path: str) -> Case:
    return Case(When(**{f"{match_path}entry_a_id__in": entries_of(player)},
                     then=F(f"{match_path}entry_b__player_id")),
                default=F(f"{match_path}entry_a__player_id"), output_field=IntegerField())


def _won_hands(player: Player, season: Season):
    path = "game__match__"
    return (counted_hands(player.club_id, season).filter(played_by(player, path))
            .annotate(me=seat_of(player, path), opponent=_opponent(player, path))
            .filter(winner=F("me")))


FIELDS = ("points", "opponent", "game__match_id", "game__match__confirmed_at", "pk")


def moment_rows(player: Player, season: Season) -> list[tuple]:
    """(kind, value, opponent, match, confirmed at, hand or game id): four queries."""
    hands = _won_hands(player, season)
    high = [(Kind.HIGH_HAND, *row) for row in
            hands.order_by("-points", "pk").values_list(*FIELDS)[:TOP]]
    rare = []
    for big, first, *row in (with_first_turn(hands)
                             .filter(Q(outcome=Hand.Outcome.BIG_GIN) | first_turn_gin())
                             .annotate(big=Q(outcome=Hand.Outcome.BIG_GIN),
                                       first=first_turn_gin())
                             .values_list("big", "first", *FIELDS)):
        # A big gin on the first turn is both.
        rare += [(kind, *row) for kind, kept in ((Kind.BIG_GIN, big),
                                                 (Kind.FIRST_TURN_GIN, first)) if kept]
    boxes = [(Kind.BOXES, *row) for row in
             hands.order_by().values("game_id", "opponent", "game__match_id",
                                     "game__match__confirmed_at").annotate(boxes=Count("pk"))
             .order_by("-boxes", "game_id")
             .values_list("boxes", "opponent", "game__match_id", "game__match__confirmed_at",
                          "game_id")[:TOP]]
    games = (counted_games(player.club_id, season).filter(played_by(player, "match__"))
             .annotate(me=seat_of(player, "match__"), opponent=_opponent(player, "match__"))
             .filter(SHUTOUT & Q(winner=F("me")))
             .annotate(value=Case(When(winner="A", then=F("total_a")), default=F("total_b"),
                                  output_field=IntegerField())))
    shutouts = [(Kind.SHUTOUT, *row) for row in games.values_list(
        "value", "opponent", "match_id", "match__confirmed_at", "pk")]
    return [*high, *rare, *boxes, *shutouts]


def replace_moments(player: Player, season: Season) -> None:
    """In the caller's transaction: his moments of the season counted again."""
    rows = moment_rows(player, season)
    NotableMoment.objects.filter(player=player, season=season).delete()
    NotableMoment.objects.bulk_create(
        NotableMoment(season=season, club_id=season.club_id, player=player, kind=kind,
                      value=value, opponent_id=opponent, match_id=match, confirmed_at=when,
                      source_id=source)
        for kind, value, opponent, match, when, source in rows)
