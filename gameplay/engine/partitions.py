"""Every least-deadwood arrangement of a hand, not only the one ``best_arrangement`` picks
(gameplay/engine/arrangement.py has the search and its tie-break): each choice of sets with the
least points, times every least-points way to cover each suit's remaining cards with runs.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from itertools import product

from .arrangement import _DEFAULT, _SUITS, SUIT_BITS, _combine, _set_options, _suits_key, hand_mask
from .cards import Card
from .melds import cards_of, meld_of_mask
from .rules import Ruleset
from .run_tables import DEAD_CARD, MELD, POINTS_SHIFT, VALUES, runs_from, suit_tables
from .types import Arrangement


@lru_cache(maxsize=1 << 16)
def suit_splits(pattern: int, max_run_length: int | None) -> tuple[tuple[int, ...], ...]:
    """Every least-points way to cover a suit pattern with runs (suit-local masks), in the
    tie-break order of ``suit_tables``."""
    if not pattern:
        return ((),)
    keys = suit_tables(max_run_length).keys
    target = keys[pattern] >> POINTS_SHIFT
    low = pattern & -pattern
    splits: list[tuple[int, ...]] = []
    if (keys[pattern ^ low] >> POINTS_SHIFT) + VALUES[low.bit_length() - 1] == target:
        splits.extend(suit_splits(pattern ^ low, max_run_length))
    for run in runs_from(low, pattern, 13 if max_run_length is None else max_run_length):
        if keys[pattern ^ run] >> POINTS_SHIFT == target:
            splits.extend((run, *rest) for rest in suit_splits(pattern ^ run, max_run_length))
    return tuple(splits)


def all_best_partitions(mask: int, rules: Ruleset = _DEFAULT) -> list[tuple[int, tuple[int, ...]]]:
    """(key, meld masks) of every least-deadwood partition, in the tie-break order (stable); the
    key is ``_partitions``': the points, the same for all, are left out."""
    keys = suit_tables(rules.max_run_length).keys
    c, d, h, s = mask & SUIT_BITS, mask >> 13 & SUIT_BITS, mask >> 26 & SUIT_BITS, mask >> 39
    combos = []
    for combo in product(*_set_options(c, d, h, s)):
        used, key = _combine(combo)
        combos.append((key + _suits_key(mask & ~used, keys), tuple(m for m, _ in combo if m)))
    least = min(key for key, _ in combos) >> POINTS_SHIFT
    found = []
    for key, sets in combos:
        if key >> POINTS_SHIFT == least:
            found.extend(_partitions(mask & ~sum(sets), sets, rules.max_run_length))
    found.sort(key=lambda item: item[0])
    return found


def _partitions(rest: int, sets: tuple[int, ...], max_run_length: int | None
                ) -> list[tuple[int, tuple[int, ...]]]:
    """The partitions of one choice of sets: every product of least-points suit splits, each
    with its key. They all have the least points, so the key leaves the points out: the
    deadwood cards, the melds and the cards in sets, the tie-break's order."""
    per_suit = [
        [tuple(run << 13 * suit for run in split)
         for split in suit_splits(rest >> 13 * suit & SUIT_BITS, max_run_length)]
        for suit in _SUITS
    ]
    base = sum(MELD + m.bit_count() for m in sets)
    found = []
    for choice in product(*per_suit):
        runs = tuple(run for runs in choice for run in runs)
        dead = rest & ~sum(runs)
        found.append((base + dead.bit_count() * DEAD_CARD + len(runs) * MELD, sets + runs))
    return found


def arrangement_of(melds: Iterable[int], mask: int) -> Arrangement:
    """The Arrangement of a hand mask given its meld masks (the rest is deadwood)."""
    melds = tuple(melds)
    return Arrangement(tuple(meld_of_mask(m) for m in melds), cards_of(mask & ~sum(melds)))


def all_best_arrangements(
    cards: Iterable[Card | str] | str, rules: Ruleset = _DEFAULT
) -> tuple[Arrangement, ...]:
    """Every distinct partition into melds with the least deadwood points; the first one is
    ``best_arrangement``'s, the rest follow the same tie-break order."""
    mask, _ = hand_mask(cards)
    return tuple(arrangement_of(melds, mask) for _, melds in all_best_partitions(mask, rules))
