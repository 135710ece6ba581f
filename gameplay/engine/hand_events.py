"""The events of a hand: what the players did and the irregularities ruled on.

A hand is an append-only log of these frozen values. ``event_to_dict``/``event_from_dict`` turn
each into a JSON-able dict (``{"type": "draw", "seat": "A", "source": "stock"}``) for the hand's
JSON field; ``apply`` in ``hand.py`` gives each its meaning.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, fields
from enum import StrEnum
from functools import partial
from typing import Any, ClassVar

from .cards import Card, format_cards, parse_card, parse_cards
from .errors import InvalidEvent
from .types import Seat


class Source(StrEnum):
    """Where a card is drawn from. EXPOSED: the cards put face up by the exposed-card ruling."""

    STOCK = "stock"
    DISCARD = "discard"
    EXPOSED = "exposed"


class Found(StrEnum):
    """When an irregular draw was noticed: at once (the card still known) or later."""

    AT_ONCE = "at_once"
    LATER = "later"


class Choice(StrEnum):
    """The non-offender's choice where the source text gives one."""

    NEW_DEAL = "new_deal"
    PLAY_ON = "play_on"
    ACCEPT = "accept"
    PLAY_ON_EXPOSED = "play_on_exposed"


@dataclass(frozen=True, slots=True)
class Deal:
    """The dealer deals ``deck`` (top card first) one card at a time, non-dealer first, until
    each has ``counts`` cards (non-dealer, dealer). ``seed`` notes the shuffle that made it."""

    kind: ClassVar[str] = "deal"
    dealer: Seat
    deck: tuple[Card, ...]
    seed: int | None = None
    counts: tuple[int, int] = (10, 10)


@dataclass(frozen=True, slots=True)
class TurnUpcard:
    """The dealer turns the next card face up: the upcard starts the discard pile."""

    kind: ClassVar[str] = "turn_upcard"
    seat: Seat


@dataclass(frozen=True, slots=True)
class Pass:
    """First turn only: ``seat`` does not take the upcard."""

    kind: ClassVar[str] = "pass"
    seat: Seat


@dataclass(frozen=True, slots=True)
class Draw:
    """``seat`` draws from ``source``; ``card`` names an exposed card (and, when given for the
    stock or the pile, must be the card found there)."""

    kind: ClassVar[str] = "draw"
    seat: Seat
    source: Source
    card: Card | None = None


@dataclass(frozen=True, slots=True)
class Discard:
    kind: ClassVar[str] = "discard"
    seat: Seat
    card: Card


@dataclass(frozen=True, slots=True)
class Knock:
    """``seat`` discards ``discard`` face down and spreads. No deadwood: gin. ``spread``: the
    melds the knocker declares (None: the engine spreads for them)."""

    kind: ClassVar[str] = "knock"
    seat: Seat
    discard: Card
    spread: tuple[tuple[Card, ...], ...] | None = None


@dataclass(frozen=True, slots=True)
class BigGin:
    """``seat`` lays down all 11 cards melded after the draw, without a discard."""

    kind: ClassVar[str] = "big_gin"
    seat: Seat


@dataclass(frozen=True, slots=True)
class LayOff:
    """The defender spreads and lays off (the engine finds the least deadwood) and the hand is
    settled. Against gin the defender only spreads."""

    kind: ClassVar[str] = "lay_off"
    seat: Seat


# Irregularities: see rulings.py for the rule each applies.


@dataclass(frozen=True, slots=True)
class WrongDealer:
    kind: ClassVar[str] = "wrong_dealer"


@dataclass(frozen=True, slots=True)
class FacedCard:
    """``card`` is found face up in the pack or, once play has begun, in the stock."""

    kind: ClassVar[str] = "faced_card"
    card: Card


@dataclass(frozen=True, slots=True)
class ExposedInDealing:
    kind: ClassVar[str] = "exposed_in_dealing"
    card: Card


@dataclass(frozen=True, slots=True)
class IncorrectHand:
    """The cards are counted and a hand is found with too few or too many. The engine knows
    who; ``offender`` (optional) is checked against it."""

    kind: ClassVar[str] = "incorrect_hand"
    choice: Choice | None = None
    offender: Seat | None = None


@dataclass(frozen=True, slots=True)
class ExposedCards:
    """In drawing, ``offender`` sees ``cards`` of the stock he is not entitled to."""

    kind: ClassVar[str] = "exposed_cards"
    offender: Seat
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class DrawOutOfTurn:
    kind: ClassVar[str] = "draw_out_of_turn"
    offender: Seat
    source: Source
    found: Found = Found.AT_ONCE


@dataclass(frozen=True, slots=True)
class DrawTwo:
    """In his draw from the stock, ``offender`` takes the top two cards."""

    kind: ClassVar[str] = "draw_two"
    offender: Seat
    found: Found = Found.AT_ONCE


@dataclass(frozen=True, slots=True)
class IrregularKnock:
    """``seat`` knocked (discarding ``discard``) with too much deadwood or a wrong count of
    cards; ``choice`` is the opponent's ruling."""

    kind: ClassVar[str] = "irregular_knock"
    seat: Seat
    discard: Card
    choice: Choice


@dataclass(frozen=True, slots=True)
class LookThroughDiscards:
    kind: ClassVar[str] = "look_through_discards"
    offender: Seat


@dataclass(frozen=True, slots=True)
class ShowCard:
    """``seat`` exposes ``card`` from his own hand (no penalty; the opponent has seen it)."""

    kind: ClassVar[str] = "show_card"
    seat: Seat
    card: Card


PLAY_EVENTS = (Deal, TurnUpcard, Pass, Draw, Discard, Knock, BigGin, LayOff)
IRREGULAR_EVENTS = (
    WrongDealer, FacedCard, ExposedInDealing, IncorrectHand, ExposedCards, DrawOutOfTurn,
    DrawTwo, IrregularKnock, LookThroughDiscards, ShowCard,
)
Event = (
    Deal | TurnUpcard | Pass | Draw | Discard | Knock | BigGin | LayOff | WrongDealer | FacedCard
    | ExposedInDealing | IncorrectHand | ExposedCards | DrawOutOfTurn | DrawTwo | IrregularKnock
    | LookThroughDiscards | ShowCard
)
EVENT_TYPES: dict[str, type] = {cls.kind: cls for cls in (*PLAY_EVENTS, *IRREGULAR_EVENTS)}


def _optional(read: Callable[[Any], Any], value: Any) -> Any:
    return None if value is None else read(value)


def _seat(value: Any) -> Seat:
    if isinstance(value, Seat):
        return value
    if isinstance(value, str) and value in Seat.__members__:
        return Seat[value]
    raise InvalidEvent(f"a seat is 'A' or 'B', not {value!r}")


def _enum(enum: type[StrEnum], value: Any) -> Any:
    try:
        return enum(value)
    except ValueError:
        choices = ", ".join(member.value for member in enum)
        raise InvalidEvent(f"expected one of {choices}, not {value!r}") from None


def _card(value: Any) -> Card:
    return value if isinstance(value, Card) else parse_card(str(value))


def _cards(value: Any) -> tuple[Card, ...]:
    return parse_cards(value if isinstance(value, str) else list(value))


def _melds(value: Iterable[Any]) -> tuple[tuple[Card, ...], ...]:
    return tuple(_cards(meld) for meld in value)


def _int(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidEvent(f"expected a whole number, not {value!r}")
    return value


def _counts(value: Any) -> tuple[int, int]:
    if not isinstance(value, list | tuple) or len(value) != 2:
        raise InvalidEvent(f"counts are two numbers of cards, not {value!r}")
    return (_int(value[0]), _int(value[1]))


# Field name -> (read from JSON, write to JSON). Every event field is named from this table.
_CODECS: dict[str, tuple[Callable[[Any], Any], Callable[[Any], Any]]] = {
    "dealer": (_seat, lambda seat: seat.name),
    "seat": (_seat, lambda seat: seat.name),
    "offender": (partial(_optional, _seat), lambda seat: None if seat is None else seat.name),
    "deck": (_cards, format_cards),
    "cards": (_cards, format_cards),
    "seed": (partial(_optional, _int), lambda seed: seed),
    "counts": (_counts, list),
    "card": (partial(_optional, _card), lambda card: None if card is None else card.code),
    "discard": (_card, lambda card: card.code),
    "spread": (partial(_optional, _melds), lambda s: None if s is None else [format_cards(m) for m in s]),
    "source": (partial(_enum, Source), str),
    "found": (partial(_enum, Found), str),
    "choice": (partial(_optional, partial(_enum, Choice)), lambda c: None if c is None else str(c)),
}


def event_to_dict(event: Event) -> dict[str, Any]:
    data: dict[str, Any] = {"type": event.kind}
    for field in fields(event):
        data[field.name] = _CODECS[field.name][1](getattr(event, field.name))
    return data


def event_from_dict(data: dict[str, Any]) -> Event:
    """The event of a dict made by ``event_to_dict``. Raises InvalidEvent (or InvalidCards)."""
    if not isinstance(data, dict) or data.get("type") not in EVENT_TYPES:
        raise InvalidEvent(f"not a hand event: {data!r}")
    cls = EVENT_TYPES[data["type"]]
    names = {field.name for field in fields(cls)}
    unknown = sorted(set(data) - names - {"type"})
    if unknown:
        raise InvalidEvent(f"a {cls.kind} event has no field {', '.join(unknown)}")
    values = {name: _CODECS[name][0](data[name]) for name in names if name in data}
    try:
        return cls(**values)
    except TypeError as error:
        raise InvalidEvent(f"a {cls.kind} event is incomplete: {error}") from None


def log_to_json(events: Iterable[Event]) -> list[dict[str, Any]]:
    return [event_to_dict(event) for event in events]


def log_from_json(data: Iterable[dict[str, Any]]) -> tuple[Event, ...]:
    return tuple(event_from_dict(item) for item in data)
