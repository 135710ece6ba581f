"""A hand entered again. The same entry sent twice (a lost answer, a phone's queue sent again)
carries the key the phone made for it and is answered with the hand it entered. A hand of the
game entered from the other phone too is compared with the saved one: the same hand (how it
ended, who won, the points, the cards where both gave them) is taken once, silently; a different
one is an EntryConflict, which the scoresheet shows beside the saved hand."""

from __future__ import annotations

from collections.abc import Callable

from django.utils.translation import gettext as _

from league.core.errors import ServiceError
from league.games.models import Hand


class EntryConflict(ServiceError):
    """Hand `saved.number` was entered already with other facts than `entry`'s."""

    def __init__(self, saved: Hand, entry) -> None:
        super().__init__(_("Hand %(number)s was already entered from the other phone, "
                           "differently: compare the two below and keep the saved one or flag "
                           "it.") % {"number": saved.number})
        self.saved = saved
        self.entry = entry


def entered_already(hands: list[Hand], entry, as_hand: Callable[[int], Hand]) -> Hand | None:
    """The saved hand `entry` repeats, or None when it is the next hand. `as_hand(n)` is the
    entry checked as hand n of the game (a ServiceError when the engine refuses it there)."""
    if entry.entry_key:
        for hand in hands:
            if hand.entry_key == entry.entry_key:
                return hand
    number = entry.expected_number
    if number is None or not 1 <= number <= len(hands):
        return None
    saved = hands[number - 1]
    try:
        again = as_hand(number)
    except ServiceError:
        raise EntryConflict(saved, entry) from None
    if not same_hand(saved, again):
        raise EntryConflict(saved, entry)
    return saved


def same_hand(saved: Hand, again: Hand) -> bool:
    """Both say the same hand: the outcome, the winner, the knocker and the points; and the
    cards, when both entries gave them."""
    if (saved.outcome, saved.winner, saved.knocker, saved.points) != (
            again.outcome, again.winner, again.knocker, again.points):
        return False
    if saved.has_cards and again.has_cards:
        return (_cards(saved.knocker_cards), _cards(saved.defender_cards), saved.upcard) == (
            _cards(again.knocker_cards), _cards(again.defender_cards), again.upcard)
    return True


def _cards(text: str) -> list[str]:
    return sorted(text.split())
