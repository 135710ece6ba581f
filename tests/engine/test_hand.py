"""A hand as a state machine: deal, first-turn offer, turns, knock, gin, big gin, dead hand.
Rules quoted from docs/rules.md "Core" and the knocking-and-scoring text in each test's docstring."""

import random

import pytest

from gameplay.engine.cards import DECK, parse_card, parse_cards
from gameplay.engine.errors import IllegalAction, IllegalKnock
from gameplay.engine.hand import apply, deal, legal_events, replay, shuffled_deck
from gameplay.engine.hand_events import (
    BigGin,
    Discard,
    Draw,
    Knock,
    LayOff,
    Pass,
    Source,
    TurnUpcard,
)
from gameplay.engine.hand_state import Phase
from gameplay.engine.rules import Ruleset
from gameplay.engine.settlement import settle_hand
from gameplay.engine.types import Outcome
from tests.engine.test_hand_support import (
    TV1_DEFENDER,
    TV1_KNOCKER,
    A,
    B,
    accounted,
    cards,
    play,
    start,
)

C = parse_card


def test_deal_is_ten_each_one_at_a_time_non_dealer_first_then_the_upcard():
    """docs/rules.md: "Deal: 10 cards each, one at a time, non-dealer first; next card face up
    starts the discard pile (the upcard); the rest is the stock." """
    deck = shuffled_deck(5)
    state = deal(Ruleset(), A, deck=deck)
    assert state.hands[B] == deck[0:20:2]
    assert state.hands[A] == deck[1:20:2]
    state = apply(state, TurnUpcard(A))
    assert state.upcard == deck[20] and state.discards == (deck[20],)
    assert state.stock == deck[21:]


def test_a_seed_reproduces_its_deal_and_other_seeds_deal_otherwise():
    assert deal(seed=11).hands == deal(seed=11).hands
    assert deal(seed=11).hands != deal(seed=12).hands
    expected = list(DECK)
    random.Random(11).shuffle(expected)
    assert deal(seed=11).stock == tuple(expected[20:])


def test_a_deal_needs_the_whole_deck_once():
    with pytest.raises(IllegalAction, match="52 cards"):
        deal(deck=DECK[:51] + DECK[:1])


def test_only_the_dealer_turns_the_upcard():
    state = deal(Ruleset(), A, seed=3)
    with pytest.raises(IllegalAction, match="A's turn"):
        apply(state, TurnUpcard(B))


def test_the_non_dealer_is_offered_the_upcard_first():
    """docs/rules.md "First turn": "the non-dealer may take the upcard or pass"."""
    state = start(TV1_KNOCKER, TV1_DEFENDER, "3H")
    assert (state.phase, state.to_act) == (Phase.OFFER, B)
    with pytest.raises(IllegalAction, match="B's turn"):
        apply(state, Draw(A, Source.DISCARD))
    with pytest.raises(IllegalAction, match="take it or pass"):
        apply(state, Draw(B, Source.STOCK))
    taken = apply(state, Draw(B, Source.DISCARD))
    assert C("3H") in taken.hands[B] and len(taken.hands[B]) == 11
    assert (taken.phase, taken.to_act) == (Phase.DISCARD, B)


def test_the_dealer_may_take_the_upcard_after_the_non_dealer_passes():
    """docs/rules.md: "if they pass the dealer may take it"."""
    state = play(start(TV1_KNOCKER, TV1_DEFENDER, "3H"), Pass(B))
    assert state.to_act == A
    state = apply(state, Draw(A, Source.DISCARD))
    assert C("3H") in state.hands[A] and state.phase is Phase.DISCARD


def test_when_both_pass_the_non_dealer_draws_from_the_stock():
    """docs/rules.md: "if both pass, the non-dealer draws from the stock and play goes on
    normally"."""
    state = play(start(TV1_KNOCKER, TV1_DEFENDER, "3H", "QH"), Pass(B), Pass(A))
    assert (state.phase, state.to_act) == (Phase.DRAW, B)
    with pytest.raises(IllegalAction, match="draws from the stock"):
        apply(state, Draw(B, Source.DISCARD))
    state = apply(state, Draw(B, Source.STOCK))
    assert C("QH") in state.hands[B]


def test_a_turn_is_a_draw_then_a_discard_then_the_other_players_turn():
    """002: "a player always draws one card and discards one card on their turn"."""
    state = play(start(TV1_KNOCKER, TV1_DEFENDER, "3H", "QH 4D"), Pass(B), Pass(A))
    with pytest.raises(IllegalAction, match="draw step"):
        apply(state, Discard(B, C("JD")))
    state = apply(state, Draw(B, Source.STOCK))
    with pytest.raises(IllegalAction, match="discard step"):
        apply(state, Draw(B, Source.STOCK))
    state = apply(state, Discard(B, C("JD")))
    assert (state.phase, state.to_act, state.discard_top) == (Phase.DRAW, A, C("JD"))
    assert len(state.hands[A]) == len(state.hands[B]) == 10


def test_drawing_out_of_turn_is_refused_and_the_hand_is_unchanged():
    state = play(start(TV1_KNOCKER, TV1_DEFENDER, "3H"), Pass(B), Pass(A))
    with pytest.raises(IllegalAction, match="B's turn, not A's"):
        apply(state, Draw(A, Source.STOCK))
    assert replay(state.rules, state.log) == state


def test_the_card_taken_from_the_pile_may_not_be_discarded_in_the_same_turn():
    """docs/rules.md: "A card just taken from the discard pile may not be discarded in the
    same turn (setting)"."""
    state = apply(start(TV1_KNOCKER, TV1_DEFENDER, "3H"), Draw(B, Source.DISCARD))
    with pytest.raises(IllegalAction, match="taken from the discard pile"):
        apply(state, Discard(B, C("3H")))


def test_the_house_rule_allows_discarding_the_card_taken_from_the_pile():
    rules = Ruleset(may_discard_card_taken_from_pile=True)
    state = apply(start(TV1_KNOCKER, TV1_DEFENDER, "3H", rules=rules), Draw(B, Source.DISCARD))
    assert apply(state, Discard(B, C("3H"))).discard_top == C("3H")


def test_a_card_drawn_from_the_stock_may_be_discarded_at_once():
    """002: "it may be the same card for both draw and discard"."""
    state = play(start(TV1_KNOCKER, TV1_DEFENDER, "3H", "QH"), Pass(B), Pass(A),
                 Draw(B, Source.STOCK), Discard(B, C("QH")))
    assert state.discard_top == C("QH") and set(state.hands[B]) == cards(TV1_KNOCKER)


def test_a_card_not_held_cannot_be_discarded():
    state = play(start(TV1_KNOCKER, TV1_DEFENDER, "3H"), Draw(B, Source.DISCARD))
    with pytest.raises(IllegalAction, match="does not hold 2S"):
        apply(state, Discard(B, C("2S")))


def _tv1_knock_ready():
    """B (non-dealer) holds TV1's knocker hand and draws QH from the stock."""
    return play(start(TV1_KNOCKER, TV1_DEFENDER, "3H", "QH"), Pass(B), Pass(A),
                Draw(B, Source.STOCK))


def test_a_knock_at_the_limit_is_settled_by_settle_hand_after_the_layoffs():
    """docs/rules.md: "a player whose deadwood (after the discard) is at most the knock limit
    may knock: discard face down and spread"; TV1: the defender undercuts for 26."""
    state = apply(_tv1_knock_ready(), Knock(B, C("QH")))
    assert (state.phase, state.to_act, state.knocker) == (Phase.LAYOFF, A, B)
    with pytest.raises(IllegalAction, match="A's turn"):
        apply(state, LayOff(B))
    state = apply(state, LayOff(A))
    assert state.is_over
    result = state.result
    assert (result.outcome, result.winner, result.points) == (Outcome.UNDERCUT, A, 26)
    assert result.settlement == settle_hand(parse_cards(TV1_KNOCKER), parse_cards(TV1_DEFENDER))


def test_a_knock_over_the_limit_is_refused_saying_why():
    """002: "When a player has cards of 'deadwood' ... that have a total value of 10 or less,
    they may knock." """
    with pytest.raises(IllegalKnock, match="deadwood would be 33, over the knock limit of 10"):
        apply(_tv1_knock_ready(), Knock(B, C("5S")))


def test_after_the_hand_is_over_nothing_more_can_happen():
    state = play(_tv1_knock_ready(), Knock(B, C("QH")), LayOff(A))
    with pytest.raises(IllegalAction, match="over"):
        apply(state, Draw(A, Source.STOCK))


GIN_HAND = "AS 2S 3S 4H 5H 6H 7D 8D 9D KC"
GIN_OPPONENT = "4S 10S QH JC 2C 3C 9C 5C 4C QC"


def test_a_knock_with_no_deadwood_is_gin_and_allows_no_layoffs():
    """docs/rules.md: "Gin: no deadwood at all"; "No layoffs against gin or big gin." (4S would
    extend the spade run.)"""
    state = play(start(GIN_HAND, GIN_OPPONENT, "KH", "10D"), Pass(B), Pass(A),
                 Draw(B, Source.STOCK), Knock(B, C("KC")), LayOff(A))
    result = state.result
    assert (result.outcome, result.winner) == (Outcome.GIN, B)
    assert result.settlement.layoffs == ()
    opponent_deadwood = result.settlement.defender_deadwood
    assert result.points == opponent_deadwood + 25


def test_big_gin_is_eleven_cards_melded_without_a_discard():
    """docs/rules.md: "Big gin: all 11 cards melded after the draw, no discard."
    (standard: big gin bonus 31)"""
    state = play(start(GIN_HAND.replace("KC", "10D"), GIN_OPPONENT, "KH", "JD"), Pass(B),
                 Pass(A), Draw(B, Source.STOCK), BigGin(B), LayOff(A))
    result = state.result
    assert (result.outcome, result.winner) == (Outcome.BIG_GIN, B)
    assert result.points == result.settlement.defender_deadwood + 31
    assert len(state.hands[B]) == 11


def test_big_gin_needs_all_eleven_melded_and_a_ruleset_that_plays_it():
    ready = play(start(GIN_HAND, GIN_OPPONENT, "KH", "10D"), Pass(B), Pass(A),
                 Draw(B, Source.STOCK))
    with pytest.raises(IllegalKnock, match="all 11 cards melded"):
        apply(ready, BigGin(B))
    classic = Ruleset.preset("classic")
    ready = play(start(GIN_HAND.replace("KC", "10D"), GIN_OPPONENT, "KH", "JD", rules=classic),
                 Pass(B), Pass(A), Draw(B, Source.STOCK))
    with pytest.raises(IllegalKnock, match="not played"):
        apply(ready, BigGin(B))


def test_tv3_the_knocker_may_declare_his_spread():
    """docs/rules.md TV3: spread as three sets the knocker scores 2; spread as runs the defender
    would undercut for 26."""
    knocker, defender = "5S 6S 7S 5C 6C 7C 5D 6D 7D AS", "3S 4S 8S 4C 8C 4D 8D 5H 6H 7H"
    ready = play(start(knocker, defender, "KH", "QH"), Pass(B), Pass(A), Draw(B, Source.STOCK))
    chosen = apply(apply(ready, Knock(B, C("QH"))), LayOff(A)).result
    assert (chosen.outcome, chosen.winner, chosen.points) == (Outcome.KNOCK, B, 2)
    runs = (parse_cards("5S 6S 7S"), parse_cards("5C 6C 7C"), parse_cards("5D 6D 7D"))
    declared = apply(apply(ready, Knock(B, C("QH"), spread=runs)), LayOff(A)).result
    assert (declared.outcome, declared.winner, declared.points) == (Outcome.UNDERCUT, A, 26)


def test_a_spread_must_be_melds_of_the_knockers_cards():
    ready = _tv1_knock_ready()
    with pytest.raises(IllegalAction, match="not a meld"):
        apply(ready, Knock(B, C("QH"), spread=(parse_cards("5S 6S 9C"),)))
    with pytest.raises(IllegalAction, match="knocker's hand"):
        apply(ready, Knock(B, C("QH"), spread=(parse_cards("2S 3S 4S"),)))


OKLAHOMA = Ruleset.preset("oklahoma")


def test_oklahoma_knock_limit_is_the_upcards_value():
    """docs/rules.md "Settings": Oklahoma "knock limit from the upcard". TV1's knocker has 10 deadwood:
    too much under a 7 upcard."""
    ready = play(start(TV1_KNOCKER, TV1_DEFENDER, "7H", "QH", rules=OKLAHOMA), Pass(B), Pass(A),
                 Draw(B, Source.STOCK))
    with pytest.raises(IllegalKnock, match="over the knock limit of 7"):
        apply(ready, Knock(B, C("QH")))


def test_oklahoma_ace_upcard_means_gin_only():
    ready = play(start(GIN_HAND, GIN_OPPONENT, "AH", "10D", rules=OKLAHOMA), Pass(B), Pass(A),
                 Draw(B, Source.STOCK))
    with pytest.raises(IllegalKnock, match="knock limit of 0"):
        apply(ready, Knock(B, C("9D")))
    assert apply(apply(ready, Knock(B, C("KC"))), LayOff(A)).result.outcome is Outcome.GIN


def test_oklahoma_spade_upcard_doubles_the_hand():
    def points(upcard):
        state = play(start(GIN_HAND, GIN_OPPONENT, upcard, "10D", rules=OKLAHOMA), Pass(B),
                     Pass(A), Draw(B, Source.STOCK), Knock(B, C("KC")), LayOff(A))
        return state.result.points

    assert points("KS") == 2 * points("KH")


def _draw_and_throw(state, count):
    """Both players draw from the stock and throw the card drawn, ``count`` turns."""
    for _ in range(count):
        seat = state.to_act
        state = apply(state, Draw(seat, Source.STOCK))
        state = apply(state, Discard(seat, state.hands[seat][-1]))
    return state


def test_the_hand_is_dead_when_two_cards_are_left_at_the_start_of_a_turn():
    """docs/rules.md: "if only 2 cards remain in the stock at the start of a player's turn,
    the hand is dead: no score, and the same dealer deals again"."""
    state = play(start(TV1_KNOCKER, TV1_DEFENDER, "3H"), Pass(B), Pass(A))
    assert len(state.stock) == 31
    state = _draw_and_throw(state, 28)
    assert len(state.stock) == 3 and state.phase is Phase.DRAW  # three left: play on
    state = _draw_and_throw(state, 1)
    assert state.is_over and len(state.stock) == 2
    result = state.result
    assert (result.outcome, result.winner, result.points) == (Outcome.DEAD_HAND, None, 0)
    assert result.deal_again_by == A
    assert accounted(state)


def test_legal_events_are_all_accepted():
    state = _tv1_knock_ready()
    events = legal_events(state)
    assert Knock(B, C("QH")) in events and Knock(B, C("5S")) not in events
    assert Discard(B, C("5S")) in events
    for event in events:
        apply(state, event)
