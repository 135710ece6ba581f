"""A defender found with an incorrect hand after a knock, settled with the rest of the hand's
rules (Hoyle's irregularities, Incorrect Hand: "he is charged 10 for each missing card, or all
his cards (if more than ten) are counted; in either case, he cannot score for undercut"): the
Oklahoma multiplier, an over-limit knock the opponent accepted, big gin, the house rule on the
length of a run; and the stand-in cards that take the missing cards' place while the defence is
settled."""

import pytest

from gameplay.engine import (
    DECK,
    KnockOverLimit,
    Outcome,
    Ruleset,
    charge_incorrect_defender,
    least_deadwood,
)
from gameplay.engine.cards import parse_card, parse_cards
from gameplay.engine.errors import EngineError
from gameplay.engine.hand_events import (
    BigGin,
    Choice,
    Draw,
    IncorrectHand,
    IrregularKnock,
    Knock,
    LayOff,
    Pass,
    Source,
)
from gameplay.engine.hand_settle import stand_ins
from tests.engine.test_hand_support import TV1_DEFENDER, A, B, play, start

KNOCKER = "4H 5H 6H 7H 9C 10C JC KS KC KD"
SPREAD = tuple(tuple(parse_cards(meld)) for meld in ("4H 5H 6H 7H", "9C 10C JC", "KS KC KD"))
ELEVEN = TV1_DEFENDER + " 3D"  # all counted: 52
NINE = TV1_DEFENDER[:-3]  # the two of hearts missing


def _result(state):
    return state.result.outcome, state.result.winner, state.result.points, state.result.note


def test_an_incorrect_defender_in_oklahoma_pays_double_on_a_spade_upcard():
    """The eleven cards' 52 and the gin bonus of 25, doubled by the spade upcard: 154."""
    state = start(KNOCKER, ELEVEN, "3S", "QH 4D", rules=Ruleset(oklahoma=True))
    state = play(state, Pass(B), Pass(A), Draw(B, Source.STOCK), Knock(B, parse_card("QH"), SPREAD),
                 IncorrectHand(offender=A), LayOff(A))
    assert _result(state) == (Outcome.GIN, B, 154,
                              "defender's incorrect hand charged 52; no undercut")


def test_an_accepted_knock_over_the_limit_stands_against_a_short_defender():
    """22 of deadwood, over the limit of 10, accepted by the defender, who then holds nine
    cards: his count after layoffs, 17, and 10 for the missing card, 27; a knock of 5."""
    state = start("5H 6H 7H 9C 10C JC 4S 4C 5D 9D", NINE, "3S", "QH 4D")
    state = play(state, Pass(B), Pass(A), Draw(B, Source.STOCK),
                 IrregularKnock(B, parse_card("QH"), Choice.ACCEPT), LayOff(A))
    assert _result(state) == (Outcome.KNOCK, B, 5,
                              "defender's incorrect hand charged 27; no undercut")


def test_big_gin_against_a_short_defender_scores_the_big_gin_bonus():
    """All eleven cards melded after drawing the eight of hearts: 27 charged and the big gin
    bonus of 31, 58."""
    state = start(KNOCKER, NINE, "3S", "8H 4D")
    state = play(state, Pass(B), Pass(A), Draw(B, Source.STOCK), BigGin(B), LayOff(A))
    assert _result(state) == (Outcome.BIG_GIN, B, 58,
                              "defender's incorrect hand charged 27; no undercut")


def test_big_gin_with_no_bonus_against_a_short_defender_scores_the_charge_alone():
    """A house rule playing big gin for no bonus: the 27 charged, nothing added."""
    state = start(KNOCKER, NINE, "3S", "8H 4D", rules=Ruleset(big_gin_bonus=0))
    state = play(state, Pass(B), Pass(A), Draw(B, Source.STOCK), BigGin(B), LayOff(A))
    assert _result(state) == (Outcome.BIG_GIN, B, 27,
                              "defender's incorrect hand charged 27; no undercut")


def test_the_knockers_count_follows_the_house_rule_on_runs():
    """With runs of three cards at most, the four hearts leave one of them as deadwood: a knock
    of 4 (the four, the five-six-seven run kept), not gin."""
    assert charge_incorrect_defender(KNOCKER, ELEVEN, Ruleset()).outcome is Outcome.GIN
    charge = charge_incorrect_defender(KNOCKER, ELEVEN, Ruleset(max_run_length=3))
    assert (charge.outcome, charge.points, charge.charged) == (Outcome.KNOCK, 48, 52)


def test_a_stand_in_may_share_its_rank_with_two_of_the_knockers_cards():
    """Two aces in the knocker's hand make no set to lay the ace of clubs off on: it stands in;
    with three aces there, the defender's ace could be laid off, so the next card is taken."""
    theirs = tuple(parse_cards("3D 4S 8C 10C QC 6D 9D QD 2S"))
    two_aces = tuple(parse_cards("AD AH 5H 6H 7H 9S 10S JS KS KD"))
    three_aces = tuple(parse_cards("AD AH AS 6H 7H 9S 10S JS KS KD"))
    assert stand_ins(two_aces, theirs, 1) == (parse_card("AC"),)
    assert stand_ins(three_aces, theirs, 1) == (parse_card("2C"),)


def test_no_free_stand_in_is_refused_with_the_reason():
    with pytest.raises(EngineError) as refused:
        stand_ins(DECK[:10], DECK[10:20], 40)
    assert str(refused.value) == "cannot settle this incorrect hand: no stand-in card is free"


def test_a_knock_over_the_limit_is_refused_against_a_short_defender_unless_accepted():
    over = "5H 6H 7H 9C 10C JC 4S 4C 5D 9D"  # 22 of deadwood
    with pytest.raises(KnockOverLimit):
        charge_incorrect_defender(over, NINE, Ruleset())
    assert charge_incorrect_defender(over, NINE, Ruleset(), over_limit_accepted=True).points == 5


def test_a_defender_of_ten_cards_is_charged_his_deadwood_after_layoffs():
    """Only more than ten cards are all counted: with ten, the charge is what a correct hand
    counts, his deadwood after his melds (here his twos and his eights) and layoffs."""
    charge = charge_incorrect_defender(KNOCKER, TV1_DEFENDER, Ruleset())
    assert charge.charged == least_deadwood(TV1_DEFENDER)
    assert charge.charged < sum(card.value for card in parse_cards(TV1_DEFENDER))


def test_a_short_defender_is_settled_against_the_knockers_declared_spread_and_house_rules():
    """The four of hearts left out of the declared spread is the knocker's deadwood: a knock,
    not the gin the engine's own spread would make; so too with runs of three at most."""
    spread = tuple(tuple(parse_cards(meld)) for meld in ("5H 6H 7H", "9C 10C JC", "KS KC KD"))
    assert charge_incorrect_defender(KNOCKER, NINE, Ruleset()).outcome is Outcome.GIN
    assert charge_incorrect_defender(KNOCKER, NINE, Ruleset(), spread=spread).outcome is (
        Outcome.KNOCK)
    assert charge_incorrect_defender(KNOCKER, NINE, Ruleset(max_run_length=3)).outcome is (
        Outcome.KNOCK)


def test_the_oklahoma_upcard_sets_the_limit_against_a_short_defender():
    """A knock with the four of hearts left over is within the usual 10, over the 3 a three of
    spades turned up allows."""
    spread = tuple(tuple(parse_cards(meld)) for meld in ("5H 6H 7H", "9C 10C JC", "KS KC KD"))
    with pytest.raises(KnockOverLimit):
        charge_incorrect_defender(KNOCKER, NINE, Ruleset(oklahoma=True), spread=spread,
                                  upcard=parse_card("3S"))
    charge = charge_incorrect_defender(KNOCKER, NINE, Ruleset(oklahoma=True), spread=spread,
                                       upcard=parse_card("5S"))
    # 27 charged (17 after layoffs, 10 for the missing card) less the 4: 23, doubled by a spade
    assert (charge.outcome, charge.points, charge.charged) == (Outcome.KNOCK, 46, 27)
