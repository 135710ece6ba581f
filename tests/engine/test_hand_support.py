"""Helpers for the hand tests: stacked decks that deal chosen hands. Imported by test_hand*.py,
test_rulings.py and the fuzz test; the tests here check the helpers themselves."""

from collections import Counter

from gameplay.engine.cards import DECK, parse_card, parse_cards
from gameplay.engine.hand import apply, deal
from gameplay.engine.hand_events import TurnUpcard
from gameplay.engine.hand_state import HandState
from gameplay.engine.rules import Ruleset
from gameplay.engine.types import Seat

A, B = Seat.A, Seat.B
STANDARD = Ruleset()

# docs/rules.md worked hand TV1, both hands as dealt (10 cards each).
TV1_KNOCKER = "5S 6S 7S 9C 10C JC KS KC KD JD"
TV1_DEFENDER = "2S 8S 9S AC 2C 7C 8C 2D 8D 2H"


def stacked(non_dealer: str, dealer: str, upcard: str, stock: str = "") -> tuple:
    """A deck order that deals these hands (one card at a time, non-dealer first), then turns
    ``upcard``, then has ``stock`` on top of the stock (the other cards follow in deck order)."""
    first, second = parse_cards(non_dealer), parse_cards(dealer)
    order = [card for pair in zip(first, second, strict=False) for card in pair]
    order += first[len(second):] + second[len(first):]  # a misdeal: the longer hand's extra
    order += [parse_card(upcard), *parse_cards(stock)]
    return tuple(order + [card for card in DECK if card not in order])


def start(non_dealer: str, dealer: str, upcard: str, stock: str = "", *,
          rules: Ruleset = STANDARD, dealer_seat: Seat = A) -> HandState:
    """A hand dealt from ``stacked`` by ``dealer_seat`` (A), the upcard turned."""
    deck = stacked(non_dealer, dealer, upcard, stock)
    counts = (len(parse_cards(non_dealer)), len(parse_cards(dealer)))
    return apply(deal(rules, dealer_seat, deck=deck, counts=counts), TurnUpcard(dealer_seat))


def play(state: HandState, *events) -> HandState:
    for event in events:
        state = apply(state, event)
    return state


def cards(text: str) -> set:
    return set(parse_cards(text))


def accounted(state: HandState) -> bool:
    """All 52 cards in exactly one place: hands, stock, discard pile, exposed."""
    return Counter(state.all_cards()) == Counter(DECK)


def test_stacked_deck_deals_the_chosen_hands_and_upcard():
    state = start(TV1_KNOCKER, TV1_DEFENDER, "3H", "QH 4D")
    assert set(state.hands[B]) == cards(TV1_KNOCKER)  # B is the non-dealer
    assert set(state.hands[A]) == cards(TV1_DEFENDER)
    assert state.upcard == parse_card("3H")
    assert state.stock[:2] == parse_cards("QH 4D")
    assert accounted(state)
