"""Cards and the deck.

docs/rules.md: one 52-card deck; A=1, 2-10 face value, J Q K = 10; the ace is low only.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import StrEnum

from .errors import InvalidCards


class Suit(StrEnum):
    CLUBS = "C"
    DIAMONDS = "D"
    HEARTS = "H"
    SPADES = "S"

    @property
    def position(self) -> int:
        return _SUIT_POSITION[self]


_SUIT_POSITION = {suit: i for i, suit in enumerate(Suit)}
SUITS: tuple[Suit, ...] = tuple(Suit)

RANK_NAMES = {1: "A", 11: "J", 12: "Q", 13: "K"}
ACE, JACK, QUEEN, KING = 1, 11, 12, 13


@dataclass(frozen=True, slots=True, order=True)
class Card:
    """A playing card. ``rank`` runs 1 (ace) to 13 (king). ``bit`` is ``1 << index``: the card in
    a hand's 52-bit mask, kept on the card so a hand's mask is one attribute read per card."""

    rank: int
    suit: Suit
    bit: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not 1 <= self.rank <= 13:
            raise InvalidCards(f"rank {self.rank} is not a card rank (1 to 13)")
        object.__setattr__(self, "bit", 1 << self.index)

    @property
    def value(self) -> int:
        """Deadwood points: ace 1, pip cards their number, court cards 10."""
        return min(self.rank, 10)

    @property
    def index(self) -> int:
        """0..51, suit by suit, ace to king inside a suit (so a run is a run of bits)."""
        return self.suit.position * 13 + self.rank - 1

    @property
    def code(self) -> str:
        return f"{RANK_NAMES.get(self.rank, str(self.rank))}{self.suit.value}"

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"Card({self.code})"


DECK: tuple[Card, ...] = tuple(Card(rank, suit) for suit in SUITS for rank in range(1, 14))


def card_at(index: int) -> Card:
    """The card with the given ``Card.index``."""
    return DECK[index]


_RANKS_BY_NAME = {"A": 1, "J": 11, "Q": 12, "K": 13, "T": 10, "1": 1}
_RANKS_BY_NAME.update({str(n): n for n in range(2, 11)})
_SUITS_BY_NAME = {
    "C": Suit.CLUBS, "D": Suit.DIAMONDS, "H": Suit.HEARTS, "S": Suit.SPADES,
    "♣": Suit.CLUBS, "♧": Suit.CLUBS, "♦": Suit.DIAMONDS, "♢": Suit.DIAMONDS,
    "♥": Suit.HEARTS, "♡": Suit.HEARTS, "♠": Suit.SPADES, "♤": Suit.SPADES,
}
_SEPARATORS = re.compile(r"[\s,;]+")


def parse_card(token: str) -> Card:
    """One card from a token such as ``"AS"``, ``"10d"``, ``"TD"`` or ``"Q♥"``."""
    text = token.strip().upper().replace("\ufe0f", "")
    if len(text) < 2:
        raise InvalidCards(f"'{token}' is not a card (expected a rank and a suit, like 'QH')")
    rank = _RANKS_BY_NAME.get(text[:-1])
    suit = _SUITS_BY_NAME.get(text[-1])
    if rank is None or suit is None:
        raise InvalidCards(f"'{token}' is not a card (ranks A 2-10 T J Q K, suits S H D C)")
    return DECK[suit.position * 13 + rank - 1]


def parse_cards(text: str | Iterable[str | Card]) -> tuple[Card, ...]:
    """Cards from text (``"AS 2S 3S"``, commas allowed) or from an iterable of tokens or cards.

    Raises ``InvalidCards`` naming the unknown token or the card given twice.
    """
    tokens = [t for t in _SEPARATORS.split(text) if t] if isinstance(text, str) else list(text)
    cards = tuple(t if isinstance(t, Card) else parse_card(t) for t in tokens)
    seen: set[Card] = set()
    for card in cards:
        if card in seen:
            raise InvalidCards(f"{card} is given twice")
        seen.add(card)
    return cards


def format_cards(cards: Iterable[Card]) -> str:
    return " ".join(card.code for card in cards)


def deadwood_points(cards: Iterable[Card]) -> int:
    return sum(card.value for card in cards)
