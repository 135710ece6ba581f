"""The per-suit tables of the least-deadwood search (gameplay/engine/arrangement.py).

Runs never cross suits, so each suit's 13-bit pattern of cards is solved once for all 8,192
patterns, per ``max_run_length``: its least search key using runs only, the runs and deadwood of
that best way, and the cards that would lengthen one of its runs.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache

from .cards import Card
from .melds import SUIT_BITS, cards_of, meld_of_mask
from .types import Meld

# A search key orders arrangements by the search's tie-break (arrangement.py); keys add up over parts of a hand.
# Fields: points << 17 | deadwood cards << 11 | melds << 6 | cards in sets (room for 52 cards).
POINTS_SHIFT = 17
DEAD_CARD = 1 << 11
MELD = 1 << 6
VALUES = tuple(min(rank, 10) for rank in range(1, 14))

SuitPart = tuple[tuple[Meld, ...], tuple[Card, ...]]


@dataclass(frozen=True, slots=True)
class SuitTables:
    """Per 13-bit suit pattern the least key using runs only; per suit and pattern the runs of
    the best arrangement as Melds, and the deadwood cards. As suit-local masks, per pattern: the
    deadwood, and the cards that would lengthen one of the runs at either end."""

    keys: tuple[int, ...]
    parts: tuple[tuple[SuitPart, ...], ...]
    dead: tuple[int, ...]
    run_ends: tuple[int, ...]


def runs_from(low: int, pattern: int, longest: int) -> Iterator[int]:
    """The runs inside ``pattern`` that start at bit ``low``, shortest first (a run reaching
    past the king leaves the pattern's 13 bits, so it is not inside it)."""
    run = low | low << 1
    for length in range(3, longest + 1):
        run |= low << (length - 1)
        if run & pattern != run:
            return
        yield run


@lru_cache(maxsize=16)
def suit_tables(max_run_length: int | None) -> SuitTables:
    longest = 13 if max_run_length is None else max_run_length
    keys = [0] * 8192
    runs: list[tuple[int, ...]] = [()] * 8192
    for pattern in range(1, 8192):
        low = pattern & -pattern
        rest = pattern ^ low
        best = keys[rest] + (VALUES[low.bit_length() - 1] << POINTS_SHIFT) + DEAD_CARD
        best_runs = runs[rest]
        for run in runs_from(low, pattern, longest):
            if keys[pattern ^ run] + MELD < best:
                best = keys[pattern ^ run] + MELD
                best_runs = (run, *runs[pattern ^ run])
        keys[pattern] = best
        runs[pattern] = best_runs
    parts = tuple(
        tuple(_suit_part(suit, pattern, runs[pattern]) for pattern in range(8192))
        for suit in range(4)
    )
    dead = tuple(pattern & ~sum(runs[pattern]) for pattern in range(8192))
    return SuitTables(tuple(keys), parts, dead, tuple(_ends(found) for found in runs))


def _ends(runs: tuple[int, ...]) -> int:
    """The cards next to either end of these runs (suit-local masks), inside the suit."""
    ends = 0
    for run in runs:
        ends |= (run & -run) >> 1 | (run ^ run >> 1) << 1 & ~run
    return ends & SUIT_BITS


def _suit_part(suit: int, pattern: int, runs: tuple[int, ...]) -> SuitPart:
    melded = sum(runs)
    return (
        tuple(meld_of_mask(run << 13 * suit) for run in runs),
        cards_of((pattern & ~melded) << 13 * suit),
    )
