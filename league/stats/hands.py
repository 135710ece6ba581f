"""The hand figures of one player, and of the club's average player (counted by summaries.py,
added up by rows.py).

Seen from the player's seat ("me"): a hand he won; a knock, gin or big gin he made (he went out
and won it); an undercut made (he defended and undercut the knocker) or suffered (he knocked and
was undercut); a gin suffered (the opponent went gin or big gin); a dead hand (nobody won).
Points per hand: the hand points he won over the hands he played. Deadwood when knocking: his
count in the knocks he made or was undercut on; when caught: his count, after his layoffs, when
the opponent knocked or went gin and won. Both only over hands entered with their cards.
"""

from __future__ import annotations

from dataclasses import dataclass

from league.games.models import Hand

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
    first_turn_gins: int = 0  # gins by the first discard (first_turn.py)
    gins_with_log: int = 0  # his gins whose event log says when they were declared

    def per_hundred(self, count: int) -> float | None:
        return None if not self.hands else 100 * count / self.hands

    @property
    def points_per_hand(self) -> float | None:
        return None if not self.hands else self.points / self.hands
