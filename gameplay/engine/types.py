"""The engine's shared values: melds, arrangements, layoffs, settlements, seats and outcomes."""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum, StrEnum

from .cards import Card, Suit, format_cards


class Seat(IntEnum):
    """The two players of a game, independent of who deals."""

    A = 0
    B = 1

    @property
    def other(self) -> Seat:
        return Seat(1 - self)


class Side(StrEnum):
    """The two players of a settled hand."""

    KNOCKER = "knocker"
    DEFENDER = "defender"


class Outcome(StrEnum):
    KNOCK = "knock"
    UNDERCUT = "undercut"
    GIN = "gin"
    BIG_GIN = "big_gin"
    DEAD_HAND = "dead_hand"


class MeldKind(StrEnum):
    SET = "set"
    RUN = "run"


@dataclass(frozen=True, slots=True)
class Meld:
    """A set (3 or 4 of a rank) or a run (3+ consecutive cards of a suit). Cards sorted."""

    kind: MeldKind
    cards: tuple[Card, ...]

    @property
    def is_run(self) -> bool:
        return self.kind is MeldKind.RUN

    @property
    def suit(self) -> Suit | None:
        return self.cards[0].suit if self.is_run else None

    @property
    def rank(self) -> int | None:
        return self.cards[0].rank if not self.is_run else None

    @property
    def low(self) -> int:
        return self.cards[0].rank

    @property
    def high(self) -> int:
        return self.cards[-1].rank

    @property
    def points(self) -> int:
        return sum(card.value for card in self.cards)

    def __str__(self) -> str:
        return format_cards(self.cards)


class Arrangement:
    """A partition of a hand into melds and deadwood. Immutable (``melds`` and ``deadwood`` are
    read-only), equal and hashed by its melds and deadwood.

    The search returns a subclass that keeps its cards as masks and builds the Meld and Card
    tuples the first time they are read; a read gives the same tuples each time.
    """

    __slots__ = ("_deadwood", "_melds")

    def __init__(self, melds: tuple[Meld, ...], deadwood: tuple[Card, ...]) -> None:
        self._melds = melds
        self._deadwood = deadwood

    @property
    def melds(self) -> tuple[Meld, ...]:
        return self._melds

    @property
    def deadwood(self) -> tuple[Card, ...]:
        return self._deadwood

    @property
    def deadwood_points(self) -> int:
        return sum(card.value for card in self.deadwood)

    @property
    def cards(self) -> tuple[Card, ...]:
        return tuple(card for meld in self.melds for card in meld.cards) + self.deadwood

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Arrangement):
            return NotImplemented
        return self.melds == other.melds and self.deadwood == other.deadwood

    def __hash__(self) -> int:
        return hash((self.melds, self.deadwood))

    def __repr__(self) -> str:
        return f"Arrangement(melds={self.melds!r}, deadwood={self.deadwood!r})"

    def __reduce__(self) -> tuple[type[Arrangement], tuple[tuple[Meld, ...], tuple[Card, ...]]]:
        return Arrangement, (self.melds, self.deadwood)


@dataclass(frozen=True, slots=True)
class Layoff:
    """The defender lays ``card`` off onto the knocker's meld ``spread[meld_index]``."""

    card: Card
    meld_index: int
