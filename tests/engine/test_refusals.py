"""What a player reads when the engine refuses a deal or a move: each refusal says exactly what
is wrong, and a refused move leaves the hand as it was."""

from dataclasses import replace

import pytest

from gameplay.engine.cards import DECK, parse_card
from gameplay.engine.errors import IllegalAction
from gameplay.engine.hand import apply, deal, shuffled_deck
from gameplay.engine.hand_events import Deal, Discard, Draw, FacedCard, LayOff, Pass, Source
from gameplay.engine.rules import Ruleset
from tests.engine.test_hand_support import TV1_DEFENDER, TV1_KNOCKER, A, B, play, start

C = parse_card


def _refusal(call, *args, **kwargs) -> str:
    with pytest.raises(IllegalAction) as refused:
        call(*args, **kwargs)
    return str(refused.value)


def _opening():
    return start(TV1_KNOCKER, TV1_DEFENDER, "3H", "QH 4D 9H 3C 6D")


def test_a_deal_without_a_seed_or_a_deck_order_is_refused_saying_so():
    assert _refusal(deal, Ruleset(), A) == "a deal needs a seed or a deck order"


def test_a_hand_dealt_from_a_seed_notes_the_seed_and_deals_its_shuffle():
    state = deal(Ruleset(), A, seed=7)
    assert state.log[0].seed == 7
    assert state.log[0].deck == shuffled_deck(7)


def test_a_deck_missing_a_card_is_refused_saying_the_deal_needs_all_52():
    deck = (*DECK[:-1], DECK[0])
    assert _refusal(deal, Ruleset(), A, deck=deck) == (
        "a deal needs the 52 cards of the deck, each once")


def test_a_misdeal_may_give_a_hand_from_one_card_to_twenty():
    for counts in ((1, 10), (10, 1), (20, 10), (10, 20), (20, 20)):
        state = deal(Ruleset(), A, deck=DECK, counts=counts)
        assert (len(state.hands[B]), len(state.hands[A])) == counts  # B, the non-dealer, first


def test_a_deal_of_no_card_or_of_more_than_twenty_to_a_hand_is_refused_naming_both_counts():
    assert _refusal(deal, Ruleset(), A, deck=DECK, counts=(0, 10)) == (
        "cannot deal 0 and 10 cards from one deck")
    assert _refusal(deal, Ruleset(), A, deck=DECK, counts=(10, 21)) == (
        "cannot deal 10 and 21 cards from one deck")


def test_a_move_after_the_hand_is_over_is_refused_saying_so():
    state = _opening()
    over = play(state, Pass(B), Pass(A))
    while not over.is_over:
        seat = over.turn
        over = play(over, Draw(seat, Source.STOCK), Discard(seat, over.hands[seat][0]))
    assert _refusal(apply, over, LayOff(A)) == "the hand is over"


def test_a_second_deal_into_a_hand_is_refused_saying_a_new_deal_starts_a_new_hand():
    state = _opening()
    assert _refusal(apply, state, Deal(A, DECK)) == (
        "a hand is dealt once: a new deal starts a new hand (deal)")


def test_something_that_is_no_event_of_a_hand_is_refused_naming_it():
    assert _refusal(apply, _opening(), "draw") == "'draw' is not an event of a hand"


def test_a_stock_draw_on_the_first_turn_is_refused_saying_the_upcard_is_offered():
    assert _refusal(apply, _opening(), Draw(B, Source.STOCK)) == (
        "on the first turn the upcard is offered: take it or pass")


def test_a_draw_naming_another_card_than_the_top_of_the_stock_is_refused_naming_it():
    state = play(_opening(), Pass(B), Pass(A))
    assert state.stock[0] == C("QH")
    assert _refusal(apply, state, Draw(B, Source.STOCK, C("4D"))) == (
        "4D is not the top of the stock")
    assert apply(state, Draw(B, Source.STOCK, C("QH"))).hands[B][-1] == C("QH")


def test_a_draw_from_the_pile_after_both_refused_the_upcard_is_refused_saying_the_stock_is_drawn():
    """docs/rules.md "The first turn": if the dealer passes too, the non-dealer draws from the
    stock."""
    state = play(_opening(), Pass(B), Pass(A))
    assert _refusal(apply, state, Draw(B, Source.DISCARD)) == (
        "both players refused the upcard: the non-dealer draws from the stock")


def test_a_draw_from_an_empty_discard_pile_is_refused_saying_it_is_empty():
    state = play(_opening(), Pass(B), Pass(A), Draw(B, Source.STOCK), Discard(B, C("QH")))
    emptied = replace(state, discards=())  # the pile as no deal leaves it: a state given whole
    assert _refusal(apply, emptied, Draw(A, Source.DISCARD)) == "the discard pile is empty"
    assert apply(state, Draw(A, Source.DISCARD)).hands[A][-1] == C("QH")


def test_a_move_at_the_wrong_step_names_the_step_and_the_steps_it_needs():
    state = play(_opening(), Pass(B), Pass(A), Draw(B, Source.STOCK))
    assert _refusal(apply, state, Draw(B, Source.STOCK)) == (
        "B cannot do that now: the hand is at the discard step, not offer or draw")


def test_a_move_out_of_turn_names_whose_turn_it_is_and_no_lost_turn():
    state = play(_opening(), Pass(B), Pass(A))
    assert _refusal(apply, state, Draw(A, Source.STOCK)) == "it is B's turn, not A's"


def test_taking_the_upcard_begins_play_so_a_card_faced_in_the_stock_is_shuffled_back():
    """docs/rules.md "Card faced in the pack or the stock": after play has begun the stock is
    shuffled, no new deal."""
    state = apply(_opening(), Draw(B, Source.DISCARD))
    after = apply(state, FacedCard(C("QH")))
    assert after.result is None and after.hands == state.hands
    assert sorted(after.stock) == sorted(state.stock)
