"""The turn machinery every event shares: who holds how many cards, what a turn's end clears,
lost turns, the stock running short, and exposed cards going back into the stock."""

from collections import Counter

import pytest

from gameplay.engine.cards import parse_card
from gameplay.engine.errors import IllegalAction
from gameplay.engine.hand import apply, deal
from gameplay.engine.hand_events import (
    BigGin,
    Choice,
    Discard,
    Draw,
    DrawOutOfTurn,
    DrawTwo,
    ExposedCards,
    Found,
    IncorrectHand,
    LookThroughDiscards,
    Pass,
    Source,
    TurnUpcard,
    WrongDealer,
)
from gameplay.engine.rules import Ruleset
from tests.engine.test_hand_support import TV1_DEFENDER, TV1_KNOCKER, A, B, play, start

C = parse_card
STOCK = "QH 4D 9H 3C 6D"


def _opening():
    return start(TV1_KNOCKER, TV1_DEFENDER, "3H", STOCK)


def _refusal(state, event) -> str:
    with pytest.raises(IllegalAction) as refused:
        apply(state, event)
    return str(refused.value)


def _down_to(state, left: int):
    """Draw and discard the card drawn until ``left`` cards are in the stock at a turn's start."""
    while len(state.stock) > left:
        seat = state.turn
        state = apply(state, Draw(seat, Source.STOCK))
        state = apply(state, Discard(seat, state.hands[seat][-1]))
    return state


def test_a_big_gin_knocker_holds_eleven_cards_and_that_is_no_incorrect_hand():
    state = start("3S 4S 5S 6S 9H 10H JH QH 4D 5D", TV1_DEFENDER, "3H", "6D")
    state = play(state, Pass(B), Pass(A), Draw(B, Source.STOCK), BigGin(B))
    assert _refusal(state, IncorrectHand()) == (
        "no hand is newly found incorrect (A 10, B 11 cards)")


def test_a_void_deal_scores_nothing():
    state = apply(deal(Ruleset(), A, seed=2), WrongDealer())
    assert state.result.points == 0 and state.result.winner is None


def test_the_card_taken_from_the_pile_may_be_discarded_in_a_later_turn():
    """docs/rules.md "A turn": only in the turn it is taken may the pile's card not be
    discarded."""
    state = play(_opening(), Draw(B, Source.DISCARD), Discard(B, C("KD")),
                 Draw(A, Source.STOCK), Discard(A, C("QH")), Draw(B, Source.STOCK))
    state = apply(state, Discard(B, C("3H")))
    assert state.discard_top == C("3H")


def test_the_gin_only_mark_of_the_other_player_outlasts_a_correction_turn():
    """Drawn out of turn from the stock (seen at once): the offender may knock only with gin in
    his next turn, even when the turn between is the opponent's correction."""
    state = start("5S 6S 7S 9C 10C JC KS KC", TV1_DEFENDER, "3H", STOCK, dealer_seat=B)
    state = play(state, Pass(A), Pass(B), Draw(A, Source.STOCK), IncorrectHand(Choice.PLAY_ON))
    state = play(state, Draw(B, Source.STOCK), Discard(B, C("4D")))
    assert state.turn is A and state.marks.correction_turn
    state = apply(state, DrawOutOfTurn(B, Source.STOCK, Found.AT_ONCE))
    state = apply(state, Draw(A, Source.STOCK))  # A's correction: a draw without a discard
    assert state.turn is B and state.marks.gin_only is B


def test_each_look_through_the_discards_loses_a_turn():
    """Hoyle's irregularities, Looking Through Discard Pile: the offender "loses his next
    turn", each time he does it."""
    state = _down_to(play(_opening(), Pass(B), Pass(A)), 30)
    for _ in range(2):
        looker = state.turn.other
        state = apply(state, LookThroughDiscards(looker))
        state = _down_to(state, len(state.stock) - 1)  # the looker's opponent plays
        assert state.turn is not looker  # ... and plays again: the looker's turn is lost
        assert state.marks.lost_turns == (0, 0)  # served: nothing more is owed
        state = _down_to(state, len(state.stock) - 1)


def test_two_may_be_drawn_from_a_stock_of_two_but_not_from_one():
    state = _down_to(play(_opening(), Pass(B), Pass(A)), 3)
    seat = state.turn
    shorter = apply(state, DrawOutOfTurn(seat.other, Source.STOCK, Found.LATER))
    assert len(apply(shorter, DrawTwo(seat, Found.LATER)).stock) == 0
    shortest = apply(shorter, DrawOutOfTurn(seat.other, Source.STOCK, Found.LATER))
    assert _refusal(shortest, DrawTwo(seat)) == "the stock has 1 card(s), not 2"


def _exposed_then_offender_draws(seed: int):
    """A random deal: the non-dealer sees the stock's second card; after both have drawn from the
    stock and discarded, the offender's next stock draw puts it back. Returns the state and the
    card."""
    state = deal(Ruleset(), A, seed=seed)
    state = play(state, TurnUpcard(A), Pass(B), Pass(A))
    card = state.stock[1]
    state = apply(state, ExposedCards(B, (card,)))
    for seat in (B, A):
        state = play(state, Draw(seat, Source.STOCK), Discard(seat, state.hands[seat][-1]))
    return apply(state, Draw(B, Source.STOCK)), card


def test_after_the_offender_draws_from_the_stock_the_exposed_cards_go_back_and_the_rights_end():
    """Hoyle's irregularities, Exposed Card: "after the offender has first drawn from the stock
    instead, any remaining exposed cards are inserted at random in the stock"."""
    state, card = _exposed_then_offender_draws(0)
    assert state.exposed == () and card in state.stock
    assert state.marks.exposed_rights is None and state.marks.exposed_offender is None


def test_each_place_in_the_stock_is_as_likely_for_an_exposed_card_put_back():
    """ "inserted at random": over 1,000 deals (a stock of 28 after the insertion) the top and
    the bottom each take about one card in 28, some 36."""
    places: Counter = Counter()
    for seed in range(1000):
        state, card = _exposed_then_offender_draws(seed)
        index = state.stock.index(card)
        places["top" if index == 0 else "bottom" if index == len(state.stock) - 1 else "in"] += 1
    assert 20 <= places["top"] <= 52 and 20 <= places["bottom"] <= 52, places


def test_turns_are_numbered_one_by_one_and_a_dead_hand_notes_the_stock_left():
    state = play(_opening(), Pass(B), Pass(A))
    numbers = [state.turn_number]
    while not state.is_over:
        state = _down_to(state, len(state.stock) - 1)
        numbers.append(state.turn_number)
    assert numbers == list(range(2, 2 + len(numbers)))
    assert state.result.note == "2 cards left in the stock at the start of a turn"
