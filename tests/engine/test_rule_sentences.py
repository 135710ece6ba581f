"""Rule sentences of docs/rules.md that each need a test failing when the rule breaks: the
exposed card, the incorrect hand, the illegal knock at the Oklahoma limit, a new deal before any
draw, a tie through layoffs, the 10/11 knock limit on the hand, the discard pile's top, and who
plays after the dealer takes the upcard."""

import pytest

from gameplay.engine.cards import parse_card
from gameplay.engine.errors import IllegalAction, IllegalKnock
from gameplay.engine.hand import apply, legal_events
from gameplay.engine.hand_events import (
    BigGin,
    Choice,
    Discard,
    Draw,
    ExposedCards,
    IncorrectHand,
    IrregularKnock,
    Knock,
    LayOff,
    Pass,
    Source,
)
from gameplay.engine.hand_state import Phase
from gameplay.engine.rules import Ruleset
from gameplay.engine.settlement import settle_hand
from gameplay.engine.types import Outcome, Side
from tests.engine.test_hand_support import TV1_DEFENDER, TV1_KNOCKER, A, B, play, start

C = parse_card
STOCK = "QH 4D 9H 3C 6D"


def _first_turn(state):
    """B (non-dealer) and A refuse the upcard; B draws QH from the stock."""
    return play(state, Pass(B), Pass(A), Draw(B, Source.STOCK))


def _exposed(*codes):
    state = _first_turn(start(TV1_KNOCKER, TV1_DEFENDER, "3H", STOCK))
    return apply(state, ExposedCards(B, tuple(C(code) for code in codes)))


# --- Exposed card (docs/rules.md "Card exposed while drawing") ----------------------------------


def test_every_card_seen_in_drawing_is_placed_face_up():
    state = _exposed("4D", "9H")
    assert set(state.exposed) == {C("4D"), C("9H")}
    assert C("4D") not in state.stock and C("9H") not in state.stock


def test_the_non_offender_may_take_an_exposed_card_in_each_succeeding_turn():
    state = play(_exposed("4D", "9H"), Discard(B, C("QH")),
                 Draw(A, Source.EXPOSED, C("4D")), Discard(A, C("2H")),
                 Draw(B, Source.DISCARD), Discard(B, C("JD")))
    second = apply(state, Draw(A, Source.EXPOSED, C("9H")))  # a later turn, the right holds
    assert C("9H") in second.hands[A] and second.exposed == ()


def test_the_exposed_cards_left_go_into_the_stock_at_random_places():
    state = play(_exposed("4D", "9H", "3C"), Discard(B, C("QH")), Draw(A, Source.STOCK),
                 Discard(A, C("2H")), Draw(B, Source.STOCK))
    assert state.exposed == ()
    places = sorted(state.stock.index(C(code)) for code in ("4D", "9H", "3C"))
    size = len(state.stock)
    assert places != [0, 1, 2], "put on top of the stock, not at random"
    assert places != [size - 3, size - 2, size - 1], "put at the bottom, not at random"


def test_the_offender_may_knock_without_gin_again_from_his_next_turn():
    state = play(_exposed("4D"), Discard(B, C("QH")), Draw(A, Source.STOCK),
                 Discard(A, C("9H")), Draw(B, Source.STOCK))
    knocked = play(state, Knock(B, C("3C")), LayOff(A))  # TV1's knocker, 10 deadwood
    assert knocked.result.outcome is Outcome.UNDERCUT


# --- Incorrect hand (docs/rules.md "Incorrect hand") ---------------------------------------------


def test_a_defender_short_of_cards_is_charged_ten_for_each_missing_card():
    # Two cards short: 2S 2C 2D meld, 8S 9S and 8C 7C are laid off, AC is left: 1 + 2 x 10.
    state = start(TV1_KNOCKER, "2S 8S 9S AC 2C 7C 8C 2D", "3H", STOCK)
    state = play(state, Pass(B), Pass(A), Draw(B, Source.STOCK), Knock(B, C("QH")))
    result = play(state, IncorrectHand(offender=A), LayOff(A)).result
    assert (result.outcome, result.winner, result.points) == (Outcome.KNOCK, B, 21 - 10)


TWELVE = "5S 6S 7S 9C 10C JC KS KC KD JD QD JH"


def test_the_hand_is_corrected_as_many_turns_as_it_takes():
    state = start(TWELVE, TV1_DEFENDER, "3H", STOCK)
    state = play(state, Pass(B), Pass(A), Draw(B, Source.STOCK), Discard(B, C("QH")),
                 IncorrectHand(Choice.PLAY_ON), Draw(A, Source.STOCK), Discard(A, C("4D")))
    assert (state.to_act, state.phase, len(state.hands[B])) == (B, Phase.DISCARD, 12)
    state = play(state, Discard(B, C("QD")), Draw(A, Source.STOCK), Discard(A, C("9H")))
    assert (state.to_act, state.phase, len(state.hands[B])) == (B, Phase.DISCARD, 11)
    state = play(state, Discard(B, C("JH")), Draw(A, Source.STOCK), Discard(A, C("3C")))
    assert (state.to_act, state.phase, len(state.hands[B])) == (B, Phase.DRAW, 10)


def test_no_big_gin_while_the_hand_is_corrected():
    melded = "AS 2S 3S 4S 5H 6H 7H 8D 9D 10D JD"  # eleven cards, all melded
    state = start(melded, "KS QS JC 10C 9C 8C KC 2C 3C 4C", "3H", "QH KD 9H 6C 7C")
    state = play(state, Pass(B), Pass(A), Draw(B, Source.STOCK), Discard(B, C("QH")),
                 IncorrectHand(Choice.PLAY_ON), Draw(A, Source.STOCK), Discard(A, C("KD")))
    assert (state.phase, len(state.hands[B])) == (Phase.DISCARD, 11)
    with pytest.raises(IllegalKnock, match="until the turn after"):
        apply(state, BigGin(B))
    assert BigGin(B) not in legal_events(state)


# --- Illegal knock (docs/rules.md "Illegal knock") -----------------------------------------------

OKLAHOMA = Ruleset.preset("oklahoma")
RUNS = "AS 2S 3S 4D 5D 6D 7C 8C 9C KH"


def _oklahoma_draw(card: str):
    """Upcard 5H: the knock limit is 5. B draws ``card`` from the stock and throws KH."""
    state = start(RUNS, "10S JS QS 10H JH QH 10D JD QD 2H", "5H", card, rules=OKLAHOMA)
    return play(state, Pass(B), Pass(A), Draw(B, Source.STOCK))


def test_an_oklahoma_knock_at_the_upcards_value_is_legal():
    state = _oklahoma_draw("5S")
    knocked = play(state, Knock(B, C("KH")), LayOff(A))
    assert knocked.result.settlement.knocker_deadwood == 5
    with pytest.raises(IllegalAction, match="knock is good"):
        apply(state, IrregularKnock(B, C("KH"), Choice.ACCEPT))


def test_an_oklahoma_knock_one_over_the_upcards_value_is_illegal():
    state = _oklahoma_draw("6S")
    with pytest.raises(IllegalKnock, match="over the knock limit of 5"):
        apply(state, Knock(B, C("KH")))
    accepted = play(state, IrregularKnock(B, C("KH"), Choice.ACCEPT), LayOff(A))
    assert accepted.result.settlement.knocker_deadwood == 6


def test_a_knocker_short_of_cards_playing_on_draws_without_discarding():
    nine = "5S 6S 7S 9C 10C JC KS KC KD"
    state = play(_first_turn(start(nine, TV1_DEFENDER, "3H", STOCK)),
                 IrregularKnock(B, C("QH"), Choice.PLAY_ON_EXPOSED))
    assert (state.to_act, len(state.hands[B])) == (A, 9)
    state = play(state, Draw(A, Source.STOCK), Discard(A, C("4D")))
    assert (state.to_act, state.phase) == (B, Phase.DRAW)
    state = apply(state, Draw(B, Source.STOCK))
    assert (state.to_act, state.phase, len(state.hands[B])) == (A, Phase.DRAW, 10)
    assert B in state.marks.open_hands


# --- New deal (docs/rules.md "Incorrect hand": both players wrong) ------------------------------


def test_both_hands_wrong_before_any_draw_is_a_new_deal_by_the_same_dealer():
    state = start("5S 6S 7S 9C 10C JC KS KC KD JD QD", "2S 8S 9S AC 2C 7C 8C 2D 8D", "3H")
    assert state.phase is Phase.OFFER and state.drawn == (False, False)
    ended = apply(state, IncorrectHand())
    assert ended.result.outcome is None and ended.result.deal_again_by == A
    assert "both players" in ended.result.note


# --- Undercut (docs/rules.md "Settling a knock") ------------------------------------------------


def test_a_tie_reached_only_through_layoffs_is_an_undercut():
    knocker = "AC 2C 3C 4D 5D 6D 7H 8H 9H 5S"  # deadwood 5
    defender = "JS QS KS 8C 8D 8S 4C 10H 3S 2D"  # 19 before laying off 4C and 10H, then 5
    result = settle_hand(knocker, defender)
    assert result.defender_deadwood == 5 and {lay.card for lay in result.layoffs} == {
        C("4C"), C("10H")}
    assert (result.outcome, result.winner, result.points) == (Outcome.UNDERCUT, Side.DEFENDER, 25)


# --- The knock limit on the hand (docs/rules.md "Knocking") -------------------------------------


def _drawn_kc(hand: str):
    state = start(hand, "7S 8S 9S 10H JH QH 7D 8D 9D KD", "3H", "KC")
    return play(state, Pass(B), Pass(A), Draw(B, Source.STOCK))


def test_a_knock_with_ten_deadwood_is_legal():
    state = _drawn_kc("AS 2S 3S 4H 5H 6H AD 2C 3D 4C")  # 1 + 2 + 3 + 4
    assert Knock(B, C("KC")) in legal_events(state)
    assert play(state, Knock(B, C("KC")), LayOff(A)).result.settlement.knocker_deadwood == 10


def test_a_knock_with_eleven_deadwood_is_refused():
    state = _drawn_kc("AS 2S 3S 4H 5H 6H AD 2C 3D 5C")  # 1 + 2 + 3 + 5
    assert Knock(B, C("KC")) not in legal_events(state)
    with pytest.raises(IllegalKnock, match="deadwood would be 11"):
        apply(state, Knock(B, C("KC")))


# --- Drawing (docs/rules.md "A turn", "The first turn") -----------------------------------------


def test_a_draw_from_a_pile_of_several_cards_takes_its_top_card():
    state = play(start(TV1_KNOCKER, TV1_DEFENDER, "3H", STOCK), Pass(B), Pass(A),
                 Draw(B, Source.STOCK), Discard(B, C("QH")), Draw(A, Source.STOCK),
                 Discard(A, C("4D")))
    assert state.discards == (C("3H"), C("QH"), C("4D"))
    drawn = apply(state, Draw(B, Source.DISCARD))
    assert drawn.hands[B][-1] == C("4D") and drawn.discards == (C("3H"), C("QH"))


def test_after_the_dealer_takes_the_upcard_the_non_dealer_plays_next():
    state = play(start(TV1_KNOCKER, TV1_DEFENDER, "3H", STOCK), Pass(B),
                 Draw(A, Source.DISCARD), Discard(A, C("2H")))
    assert (state.to_act, state.phase) == (B, Phase.DRAW)
    assert set(legal_events(state)) == {Draw(B, Source.STOCK), Draw(B, Source.DISCARD)}
