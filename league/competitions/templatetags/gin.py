"""Template helpers for cards: the quick card picker and cards shown with suit symbols."""

from __future__ import annotations

from dataclasses import dataclass

from django import template
from django.forms import BoundField

from gameplay.engine import DECK, InvalidCards, Suit, parse_cards
from gameplay.engine.rulings import irregularity
from league.clubs.selectors import person_name
from league.competitions.views.history import person, reporter

register = template.Library()

SYMBOLS = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}
RED = {Suit.HEARTS, Suit.DIAMONDS}
PICKER_ORDER = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)


@dataclass(frozen=True, slots=True)
class PickerCard:
    code: str  # what goes into the text input: "10H"
    label: str  # what the button shows: "10♥"
    red: bool


def picker_rows() -> tuple[tuple[PickerCard, ...], ...]:
    """The 52 cards, one row per suit, ace to king."""
    return tuple(
        tuple(_picker_card(card) for card in DECK if card.suit is suit) for suit in PICKER_ORDER
    )


def _picker_card(card) -> PickerCard:
    return PickerCard(card.code, f"{card.code[:-1]}{SYMBOLS[card.suit]}", card.suit in RED)


ROWS = picker_rows()


@register.inclusion_tag("includes/card_picker.html")
def card_picker(field: BoundField, label: str = "") -> dict:
    """A grid of 52 toggles that fills `field`'s text input (shown only when JS runs); `label`
    names the group for a screen reader (else "Pick the <field's label>")."""
    return {"field": field, "rows": ROWS, "label": label}


@register.filter
def pretty_cards(text: str) -> str:
    """'AS 10H' as 'A♠ 10♥'; text that is not cards is shown as it is."""
    try:
        cards = parse_cards(text or "")
    except InvalidCards:
        return text
    return " ".join(f"{card.code[:-1]}{SYMBOLS[card.suit]}" for card in cards)


@register.filter
def as_person(user, match) -> str:
    """The user as the match page names them: a player of the match by their player name,
    others by their name in the club."""
    return person(user, match)


@register.filter
def reporter_of(report, match) -> str:
    """Who reported the result (league.competitions.views.history.reporter)."""
    return reporter(report, match)


@register.filter
def person_in(user, club) -> str:
    """The user by their name in the club: their player's, else the account's full name."""
    return person_name(user, club)


@register.filter
def get_item(mapping, key):
    """mapping[key], or None (templates cannot index by a variable)."""
    try:
        return mapping.get(key)
    except AttributeError:
        return None


@register.filter
def ruling_title(key: str) -> str:
    """An irregularity of the rule book by its title ("illegal_knock": "Illegal knock")."""
    try:
        return irregularity(key).title
    except KeyError:
        return key


@register.filter
def lowerfirst(value) -> str:
    """A label's first letter lowered, to run on inside a sentence ("the top K of each group")."""
    text = str(value)
    return text[:1].lower() + text[1:]
