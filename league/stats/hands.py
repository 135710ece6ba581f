"""The hand figures of one player, and of the club's average player, each one aggregate query.

Seen from the player's seat ("me"): a hand he won; a knock, gin or big gin he made (he went out
and won it); an undercut made (he defended and undercut the knocker) or suffered (he knocked and
was undercut); a gin suffered (the opponent went gin or big gin); a dead hand (nobody won).
Points per hand: the hand points he won over the hands he played. Deadwood when knocking: his
count in the knocks he made or was undercut on; when caught: his count, after his layoffs, when
the opponent knocked or went gin and won. Both only over hands entered with their cards.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Avg, Count, F, Q, Sum

from league.clubs.models import Player, Season
from league.games.models import Hand

from .counted import counted_hands, played_by, seat_of

Out = Hand.Outcome
WENT_OUT = (Out.KNOCK, Out.GIN, Out.BIG_GIN)
KNOCKED = (Out.KNOCK, Out.UNDERCUT)


@dataclass(frozen=True, slots=True)
class HandFigures:
    """Counts over ``hands`` player-hands (for the club: each hand once from each seat)."""

    hands: int
    won: int
    knocks: int
    gins: int
    big_gins: int
    undercuts_made: int
    undercuts_suffered: int
    gins_suffered: int
    dead_hands: int
    points: int
    knock_deadwood: float | None
    knock_deadwood_hands: int
    caught_deadwood: float | None
    caught_deadwood_hands: int

    def per_hundred(self, count: int) -> float | None:
        return None if not self.hands else 100 * count / self.hands

    @property
    def points_per_hand(self) -> float | None:
        return None if not self.hands else self.points / self.hands


def player_hand_figures(player: Player, season: Season | None) -> HandFigures:
    """One query."""
    me = F("me")
    mine = Q(knocker=me)
    row = (counted_hands(player.club_id, season).filter(played_by(player, "game__match__"))
           .annotate(me=seat_of(player, "game__match__"))
           .aggregate(
               hands=Count("pk"),
               won=Count("pk", filter=Q(winner=me)),
               knocks=Count("pk", filter=mine & Q(outcome=Out.KNOCK)),
               gins=Count("pk", filter=mine & Q(outcome=Out.GIN)),
               big_gins=Count("pk", filter=mine & Q(outcome=Out.BIG_GIN)),
               undercuts_made=Count("pk", filter=Q(outcome=Out.UNDERCUT, winner=me)),
               undercuts_suffered=Count("pk", filter=mine & Q(outcome=Out.UNDERCUT)),
               gins_suffered=Count("pk", filter=~mine & Q(outcome__in=(Out.GIN, Out.BIG_GIN))),
               dead_hands=Count("pk", filter=Q(outcome=Out.DEAD_HAND)),
               points=Sum("points", filter=Q(winner=me), default=0),
               knock_deadwood=Avg("knocker_deadwood", filter=mine & Q(outcome__in=KNOCKED)),
               knock_deadwood_hands=Count("knocker_deadwood",
                                          filter=mine & Q(outcome__in=KNOCKED)),
               caught_deadwood=Avg("defender_deadwood",
                                   filter=~mine & Q(outcome__in=WENT_OUT)),
               caught_deadwood_hands=Count("defender_deadwood",
                                           filter=~mine & Q(outcome__in=WENT_OUT)),
           ))
    return HandFigures(**row)


def club_hand_figures(club_id: int, season: Season | None) -> HandFigures:
    """One query. Every hand is two player-hands, one from each seat: a gin is one player's gin
    made and the other's gin suffered, a dead hand is a dead hand for both."""
    went_out = Q(outcome__in=WENT_OUT)
    row = counted_hands(club_id, season).aggregate(
        hands=Count("pk"),
        decided=Count("pk", filter=~Q(outcome=Out.DEAD_HAND)),
        knocks=Count("pk", filter=Q(outcome=Out.KNOCK)),
        gins=Count("pk", filter=Q(outcome=Out.GIN)),
        big_gins=Count("pk", filter=Q(outcome=Out.BIG_GIN)),
        undercuts=Count("pk", filter=Q(outcome=Out.UNDERCUT)),
        dead_hands=Count("pk", filter=Q(outcome=Out.DEAD_HAND)),
        points=Sum("points", default=0),
        knock_deadwood=Avg("knocker_deadwood", filter=Q(outcome__in=KNOCKED)),
        knock_deadwood_hands=Count("knocker_deadwood", filter=Q(outcome__in=KNOCKED)),
        caught_deadwood=Avg("defender_deadwood", filter=went_out),
        caught_deadwood_hands=Count("defender_deadwood", filter=went_out),
    )
    return HandFigures(
        hands=2 * row["hands"], won=row["decided"], knocks=row["knocks"], gins=row["gins"],
        big_gins=row["big_gins"], undercuts_made=row["undercuts"],
        undercuts_suffered=row["undercuts"], gins_suffered=row["gins"] + row["big_gins"],
        dead_hands=2 * row["dead_hands"], points=row["points"],
        knock_deadwood=row["knock_deadwood"], knock_deadwood_hands=row["knock_deadwood_hands"],
        caught_deadwood=row["caught_deadwood"],
        caught_deadwood_hands=row["caught_deadwood_hands"],
    )
