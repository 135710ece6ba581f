"""Melds: which groups of cards are sets or runs, and the melds a hand can form.

docs/rules.md: "Sets: 3 or 4 cards of one rank. Runs: 3 or more consecutive cards of one suit,
no upper limit." "Ace is low only: K-A-2 is no run." ``Ruleset.max_run_length`` is the the knocking-and-scoring text
reading ("Runs are 3-5 cards") offered as a house rule.

Hands are also handled as 52-bit masks: bit ``card.index`` stands for a card. A suit's cards are
13 consecutive bits (ace lowest), so a run is a block of consecutive bits inside one suit.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from operator import attrgetter

from .cards import DECK, Card, format_cards
from .errors import InvalidCards
from .rules import Ruleset
from .types import Meld, MeldKind

SUIT_BITS = 0x1FFF  # the 13 bits of one suit
RANK_MASKS: tuple[int, ...] = tuple(sum(1 << (s * 13 + r) for s in range(4)) for r in range(13))
SUIT_MASKS: tuple[int, ...] = tuple(SUIT_BITS << 13 * s for s in range(4))
BIT = attrgetter("bit")  # a card's bit in a hand mask
_DEFAULT = Ruleset()


def mask_of(cards: Iterable[Card]) -> int:
    """The bit mask of some cards (duplicates are not detected here)."""
    mask = 0
    for card in cards:
        mask |= card.bit
    return mask


def sum_of_bits(cards: Iterable[Card]) -> int:
    """The sum of the cards' bits: their mask when no card repeats (then, and only then, the
    result has one bit per card). Raises AttributeError on anything that is not a Card."""
    return sum(map(BIT, cards))


def cards_of(mask: int) -> tuple[Card, ...]:
    """The cards of a mask, in index order (suit by suit, ace to king)."""
    cards = []
    for _ in range(mask.bit_count()):  # a loop that always ends, whatever its body does
        low = mask & -mask
        cards.append(DECK[low.bit_length() - 1])
        mask ^= low
    return tuple(cards)


_SUIT_POINTS: tuple[int, ...] = tuple(
    sum(min(rank, 10) for rank in range(1, 14) if pattern >> (rank - 1) & 1)
    for pattern in range(8192)
)


def points_of(mask: int) -> int:
    """The deadwood points of the cards of a mask."""
    points = _SUIT_POINTS
    return (
        points[mask & SUIT_BITS]
        + points[mask >> 13 & SUIT_BITS]
        + points[mask >> 26 & SUIT_BITS]
        + points[mask >> 39 & SUIT_BITS]
    )


def run_length_allowed(length: int, rules: Ruleset) -> bool:
    return length >= 3 and (rules.max_run_length is None or length <= rules.max_run_length)


def meld_problem(cards: Iterable[Card], rules: Ruleset = _DEFAULT) -> str | None:
    """Why ``cards`` are not a meld under ``rules``, or None when they are one."""
    group = sorted(cards)
    if len(set(group)) != len(group):
        return "a card appears twice"
    if len(group) < 3:
        return f"a meld needs at least 3 cards, not {len(group)}"
    if len({card.rank for card in group}) == 1:  # distinct cards: four at most, one per suit
        return None
    if len({card.suit for card in group}) != 1:
        return "a set needs one rank and a run needs one suit"
    ranks = sorted(card.rank for card in group)
    if ranks != list(range(ranks[0], ranks[0] + len(ranks))):
        # The ace is low only (docs/rules.md), so K-A-2 fails here too.
        return "a run needs consecutive ranks (the ace is low only: K-A-2 is no run)"
    if not run_length_allowed(len(group), rules):
        return f"runs are limited to {rules.max_run_length} cards by the house rule"
    return None


def is_meld(cards: Iterable[Card], rules: Ruleset = _DEFAULT) -> bool:
    return meld_problem(cards, rules) is None


def make_meld(cards: Iterable[Card], rules: Ruleset = _DEFAULT) -> Meld:
    """The meld of ``cards``. Raises InvalidCards saying why they are not a meld."""
    group = tuple(sorted(cards, key=lambda card: card.index))
    problem = meld_problem(group, rules)
    if problem is not None:
        raise InvalidCards(f"{format_cards(group)} is not a meld: {problem}")
    return meld_of_mask(mask_of(group))


@lru_cache(maxsize=1024)
def meld_of_mask(mask: int) -> Meld:
    """The Meld of a mask known to be a meld (no check). Sets list clubs first, runs ace first."""
    cards = cards_of(mask)
    kind = MeldKind.SET if len({card.rank for card in cards}) == 1 else MeldKind.RUN
    return Meld(kind, cards)


@lru_cache(maxsize=32)
def run_masks(max_run_length: int | None) -> tuple[int, ...]:
    """Every run of the deck as a mask, suit by suit, by low card then by length."""
    longest = 13 if max_run_length is None else max_run_length
    runs = []
    for suit in range(4):
        for low in range(11):
            for length in range(3, min(longest, 13 - low) + 1):
                runs.append(((1 << length) - 1) << (suit * 13 + low))
    return tuple(runs)


def set_masks() -> tuple[int, ...]:
    """Every set of the deck as a mask: per rank the 4-card set and the four 3-card sets."""
    sets = []
    for rank_mask in RANK_MASKS:
        sets.append(rank_mask)
        sets.extend(rank_mask ^ (rank_mask & (SUIT_BITS << (13 * s))) for s in range(4))
    return tuple(sets)


_SET_MASKS = set_masks()


def candidate_melds(cards: Iterable[Card], rules: Ruleset = _DEFAULT) -> tuple[Meld, ...]:
    """Every meld that can be formed from ``cards`` (sub-runs of long runs and the 3-card
    subsets of a 4-card set included): runs first, then sets, in deck order."""
    hand = mask_of(cards)
    found = [m for m in run_masks(rules.max_run_length) if m & hand == m]
    found += [m for m in _SET_MASKS if m & hand == m]
    return tuple(meld_of_mask(m) for m in found)
