"""The rulings on irregularities. Each test quotes the sentence of Hoyle's irregularities, or of
docs/rules.md "Irregularities" (the Hoyle tradition, the engine's rulings), that it checks."""

import dataclasses
from pathlib import Path

import pytest

from gameplay.engine import rulings
from gameplay.engine.cards import parse_card, parse_cards
from gameplay.engine.errors import IllegalAction, IllegalKnock
from gameplay.engine.hand import apply, deal, legal_events, replay
from gameplay.engine.hand_events import (
    Choice,
    Discard,
    Draw,
    DrawOutOfTurn,
    DrawTwo,
    ExposedCards,
    ExposedInDealing,
    FacedCard,
    Found,
    IncorrectHand,
    IrregularKnock,
    Knock,
    LayOff,
    LookThroughDiscards,
    Pass,
    ShowCard,
    Source,
    TurnUpcard,
    WrongDealer,
    log_from_json,
    log_to_json,
)
from gameplay.engine.hand_state import Phase
from gameplay.engine.hand_view import player_view
from gameplay.engine.rules import Ruleset
from gameplay.engine.rulings import CATALOGUE, RULINGS, irregularity
from gameplay.engine.types import Outcome
from tests.engine.test_hand_support import (
    TV1_DEFENDER,
    TV1_KNOCKER,
    A,
    B,
    accounted,
    play,
    start,
)

C = parse_card
STOCK = "QH 4D 9H 3C 6D"


def _opening(**kwargs):
    """A deals; B (non-dealer) holds TV1's knocker hand, A TV1's defender hand."""
    return start(TV1_KNOCKER, TV1_DEFENDER, "3H", STOCK, **kwargs)


def _new_deal_by(state):
    assert state.is_over and state.result.outcome is None
    return state.result.deal_again_by


# --- New Deal ------------------------------------------------------------------------------


def test_a_card_seen_faced_in_the_pack_means_a_new_deal_by_the_same_dealer():
    """Hoyle's irregularities, New Deal: "There should be a new deal by the same dealer if a card is seen faced in
    the pack or is exposed in dealing, or if at any time both players are found to have an
    incorrect number of cards." """
    assert _new_deal_by(apply(deal(Ruleset(), A, seed=4), FacedCard(C("7C")))) == A
    assert _new_deal_by(apply(_opening(), FacedCard(C("9H")))) == A


def test_a_card_exposed_in_dealing_means_a_new_deal_by_the_same_dealer():
    """Hoyle's irregularities, New Deal: "... if a card ... is exposed in dealing ..." """
    dealt = deal(Ruleset(), B, seed=4)
    assert _new_deal_by(apply(dealt, ExposedInDealing(dealt.hands[A][0]))) == B
    with pytest.raises(IllegalAction, match="deal is over"):
        apply(_opening(), ExposedInDealing(C("9H")))


def test_both_players_found_with_a_wrong_count_means_a_new_deal():
    """Hoyle's irregularities, New Deal: "... or if at any time both players are found to have an incorrect number
    of cards." """
    state = start(TV1_KNOCKER + " QD", "2S 8S 9S AC 2C 7C 8C 2D 8D", "3H", STOCK)
    state = play(state, Pass(B), Pass(A), Draw(B, Source.STOCK), Discard(B, C("QD")))
    assert _new_deal_by(apply(state, IncorrectHand())) == A


# --- Incorrect Hand ------------------------------------------------------------------------

ELEVEN = TV1_KNOCKER + " QD"  # B dealt one card too many


def test_a_wrong_count_found_before_the_offenders_first_draw_means_a_new_deal():
    """docs/rules.md "Incorrect hand" (the Hoyle tradition): "One player wrong before his first
    draw: a new deal." """
    state = start(ELEVEN, TV1_DEFENDER, "3H", STOCK)
    with pytest.raises(IllegalAction, match="no choice"):
        apply(state, IncorrectHand(Choice.PLAY_ON))
    assert _new_deal_by(apply(state, IncorrectHand(offender=B))) == A
    assert _new_deal_by(apply(state, IncorrectHand(Choice.NEW_DEAL))) == A


def _eleven_after_first_turn():
    """B was dealt 11; he drew and discarded once; it is A's turn."""
    state = start(ELEVEN, TV1_DEFENDER, "3H", STOCK)
    return play(state, Pass(B), Pass(A), Draw(B, Source.STOCK), Discard(B, C("QH")))


def test_after_play_has_begun_the_opponent_chooses_a_new_deal_or_play_on():
    """Hoyle's irregularities, Incorrect Hand: "If after play has begun one player is found to have too few or too
    many cards, his opponent may require a new deal or may allow play to continue." """
    state = _eleven_after_first_turn()
    with pytest.raises(IllegalAction, match="chooses"):
        apply(state, IncorrectHand())
    with pytest.raises(IllegalAction, match="holds the right number"):
        apply(state, IncorrectHand(Choice.PLAY_ON, offender=A))
    assert _new_deal_by(apply(state, IncorrectHand(Choice.NEW_DEAL))) == A
    playing_on = apply(state, IncorrectHand(Choice.PLAY_ON, offender=B))
    assert not playing_on.is_over and playing_on.to_act == A


def test_playing_on_the_offender_with_too_many_discards_without_drawing():
    """Hoyle's irregularities, Incorrect Hand: "In the latter case, the offender must correct his hand by
    discarding without drawing, or drawing without discarding, a sufficient number of times."
    """
    state = play(_eleven_after_first_turn(), IncorrectHand(Choice.PLAY_ON),
                 Draw(A, Source.STOCK), Discard(A, C("4D")))
    assert (state.to_act, state.phase, len(state.hands[B])) == (B, Phase.DISCARD, 11)
    with pytest.raises(IllegalAction, match="B holds 11 cards and is correcting his hand: he "
                                            "discards without drawing this turn"):
        apply(state, Draw(B, Source.STOCK))
    state = apply(state, Discard(B, C("QD")))
    assert (state.to_act, len(state.hands[B])) == (A, 10)


def test_a_hand_corrected_by_discarding_is_offered_only_discards():
    """Hoyle's irregularities, Incorrect Hand: "the offender must correct his hand by discarding
    without drawing": in the correction turn the legal moves are his discards, no draw, no
    knock; the ruling is in the hand's log and the hand replays from it."""
    state = play(_eleven_after_first_turn(), IncorrectHand(Choice.PLAY_ON),
                 Draw(A, Source.STOCK), Discard(A, C("4D")))
    events = legal_events(state)
    assert {type(event) for event in events} == {Discard}
    assert {event.card for event in events} == set(state.hands[B])
    with pytest.raises(IllegalAction, match="discards without drawing"):
        apply(state, DrawTwo(B))
    assert IncorrectHand(Choice.PLAY_ON) in state.log
    assert replay(state.rules, log_from_json(log_to_json(state.log))) == state


def test_playing_on_the_offender_with_too_few_draws_without_discarding():
    """Hoyle's irregularities, Incorrect Hand: "... or drawing without discarding, a sufficient number of times." """
    short = "2S 8S 9S AC 2C 7C 8C 2D 8D"  # A (dealer) dealt 9
    state = start(TV1_KNOCKER, short, "3H", STOCK)
    state = play(state, Pass(B), Pass(A), Draw(B, Source.STOCK), Discard(B, C("QH")),
                 Draw(A, Source.STOCK), Discard(A, C("4D")), IncorrectHand(Choice.PLAY_ON),
                 Draw(B, Source.STOCK), Discard(B, C("9H")))
    assert (state.to_act, state.phase, len(state.hands[A])) == (A, Phase.DRAW, 9)
    state = apply(state, Draw(A, Source.STOCK))
    assert (state.to_act, state.phase, len(state.hands[A])) == (B, Phase.DRAW, 10)


def test_the_offender_may_not_knock_until_the_turn_after_his_hand_is_corrected():
    """Hoyle's irregularities, Incorrect Hand: "He may not knock until the next turn after his hand has been
    corrected." (B's 10 cards after throwing QD would be TV1's knocker hand: a good knock.)"""
    state = play(_eleven_after_first_turn(), IncorrectHand(Choice.PLAY_ON),
                 Draw(A, Source.STOCK), Discard(A, C("4D")))
    with pytest.raises(IllegalKnock, match="until the turn after"):
        apply(state, Knock(B, C("QD")))
    state = play(state, Discard(B, C("QD")), Draw(A, Source.STOCK), Discard(A, C("9H")),
                 Draw(B, Source.STOCK))
    knocked = play(state, Knock(B, C("3C")), LayOff(A))
    assert knocked.result.outcome is Outcome.UNDERCUT  # TV1, knocked in the next turn


def _defender_found_after_knock(defender):
    state = start(TV1_KNOCKER, defender, "3H", STOCK)
    state = play(state, Pass(B), Pass(A), Draw(B, Source.STOCK), Knock(B, C("QH")))
    return play(state, IncorrectHand(offender=A), LayOff(A)).result


def test_a_defender_short_of_cards_after_a_knock_is_charged_ten_a_card_and_cannot_undercut():
    """Hoyle's irregularities, Incorrect Hand: "If the opponent is found to have an incorrect hand after a knock,
    he is charged 10 for each missing card, or all his cards (if more than ten) are counted; in
    either case, he cannot score for undercut."
    TV1 without the 2H: the defender keeps 9 deadwood after his layoffs (an undercut of a 10
    knock), charged 9 + 10 = 19: the knocker scores 19 - 10 = 9."""
    result = _defender_found_after_knock("2S 8S 9S AC 2C 7C 8C 2D 8D")
    assert (result.outcome, result.winner, result.points) == (Outcome.KNOCK, B, 9)


def test_a_defender_with_too_many_cards_after_a_knock_has_all_his_cards_counted():
    """Hoyle's irregularities, Incorrect Hand: "... or all his cards (if more than ten) are counted ..."
    TV1's defender plus the 3D: 52 points against the knocker's 10."""
    result = _defender_found_after_knock(TV1_DEFENDER + " 3D")
    assert (result.outcome, result.winner, result.points) == (Outcome.KNOCK, B, 42)


def test_a_defender_who_would_undercut_scores_nothing_with_an_incorrect_hand():
    """Hoyle's irregularities, Incorrect Hand: "in either case, he cannot score for undercut." TV2's defender
    (deadwood 0 after his layoffs) dealt 9 cards: charged 10 against the knocker's 2."""
    knocker, defender = "AS AC AD JS QS KS 10C 10D 10H 2H", "9S 10S 4S 4H 4D 4C 5S 5H 5D"
    state = start(knocker, defender, "3H", "KH")
    state = play(state, Pass(B), Pass(A), Draw(B, Source.STOCK), Knock(B, C("KH")),
                 IncorrectHand(), LayOff(A))
    assert (state.result.outcome, state.result.winner, state.result.points) == (
        Outcome.KNOCK, B, 8)


# --- Illegal Knock -------------------------------------------------------------------------

OVER = "5S 6S 7S 8S 9C 10C JC QC 4D 9D"  # deadwood 13 (4D 9D)
NO_MELDS = "AH 3H 5H 7H 9H JH KH 2C 4C 6C"  # 57 deadwood, nothing to lay off


def _over_the_limit():
    state = start(OVER, NO_MELDS, "3S", "KD")
    return play(state, Pass(B), Pass(A), Draw(B, Source.STOCK))


def test_a_knock_over_the_limit_may_be_accepted_by_the_opponent():
    """Hoyle's irregularities, Illegal Knock: "If the knocker is found to have a deadwood count of more than 10,
    opponent may accept the knock, or may require the offender to play on with his whole hand
    exposed." Accepted: knocker 13 against 57, the knocker scores 44."""
    state = _over_the_limit()
    with pytest.raises(IllegalKnock, match="13, over the knock limit"):
        apply(state, Knock(B, C("KD")))
    with pytest.raises(IllegalAction, match="accept or play_on_exposed"):
        apply(state, IrregularKnock(B, C("KD"), Choice.NEW_DEAL))
    state = play(state, IrregularKnock(B, C("KD"), Choice.ACCEPT), LayOff(A))
    assert (state.result.outcome, state.result.winner, state.result.points) == (
        Outcome.KNOCK, B, 44)


def test_an_illegal_knock_may_be_played_on_with_the_whole_hand_exposed():
    """Hoyle's irregularities, Illegal Knock: "... or may require the offender to play on with his whole hand
    exposed." The knock's discard stands as his discard (docs/rulings.md)."""
    state = apply(_over_the_limit(), IrregularKnock(B, C("KD"), Choice.PLAY_ON_EXPOSED))
    assert (state.phase, state.to_act, state.discard_top) == (Phase.DRAW, A, C("KD"))
    view = player_view(state, A)
    assert view.opponent_open and set(view.opponent_hand) == set(parse_cards(OVER))
    assert player_view(state, B).opponent_hand is None


def test_a_knocker_with_a_wrong_count_gives_the_opponent_a_new_deal_or_play_on_exposed():
    """Hoyle's irregularities, Illegal Knock: "If the knocker is found to have an incorrect number of cards,
    opponent may demand a new deal, or may require the offender to play on with his hand
    exposed and to correct it by drawing without discarding or discarding without drawing."
    Incorrect Hand: "If knocker's hand is incorrect, see Illegal Knock below." """
    state = start(ELEVEN, TV1_DEFENDER, "3H", STOCK)
    state = play(state, Pass(B), Pass(A), Draw(B, Source.STOCK))
    with pytest.raises(IllegalKnock, match="would hold 11 cards"):
        apply(state, Knock(B, C("QH")))
    with pytest.raises(IllegalAction, match="new_deal or play_on_exposed"):
        apply(state, IrregularKnock(B, C("QH"), Choice.ACCEPT))
    assert _new_deal_by(apply(state, IrregularKnock(B, C("QH"), Choice.NEW_DEAL))) == A
    state = play(state, IrregularKnock(B, C("QH"), Choice.PLAY_ON_EXPOSED),
                 Draw(A, Source.STOCK), Discard(A, C("4D")))
    assert player_view(state, A).opponent_open
    assert (state.to_act, state.phase) == (B, Phase.DISCARD)  # correcting: no draw


def test_a_knocker_may_rearrange_his_cards_to_make_his_claim_good():
    """Hoyle's irregularities, Illegal Knock: "If the knocker can make his claim good by rearranging his cards into
    different sets, he may do so." Declared with one meld, TV1's knocker would count 69; the
    cards arranged count 10, so the knock stands (and TV1's undercut follows)."""
    state = play(_opening(), Pass(B), Pass(A), Draw(B, Source.STOCK))
    with pytest.raises(IllegalAction, match="knock is good"):
        apply(state, IrregularKnock(B, C("QH"), Choice.ACCEPT))
    state = play(state, Knock(B, C("QH"), spread=(parse_cards("5S 6S 7S"),)), LayOff(A))
    assert (state.result.outcome, state.result.points) == (Outcome.UNDERCUT, 26)


# --- Exposed Card --------------------------------------------------------------------------


def _exposed_4d():
    """B draws QH and in drawing sees the 4D under it."""
    state = play(_opening(), Pass(B), Pass(A), Draw(B, Source.STOCK))
    return apply(state, ExposedCards(B, (C("4D"),)))


def test_cards_seen_in_drawing_are_placed_face_up():
    """Hoyle's irregularities, Exposed Card: "If in drawing a player sees any card to which he is not entitled, all
    such cards must be placed face up on the table." """
    state = _exposed_4d()
    assert state.exposed == (C("4D"),) and C("4D") not in state.stock
    assert player_view(state, A).exposed == (C("4D"),)
    assert accounted(state)


def test_the_offender_may_knock_this_turn_only_with_gin():
    """Hoyle's irregularities, Exposed Card: "The offender may knock in his current turn only if he has a gin hand."
    """
    with pytest.raises(IllegalKnock, match="knock limit of 0"):
        apply(_exposed_4d(), Knock(B, C("QH")))
    gin = start("AS 2S 3S 4H 5H 6H 7D 8D 9D KC", "QS 8S 9S AC 2C 7C 8C 2D JS 2H", "KH", "10D JD")
    gin = play(gin, Pass(B), Pass(A), Draw(B, Source.STOCK), ExposedCards(B, (C("JD"),)),
               Knock(B, C("KC")), LayOff(A))
    assert gin.result.outcome is Outcome.GIN


def test_the_non_offender_may_take_an_exposed_card_in_his_turn():
    """Hoyle's irregularities, Exposed Card: "Otherwise, play continues, and the nonoffender may in each succeeding
    turn take one of the exposed cards or the top of the discard pile; ..." """
    state = apply(_exposed_4d(), Discard(B, C("QH")))
    taken = apply(state, Draw(A, Source.EXPOSED, C("4D")))
    assert C("4D") in taken.hands[A] and taken.exposed == ()
    assert C("4D") in player_view(taken, B).opponent_known


def test_after_the_non_offender_draws_from_the_stock_the_right_goes_to_the_offender():
    """Hoyle's irregularities, Exposed Card: "... after the first occasion when he draws from the stock instead,
    the right to draw from the exposed cards goes to the offender; ..." """
    state = apply(_exposed_4d(), Discard(B, C("QH")))
    assert player_view(state, A).may_draw_exposed
    took_pile = play(state, Draw(A, Source.DISCARD), Discard(A, C("8D")))
    with pytest.raises(IllegalAction, match="no right"):
        apply(took_pile, Draw(B, Source.EXPOSED, C("4D")))
    state = play(state, Draw(A, Source.STOCK), Discard(A, C("9H")))
    assert state.exposed == (C("4D"),)
    assert player_view(state, B).may_draw_exposed and not player_view(state, A).may_draw_exposed
    assert apply(state, Draw(B, Source.EXPOSED, C("4D"))).hands[B][-1] == C("4D")


def test_after_the_offender_draws_from_the_stock_the_exposed_cards_go_back_at_random():
    """Hoyle's irregularities, Exposed Card: "... and after the offender has first drawn from the stock instead, any
    remaining exposed cards are inserted at random in the stock." """
    state = play(_exposed_4d(), Discard(B, C("QH")), Draw(A, Source.STOCK),
                 Discard(A, C("9H")), Draw(B, Source.STOCK))
    assert state.exposed == () and C("4D") in state.stock
    assert accounted(state)
    assert replay(state.rules, state.log) == state  # the same random place on a replay


def test_a_card_found_faced_in_the_stock_after_play_has_begun_is_shuffled_back():
    """Hoyle's irregularities, Exposed Card: "A card found faced in the stock after play has begun must be shuffled
    back into the stock." """
    begun = apply(_opening(), Pass(B))
    state = apply(begun, FacedCard(C("9H")))
    assert not state.is_over and state.hands == begun.hands
    assert sorted(state.stock) == sorted(begun.stock) and state.stock != begun.stock
    with pytest.raises(IllegalAction, match="not in the stock"):
        apply(begun, FacedCard(C("8D")))


def test_exposing_a_card_from_ones_own_hand_is_not_penalised():
    """Hoyle's irregularities, Exposed Card: "There is no penalty against a player for exposing a card from his
    hand." The opponent has seen it: it shows in his view while it stays in the hand."""
    state = _opening()
    shown = apply(state, ShowCard(A, C("8D")))
    assert (shown.phase, shown.to_act, shown.hands) == (state.phase, state.to_act, state.hands)
    assert player_view(shown, B).opponent_known == (C("8D"),)


# --- Looking Through Discard Pile ----------------------------------------------------------


def _pile_of_two():
    """B has thrown the QH onto the upcard; A is to draw."""
    return play(_opening(), Pass(B), Pass(A), Draw(B, Source.STOCK), Discard(B, C("QH")))


def test_looking_through_the_pile_loses_the_next_turn():
    """Hoyle's irregularities, Looking Through Discard Pile: "In the absence of such agreement, the discard pile
    must be kept squared so that only the top card is readable; a player who spreads it and so
    sights a covered card loses his next turn, opponent then having two turns in successions."
    """
    state = play(_pile_of_two(), LookThroughDiscards(B), Draw(A, Source.STOCK),
                 Discard(A, C("4D")))
    assert state.to_act == A  # B's turn is lost: A plays twice in succession
    state = play(state, Draw(A, Source.STOCK), Discard(A, C("9H")))
    assert state.to_act == B


def test_looking_in_ones_own_turn_loses_the_turn_after():
    state = play(_pile_of_two(), LookThroughDiscards(A), Draw(A, Source.STOCK),
                 Discard(A, C("4D")))
    assert state.to_act == B
    state = play(state, Draw(B, Source.STOCK), Discard(B, C("9H")))
    assert state.to_act == B


def test_the_player_who_lost_his_turn_is_told_so_if_he_plays_it():
    """Hoyle's irregularities, Looking Through Discard Pile: "loses his next turn, opponent then
    having two turns in successions": in the lost turn only the opponent's moves are legal, and
    a move of the offender's is refused, saying why."""
    state = play(_pile_of_two(), LookThroughDiscards(B), Draw(A, Source.STOCK),
                 Discard(A, C("4D")))
    assert state.marks.turn_lost is B and state.marks.lost_turns == (0, 0)
    assert {event.seat for event in legal_events(state)} == {A}
    with pytest.raises(IllegalAction) as refused:
        apply(state, Draw(B, Source.STOCK))
    assert str(refused.value) == (
        "it is A's turn, not B's: B lost this turn for looking through the discard pile")
    state = play(state, Draw(A, Source.STOCK), Discard(A, C("9H")))
    assert state.marks.turn_lost is None and state.to_act is B  # served once


def test_a_lost_turn_is_in_the_hands_log_and_replays():
    state = play(_pile_of_two(), LookThroughDiscards(B), Draw(A, Source.STOCK),
                 Discard(A, C("4D")), Draw(A, Source.STOCK))
    assert LookThroughDiscards(B) in state.log
    assert replay(state.rules, log_from_json(log_to_json(state.log))) == state


def test_no_penalty_where_the_players_agreed_that_looking_is_allowed():
    """Hoyle's irregularities: "The players may agree in advance that looking through the discard pile will be
    permitted." (Ruleset.discard_pile_looking_allowed)"""
    rules = Ruleset(discard_pile_looking_allowed=True)
    state = play(start(TV1_KNOCKER, TV1_DEFENDER, "3H", STOCK, rules=rules), Pass(B), Pass(A),
                 Draw(B, Source.STOCK), Discard(B, C("QH")))
    with pytest.raises(IllegalAction, match="allowed"):
        apply(state, LookThroughDiscards(A))


def test_a_single_card_pile_has_no_covered_card_to_sight():
    with pytest.raises(IllegalAction, match="no covered card"):
        apply(_opening(), LookThroughDiscards(A))


# --- Wrong dealer --------------------------------------------------------------------------


def test_a_wrong_dealer_may_be_stopped_before_the_upcard_is_turned():
    """docs/rules.md "Wrong dealer" (the Hoyle tradition): "Found before the upcard is turned, the
    deal is void and the right player deals. Once the upcard is turned the deal stands." """
    dealt = deal(Ruleset(), A, seed=8)
    assert _new_deal_by(apply(dealt, WrongDealer())) == B
    with pytest.raises(IllegalAction, match="deal stands"):
        apply(apply(dealt, TurnUpcard(A)), WrongDealer())


# --- Where the source is silent (docs/rulings.md) ------------------------------------------


def test_drawing_from_the_stock_out_of_turn_is_ruled_an_exposed_card():
    """Sources silent; ruled by Hoyle's irregularities, Exposed Card: "If in drawing a player sees any card to which
    he is not entitled, all such cards must be placed face up on the table." The offender's
    gin-only restriction applies to his next turn."""
    state = play(_opening(), Pass(B), Pass(A))
    state = apply(state, DrawOutOfTurn(A, Source.STOCK, Found.AT_ONCE))
    assert state.exposed == (C("QH"),) and len(state.hands[A]) == 10
    assert player_view(state, B).may_draw_exposed  # B may take the card that was his
    took = play(state, Draw(B, Source.EXPOSED, C("QH")), Discard(B, C("QH")))
    assert player_view(took, A).knock_limit == 0  # A's next turn: gin only
    state = play(state, Draw(B, Source.STOCK), Discard(B, C("4D")))
    assert player_view(state, A).may_draw_exposed  # B drew from the stock instead


def test_drawing_the_discard_out_of_turn_noticed_at_once_puts_it_back():
    """Source silent: the top discard was face up, so no card was seen that the player was not
    entitled to (like Hoyle's irregularities: "There is no penalty against a player for exposing a card from his
    hand."): the card goes back on the pile."""
    state = play(_opening(), Pass(B), Pass(A))
    after = apply(state, DrawOutOfTurn(A, Source.DISCARD, Found.AT_ONCE))
    assert (after.hands, after.discards, after.to_act) == (state.hands, state.discards, B)


def test_drawing_out_of_turn_noticed_later_is_ruled_an_incorrect_hand():
    """Sources silent; ruled by Hoyle's irregularities, Incorrect Hand: "If after play has begun one player is found
    to have too few or too many cards, his opponent may require a new deal or may allow play to
    continue." """
    state = play(_opening(), Pass(B), Pass(A), Draw(B, Source.STOCK), Discard(B, C("QH")),
                 Draw(A, Source.STOCK), Discard(A, C("4D")))
    state = apply(state, DrawOutOfTurn(A, Source.STOCK, Found.LATER))
    assert len(state.hands[A]) == 11
    state = play(state, Draw(B, Source.STOCK), Discard(B, C("3C")))
    with pytest.raises(IllegalAction, match="chooses"):
        apply(state, IncorrectHand())
    state = apply(state, IncorrectHand(Choice.PLAY_ON, offender=A))
    assert (state.to_act, state.phase) == (A, Phase.DISCARD)  # discards without drawing


def test_drawing_two_cards_noticed_at_once_exposes_the_second():
    """Sources silent; ruled by Hoyle's irregularities, Exposed Card (the second card is one "to which he is not
    entitled") and "The offender may knock in his current turn only if he has a gin hand." """
    state = play(_opening(), Pass(B), Pass(A), DrawTwo(B, Found.AT_ONCE))
    assert C("QH") in state.hands[B] and state.exposed == (C("4D"),)
    with pytest.raises(IllegalKnock, match="knock limit of 0"):
        apply(state, Knock(B, C("QH")))
    assert accounted(state)


def test_drawing_two_cards_noticed_later_is_ruled_an_incorrect_hand():
    """Sources silent; ruled by Hoyle's irregularities, Incorrect Hand (the offender holds one card too many)."""
    state = play(_opening(), Pass(B), Pass(A), DrawTwo(B, Found.LATER), Discard(B, C("QH")))
    assert len(state.hands[B]) == 11
    assert _new_deal_by(apply(state, IncorrectHand(Choice.NEW_DEAL))) == A


# --- The catalogue -------------------------------------------------------------------------

# shared/ lies beside the project's checkout (on a developer's machine and in CI).
RULE_TEXTS = Path(__file__).resolve().parents[3] / "shared" / "rules"
SOURCE = RULE_TEXTS / "000_24fa8be46695dfa1.txt"
RULE_BOOK = Path(__file__).resolve().parents[2] / "docs" / "rules.md"


def _words(text: str) -> str:
    return " ".join(text.split())


OWN_WORDS = (rulings.WRONG_DEALER, rulings.WRONG_COUNT_EARLY)


def test_the_hoyle_tradition_rulings_are_quoted_from_the_rule_book():
    book = _words(RULE_BOOK.read_text().replace("**", ""))
    for sentence in OWN_WORDS:
        assert _words(sentence) in book, sentence


@pytest.mark.skipif(not SOURCE.exists(), reason="the original rule texts are not on this machine")
def test_every_quoted_rule_of_hoyle_is_verbatim_from_the_original_text():
    source = _words(SOURCE.read_text())
    for item in CATALOGUE:
        for sentence in item.rule:
            if sentence not in OWN_WORDS:
                assert _words(sentence) in source, (item.key, sentence)


def test_the_catalogue_covers_every_irregularity_event_once():
    assert len({item.key for item in CATALOGUE}) == len(CATALOGUE)
    assert {item.event for item in CATALOGUE} == set(RULINGS)
    assert irregularity("exposed_card").event is ExposedCards
    for item in CATALOGUE:
        fields = {f.name for f in dataclasses.fields(item.event)}
        assert {question.field for question in item.questions} <= fields, item.key
