"""The arrangement the least-deadwood search returns (gameplay/engine/arrangement.py): kept
as masks, the cards left for runs and the sets chosen, with each suit's runs and deadwood those
of the suit tables. Its Meld and Card tuples are built the first time they are read; otherwise
it is an ``Arrangement`` like any other (equal, hashed, printed and pickled by its melds and
deadwood)."""

from __future__ import annotations

from .cards import Card
from .melds import SUIT_BITS, meld_of_mask, points_of
from .run_tables import suit_tables
from .types import Arrangement, Meld


class FoundArrangement(Arrangement):
    """The arrangement the search found, kept as masks: the cards left for runs (each suit's
    runs and deadwood are those of the suit tables) and, in ``FoundWithSets``, its sets. The
    Meld and Card tuples are built when first read."""

    __slots__ = ("_max_run_length", "_rest")
    _sets: tuple[int, ...] = ()

    def __init__(self, rest: int, max_run_length: int | None) -> None:
        self._rest = rest
        self._max_run_length = max_run_length  # which suit tables (found again when read)
        self._melds = None  # type: ignore[assignment]  # not built yet

    def _build(self) -> None:
        rest, parts = self._rest, suit_tables(self._max_run_length).parts
        c, d = parts[0][rest & SUIT_BITS], parts[1][rest >> 13 & SUIT_BITS]
        h, s = parts[2][rest >> 26 & SUIT_BITS], parts[3][rest >> 39]
        self._deadwood = c[1] + d[1] + h[1] + s[1]
        sets = self._sets
        runs = c[0] + d[0] + h[0] + s[0]
        self._melds = tuple(map(meld_of_mask, sets)) + runs

    @property
    def melds(self) -> tuple[Meld, ...]:
        if self._melds is None:
            self._build()
        return self._melds

    @property
    def deadwood(self) -> tuple[Card, ...]:
        if self._melds is None:  # set last by _build
            self._build()
        return self._deadwood

    @property
    def deadwood_points(self) -> int:
        rest, dead = self._rest, suit_tables(self._max_run_length).dead
        return points_of(dead[rest & SUIT_BITS] | dead[rest >> 13 & SUIT_BITS] << 13
                         | dead[rest >> 26 & SUIT_BITS] << 26 | dead[rest >> 39] << 39)


class FoundWithSets(FoundArrangement):
    __slots__ = ("_sets",)

    def __init__(self, rest: int, max_run_length: int | None, sets: tuple[int, ...]) -> None:
        self._rest = rest
        self._max_run_length = max_run_length
        self._melds = None  # type: ignore[assignment]  # not built yet
        self._sets = sets
