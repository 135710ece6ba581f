"""The rulings' finer points: what each refusal says (the rulings assistant shows it to the
players), the note a void deal leaves, and the corners of Hoyle's irregularities that the main
rulings tests pass by: a correction with too many cards, two cards drawn at the first draw or
in a correction turn, the draw rights after a draw of two, the stock's last two cards."""

import pytest

from gameplay.engine.cards import parse_card, parse_cards
from gameplay.engine.errors import IllegalAction, IllegalKnock
from gameplay.engine.hand import apply, deal
from gameplay.engine.hand_events import (
    BigGin,
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
    WrongDealer,
)
from gameplay.engine.hand_state import Phase
from gameplay.engine.hand_view import player_view
from gameplay.engine.rules import Ruleset
from gameplay.engine.rulings import CATALOGUE, irregularity
from gameplay.engine.types import Outcome
from tests.engine.test_hand_support import TV1_DEFENDER, TV1_KNOCKER, A, B, accounted, play, start

C = parse_card
STOCK = "QH 4D 9H 3C 6D"


def _opening(**kwargs):
    """A deals; B (non-dealer) holds TV1's knocker hand, A TV1's defender hand; upcard 3H."""
    return start(TV1_KNOCKER, TV1_DEFENDER, "3H", STOCK, **kwargs)


def _refusal(state, event) -> str:
    with pytest.raises(IllegalAction) as refused:
        apply(state, event)
    return str(refused.value)


# --- what a refusal says ---------------------------------------------------------------------


def test_a_wrong_dealer_found_after_the_upcard_is_refused_the_deal_standing():
    assert _refusal(_opening(), WrongDealer()) == (
        "the deal stands: a wrong dealer can only be stopped before the upcard is turned")


def test_a_card_exposed_in_dealing_after_the_upcard_is_refused_the_deal_being_over():
    assert _refusal(_opening(), ExposedInDealing(C("9H"))) == (
        "the deal is over (the upcard is turned); a player exposing a card of his own hand is "
        "not penalised")


def test_the_upcard_is_not_a_card_faced_in_the_pack():
    assert _refusal(_opening(), FacedCard(C("3H"))) == "3H is not in the pack"


def test_the_player_on_turn_is_not_drawing_out_of_turn():
    assert _refusal(_opening(), DrawOutOfTurn(B, Source.STOCK)) == "B is not drawing out of turn"


def test_an_exposed_card_cannot_be_drawn_out_of_turn():
    assert _refusal(_opening(), DrawOutOfTurn(A, Source.EXPOSED)) == (
        "an exposed card lies face up: taking one out of turn is undone")


def test_no_draw_out_of_turn_from_an_empty_discard_pile():
    taken = apply(_opening(), Draw(B, Source.DISCARD))  # B takes the upcard: the pile is empty
    assert _refusal(taken, DrawOutOfTurn(A, Source.DISCARD)) == "the discard pile is empty"


def test_a_good_knock_is_not_ruled_as_an_illegal_knock():
    state = play(_opening(), Pass(B), Pass(A), Draw(B, Source.STOCK))
    assert _refusal(state, IrregularKnock(B, C("QH"), Choice.ACCEPT)) == (
        "B's knock is good (the engine arranges the cards for the least deadwood): play it as "
        "a knock")


def test_looking_through_the_discards_when_the_players_agreed_to_allow_it_is_no_offence():
    state = _opening(rules=Ruleset(discard_pile_looking_allowed=True))
    assert _refusal(state, LookThroughDiscards(A)) == (
        "the players agreed that looking through the discard pile is allowed: no penalty")


def test_looking_through_the_discards_before_the_upcard_is_turned_is_refused():
    assert _refusal(deal(Ruleset(), A, seed=3), LookThroughDiscards(A)) == (
        "the discard pile is not in play now")


def test_a_pile_of_one_card_has_no_covered_card_to_sight():
    assert _refusal(_opening(), LookThroughDiscards(A)) == (
        "the discard pile has no covered card to sight")


def test_a_player_shows_only_a_card_he_holds():
    assert _refusal(_opening(), ShowCard(B, C("2S"))) == "B does not hold 2S"


def test_an_unknown_irregularity_is_named_in_the_error():
    with pytest.raises(KeyError) as unknown:
        irregularity("card under the table")
    assert unknown.value.args == ("no irregularity 'card under the table'",)


# --- the note a void deal leaves -------------------------------------------------------------


def test_each_void_deal_notes_why():
    dealt = deal(Ruleset(), A, seed=4)
    card = dealt.hands[A][0]
    short = start("5S 6S 7S 9C 10C JC KS KC KD JD 2H", TV1_DEFENDER[:-3], "3H", STOCK)
    knock_short = play(short, Pass(B), Pass(A), Draw(B, Source.STOCK))
    notes = {
        "wrong dealer stopped before the upcard": apply(dealt, WrongDealer()),
        f"{card} seen faced in the pack": apply(dealt, FacedCard(card)),
        f"{card} exposed in dealing": apply(dealt, ExposedInDealing(card)),
        "B knocked with a wrong number of cards: new deal":
            apply(knock_short, IrregularKnock(B, C("QH"), Choice.NEW_DEAL)),
    }
    for note, state in notes.items():
        assert state.result.outcome is None and state.result.note == note


def test_a_card_of_the_dealers_hand_seen_faced_in_the_pack_means_a_new_deal():
    """Hoyle's irregularities, New Deal: "a card is seen faced in the pack" (the pack: every
    card dealt, the dealer's hand as much as the non-dealer's)."""
    dealt = deal(Ruleset(), A, seed=5)
    for seat in (A, B):
        state = apply(dealt, FacedCard(dealt.hands[seat][3]))
        assert state.result.outcome is None and state.result.deal_again_by is A


# --- correcting a hand -----------------------------------------------------------------------


def _twelve_after_first_draw():
    """B, dealt eleven, has drawn his first card: twelve where eleven are due."""
    state = start("5S 6S 7S 9C 10C JC KS KC KD JD QS", TV1_DEFENDER, "3H", STOCK)
    return play(state, Pass(B), Pass(A), Draw(B, Source.STOCK))


def test_a_hand_with_too_many_cards_corrects_by_discarding_and_may_not_knock_meanwhile():
    """Hoyle's irregularities, Incorrect Hand: "the offender must correct his hand by
    discarding without drawing ... He may not knock until the next turn after his hand has been
    corrected." """
    state = apply(_twelve_after_first_draw(), IncorrectHand(Choice.PLAY_ON, B))
    assert state.turn is B and state.phase is Phase.DISCARD and state.marks.correction_turn
    with pytest.raises(IllegalKnock, match="until the turn after"):
        apply(state, BigGin(B))
    state = apply(state, Discard(B, C("QS")))
    assert state.turn is A and len(state.hands[B]) == 11 and B in state.marks.correcting
    state = play(state, Draw(A, Source.STOCK), Discard(A, C("4D")))
    assert state.turn is B and state.phase is Phase.DISCARD  # discards again without drawing


def test_two_cards_taken_at_the_first_draw_and_found_later_leave_the_non_offender_the_choice():
    """Hoyle's irregularities, Incorrect Hand: "after play has begun one player is found to have
    too ... many cards, his opponent may require a new deal or may allow play to continue":
    a draw of two is a first draw."""
    state = start(TV1_KNOCKER, TV1_DEFENDER, "3H", STOCK, dealer_seat=B)  # A is the non-dealer
    state = play(state, Pass(A), Pass(B), DrawTwo(A, Found.LATER))
    assert len(state.hands[A]) == 12 and state.drawn == (True, False)
    with pytest.raises(IllegalAction, match="non-offender chooses"):
        apply(state, IncorrectHand())
    state = apply(state, IncorrectHand(Choice.PLAY_ON, A))
    assert not state.is_over and A in state.marks.correcting


def test_two_cards_drawn_in_a_correction_turn_end_it():
    """A hand short of cards draws without discarding: the turn ends with the draw, of one card
    or (irregularly) two."""
    state = start("5S 6S 7S 9C 10C JC KS KC", TV1_DEFENDER, "3H", STOCK, dealer_seat=B)
    state = play(state, Pass(A), Pass(B), Draw(A, Source.STOCK), IncorrectHand(Choice.PLAY_ON))
    state = play(state, Draw(B, Source.STOCK), Discard(B, C("4D")))
    assert state.turn is A and state.marks.correction_turn and len(state.hands[A]) == 9
    state = apply(state, DrawTwo(A, Found.LATER))
    assert state.turn is B and state.phase is Phase.DRAW and len(state.hands[A]) == 11


def test_a_draw_two_that_cannot_be_found_at_once_still_begins_play():
    """After a draw of two, a card found faced in the stock is shuffled back: play has begun."""
    state = play(_opening(), Pass(B), Pass(A), DrawTwo(B, Found.AT_ONCE), Discard(B, C("KD")))
    state = apply(state, FacedCard(state.stock[0]))
    assert not state.is_over and accounted(state)


# --- exposed cards and drawing out of turn ---------------------------------------------------


def test_a_draw_of_two_from_the_stock_passes_the_exposed_card_rights_like_any_stock_draw():
    """Hoyle's irregularities, Exposed Card: "after the first occasion when he draws from the
    stock instead, the right to draw from the exposed cards goes to the offender"."""
    state = play(_opening(), Pass(B), Pass(A))
    state = apply(state, ExposedCards(B, (state.stock[1],)))
    state = play(state, Draw(B, Source.STOCK), Discard(B, C("QH")))
    assert state.marks.exposed_rights is A
    state = apply(state, DrawTwo(A, Found.LATER))
    assert state.marks.exposed_rights is B


def test_a_card_taken_out_of_turn_from_the_pile_is_known_to_the_opponent():
    state = apply(_opening(), DrawOutOfTurn(A, Source.DISCARD, Found.LATER))
    assert C("3H") in state.hands[A]
    assert C("3H") in player_view(state, B).opponent_known


def test_a_draw_out_of_turn_may_take_the_next_to_last_card_of_the_stock():
    """The last card of the stock is the player's on turn; the one before it can still be
    drawn out of turn (and is then an exposed card)."""
    state = play(_opening(), Pass(B), Pass(A))
    while len(state.stock) > 3:
        seat = state.turn
        state = apply(state, Draw(seat, Source.STOCK))
        state = apply(state, Discard(seat, state.hands[seat][-1]))
    state = apply(state, Draw(state.turn, Source.STOCK))
    assert len(state.stock) == 2
    state = apply(state, DrawOutOfTurn(state.turn.other, Source.STOCK, Found.AT_ONCE))
    assert len(state.stock) == 1 and len(state.exposed) == 1
    assert _refusal(state, DrawOutOfTurn(state.turn.other, Source.STOCK)) == (
        "the last card of the stock is the player's on turn")


# --- the incorrect hand: when there is a choice, and what a refusal says ---------------------


def test_a_count_at_a_discard_step_expects_eleven_of_the_player_discarding():
    state = play(_opening(), Pass(B), Pass(A), Draw(B, Source.STOCK))
    assert _refusal(state, IncorrectHand()) == (
        "no hand is newly found incorrect (A 10, B 11 cards)")


def test_the_choice_is_a_new_deal_or_play_on_and_nothing_else():
    state = _twelve_after_first_draw()
    assert _refusal(state, IncorrectHand(Choice.ACCEPT)) == (
        "the choice is new_deal or play_on, not accept")
    assert _refusal(state, IncorrectHand()) == "the non-offender chooses: a new deal or play on"
    assert apply(state, IncorrectHand(Choice.NEW_DEAL)).result.note == (
        "B's incorrect hand: new deal")


def test_both_hands_wrong_after_a_draw_leave_no_choice_but_a_new_deal():
    """Hoyle's irregularities, New Deal: "if at any time both players are found to have an
    incorrect number of cards": a new deal, which the non-offender cannot turn into play on."""
    state = start("5S 6S 7S 9C 10C JC KS KC KD JD QS", TV1_DEFENDER + " QD", "3H", STOCK,
                  dealer_seat=B)
    state = play(state, Pass(A), Pass(B), Draw(A, Source.STOCK))
    assert _refusal(state, IncorrectHand(Choice.PLAY_ON)) == (
        "the rule gives no choice here, so not play_on")
    state = apply(state, IncorrectHand(Choice.NEW_DEAL))
    assert state.result.note == "both players found with an incorrect number of cards"


def test_a_wrong_count_before_the_first_draw_notes_whose_it_was():
    state = start("5S 6S 7S 9C 10C JC KS KC KD JD QS", TV1_DEFENDER, "3H", STOCK)
    state = apply(state, IncorrectHand())
    assert state.result.note == "B's wrong count found before his first draw"


def test_a_defender_found_wrong_after_a_knock_gives_the_knocker_no_choice():
    """Hoyle's irregularities, Incorrect Hand: after a knock the defender "is charged 10 for
    each missing card": no new deal to choose."""
    state = start(TV1_KNOCKER, TV1_DEFENDER[:-3], "3H", STOCK)
    state = play(state, Pass(B), Pass(A), Draw(B, Source.STOCK), Knock(B, C("QH")))
    for choice in (Choice.NEW_DEAL, Choice.PLAY_ON):
        assert _refusal(state, IncorrectHand(choice)) == (
            f"the rule gives no choice here, so not {choice.value}")
    assert apply(state, IncorrectHand()).marks.defender_miscount


def test_a_defender_found_wrong_after_a_knock_is_charged_against_the_knockers_declared_spread():
    """Hoyle's irregularities, Incorrect Hand: the defender's eleven cards are all counted, 52,
    against the knocker's deadwood as he spread it: the four of hearts left out of his run, 4,
    so a knock of 48, not the gin his cards could have made. The result notes the charge."""
    knocker = "4H 5H 6H 7H 9C 10C JC KS KC KD"
    state = start(knocker, TV1_DEFENDER + " 3D", "3H", STOCK)
    spread = tuple(tuple(parse_cards(meld)) for meld in ("5H 6H 7H", "9C 10C JC", "KS KC KD"))
    state = play(state, Pass(B), Pass(A), Draw(B, Source.STOCK), Knock(B, C("QH"), spread),
                 IncorrectHand(offender=A), LayOff(A))
    assert (state.result.outcome, state.result.winner, state.result.points) == (
        Outcome.KNOCK, B, 48)
    assert state.result.note == "defender's incorrect hand charged 52; no undercut"


# --- exposed cards: naming the cards seen ------------------------------------------------------


def test_the_cards_seen_are_named_from_the_stock_and_at_least_one_stays_unseen():
    state = play(_opening(), Pass(B), Pass(A))
    assert _refusal(state, ExposedCards(B, ())) == "no card: name cards of the stock"
    assert _refusal(state, ExposedCards(B, (C("2S"),))) == "2S: name cards of the stock"
    assert _refusal(state, ExposedCards(B, state.stock)) == (
        "a card of the stock stays unseen: name only the cards seen")
    assert len(apply(state, ExposedCards(B, state.stock[1:])).stock) == 1


def test_a_defender_who_has_drawn_and_is_found_wrong_after_the_knock_still_has_no_choice():
    state = start(TV1_KNOCKER, TV1_DEFENDER[:-3], "3H", STOCK)
    state = play(state, Pass(B), Pass(A), Draw(B, Source.STOCK), Discard(B, C("QH")),
                 Draw(A, Source.STOCK), Discard(A, C("4D")), Draw(B, Source.STOCK),
                 Knock(B, C("9H")))
    assert state.drawn == (True, True) and state.phase is Phase.LAYOFF
    assert _refusal(state, IncorrectHand(Choice.NEW_DEAL)) == (
        "the rule gives no choice here, so not new_deal")


def test_a_second_wrong_hand_while_the_first_is_being_corrected_means_a_new_deal():
    """Hoyle's irregularities, New Deal: "if at any time both players are found to have an
    incorrect number of cards", one of them already correcting or not."""
    state = start("5S 6S 7S 9C 10C JC KS KC", TV1_DEFENDER, "3H", STOCK, dealer_seat=B)
    state = play(state, Pass(A), Pass(B), Draw(A, Source.STOCK), IncorrectHand(Choice.PLAY_ON))
    state = apply(state, DrawTwo(B, Found.LATER))
    assert A in state.marks.correcting and len(state.hands[B]) == 12
    assert _refusal(state, IncorrectHand(Choice.PLAY_ON)) == (
        "the rule gives no choice here, so not play_on")
    assert apply(state, IncorrectHand()).result.note == (
        "both players found with an incorrect number of cards")


def test_every_who_question_of_the_rulings_assistant_offers_the_two_seats():
    who = [q for item in CATALOGUE for q in item.questions if q.field in ("offender", "seat")]
    assert len(who) == 7 and all(q.choices == ("A", "B") for q in who)
    assert all(q.text.startswith("Who") for q in who if q.field == "offender")
