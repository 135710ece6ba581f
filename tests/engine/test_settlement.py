"""Settling a knock: docs/rules.md "Settling a knock", Core "Knock" and "Layoffs", the worked hands
TV1 to TV5, and the knocking-and-scoring text on knocking, gin, layoffs and undercuts."""

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from gameplay.engine import (
    DECK,
    IllegalKnock,
    InvalidCards,
    KnockOverLimit,
    Layoff,
    MeldKind,
    Outcome,
    Ruleset,
    Side,
    is_meld,
    least_deadwood,
    make_meld,
    parse_card,
    parse_cards,
    settle_hand,
)
from gameplay.engine.settlement import score_counts
from tests.engine import brute_force
from tests.examples import examples

STANDARD = Ruleset()
CLASSIC = Ruleset.preset("classic")


def cards(text):
    return parse_cards(text)


def melds_of(settlement):
    return {tuple(meld.cards) for meld in settlement.spread}


def laid_off(settlement):
    return [(layoff.card.code, settlement.spread[layoff.meld_index].cards[0].code)
            for layoff in settlement.layoffs]


# --- the worked hands (docs/rules.md, standard values) -----------------------------------------------


def test_tv1_defender_breaks_the_eights_to_lay_off_and_undercuts():
    result = settle_hand(
        cards("5S 6S 7S 9C 10C JC KS KC KD JD"), cards("2S 8S 9S AC 2C 7C 8C 2D 8D 2H")
    )
    assert (result.outcome, result.winner, result.points) == (Outcome.UNDERCUT, Side.DEFENDER, 26)
    assert (result.knocker_deadwood, result.defender_deadwood) == (10, 9)
    assert sorted(laid_off(result)) == [("7C", "9C"), ("8C", "9C"), ("8S", "5S"), ("9S", "5S")]
    assert sorted(result.defender_deadwood_cards) == sorted(cards("AC 8D"))


def test_tv2_ten_then_nine_onto_the_spade_run_and_undercut():
    result = settle_hand(
        cards("AS AC AD JS QS KS 10C 10D 10H 2H"), cards("9S 10S 4S 4H 4D 4C 5S 5H 5D 5C")
    )
    assert (result.outcome, result.winner, result.points) == (Outcome.UNDERCUT, Side.DEFENDER, 27)
    assert (result.knocker_deadwood, result.defender_deadwood) == (2, 0)
    assert laid_off(result) == [("10S", "JS"), ("9S", "JS")]  # 10S first: the chain in order


def test_tv3_knocker_spreads_the_sets_that_leave_the_defender_most():
    result = settle_hand(
        cards("5S 6S 7S 5C 6C 7C 5D 6D 7D AS"), cards("3S 4S 8S 4C 8C 4D 8D 5H 6H 7H")
    )
    assert (result.outcome, result.winner, result.points) == (Outcome.KNOCK, Side.KNOCKER, 2)
    assert (result.knocker_deadwood, result.defender_deadwood) == (1, 3)
    assert all(meld.kind is MeldKind.SET for meld in result.spread)
    assert melds_of(result) == {cards("5C 5D 5S"), cards("6C 6D 6S"), cards("7C 7D 7S")}


def test_tv3_spread_as_runs_the_defender_would_undercut():
    runs = [cards("5S 6S 7S"), cards("5C 6C 7C"), cards("5D 6D 7D")]
    result = settle_hand(
        cards("5S 6S 7S 5C 6C 7C 5D 6D 7D AS"), cards("3S 4S 8S 4C 8C 4D 8D 5H 6H 7H"),
        spread=runs,
    )
    assert (result.outcome, result.winner, result.points) == (Outcome.UNDERCUT, Side.DEFENDER, 26)
    assert result.defender_deadwood == 0


def test_tv4_two_clubs_onto_the_clubs_and_the_knocker_scores():
    result = settle_hand(
        cards("AC 2C 3C 4D 5D 6D 7H 8H 9H JS"), cards("4C 5C 8D 9D JD JH QH KH 2S 3S")
    )
    assert (result.outcome, result.winner, result.points) == (Outcome.KNOCK, Side.KNOCKER, 22)
    assert (result.knocker_deadwood, result.defender_deadwood) == (10, 32)
    assert laid_off(result) == [("4C", "AC"), ("5C", "AC")]


def test_tv5_nothing_to_lay_off_ten_against_ten_is_an_undercut():
    result = settle_hand(
        cards("AC 2C 3C 4D 5D 6D 7H 8H 9H JS"), cards("JC QC KC JD QD KD JH QH KH 10S")
    )
    assert (result.outcome, result.winner, result.points) == (Outcome.UNDERCUT, Side.DEFENDER, 25)
    assert (result.knocker_deadwood, result.defender_deadwood) == (10, 10)
    assert result.layoffs == ()


# --- scoring (docs/rules.md "Settling a knock", the knocking-and-scoring text) ---------------------------------------------

KNOCKER_4 = cards("AC 2C 3C 4D 5D 6D 7H 8H 9H 4S")  # deadwood 4
NO_MELDS_80 = cards("KS QS JD 9C 2S 3S 7S 9S JH KD")  # no meld, nothing to lay off: 80


def test_knocker_scores_defender_deadwood_minus_own():
    result = settle_hand(KNOCKER_4, NO_MELDS_80)
    assert (result.outcome, result.winner) == (Outcome.KNOCK, Side.KNOCKER)
    assert (result.defender_deadwood, result.points) == (80, 80 - 4)


def test_undercut_when_defender_has_less_deadwood():
    result = settle_hand(KNOCKER_4, cards("JC QC KC JD QD KD JH QH KH 2S"))
    assert (result.outcome, result.winner, result.points) == (Outcome.UNDERCUT, Side.DEFENDER, 27)


def test_undercut_when_deadwood_equal():
    # the knocking-and-scoring text: "If the value of deadwood cards is equal after a knock ... an undercut."
    result = settle_hand(KNOCKER_4, cards("JC QC KC JD QD KD JH QH KH 4H"))
    assert (result.outcome, result.winner, result.points) == (Outcome.UNDERCUT, Side.DEFENDER, 25)


def test_equal_deadwood_is_a_knock_worth_nothing_without_undercut_on_tie():
    rules = Ruleset(undercut_on_tie=False)
    result = settle_hand(KNOCKER_4, cards("JC QC KC JD QD KD JH QH KH 4H"), rules)
    assert (result.outcome, result.winner, result.points) == (Outcome.KNOCK, Side.KNOCKER, 0)


def test_undercut_bonus_follows_the_ruleset():
    result = settle_hand(KNOCKER_4, cards("JC QC KC JD QD KD JH QH KH 2S"), CLASSIC)
    assert result.points == 2 + 10


GIN = cards("AC 2C 3C 4D 5D 6D 7H 8H 9H 10H")


def test_gin_scores_defender_deadwood_plus_gin_bonus():
    result = settle_hand(GIN, NO_MELDS_80)
    assert (result.outcome, result.winner) == (Outcome.GIN, Side.KNOCKER)
    assert result.points == 80 + 25
    assert settle_hand(GIN, NO_MELDS_80, CLASSIC).points == 80 + 20


def test_gin_is_never_undercut():
    result = settle_hand(GIN, cards("JC QC KC JD QD KD JS QS KS 5S"))
    assert (result.outcome, result.winner, result.points) == (Outcome.GIN, Side.KNOCKER, 5 + 25)


def test_against_gin_every_card_of_the_defender_is_shown_melded_or_deadwood():
    # AC is the first card of the deck: nothing about it is laid off against gin.
    gin = cards("2C 3C 4C 4D 5D 6D 7H 8H 9H 10H")
    defender = cards("AC 5C 9C KS QS JD 2S 3S 7S 9S")
    result = settle_hand(gin, defender)
    assert result.defender_melds == ()
    assert sorted(result.defender_deadwood_cards) == sorted(defender)
    assert (result.defender_deadwood, result.points) == (66, 66 + 25)


def test_no_layoffs_on_gin():
    # JH and 3C would extend the knocker's runs after a knock; against gin they stay deadwood.
    result = settle_hand(GIN, cards("JH 4C KS QS JD 9C 2S 3D 7S 9S"))
    assert result.layoffs == ()
    assert result.defender_deadwood == 10 + 4 + 10 + 10 + 10 + 9 + 2 + 3 + 7 + 9


def test_big_gin_needs_eleven_melded_cards():
    defender = cards("JS QS KS JD 9C 2S 3D 7S 9S KD")  # deadwood 50 after its spade run
    result = settle_hand(GIN + cards("JH"), defender)
    assert (result.outcome, result.winner, result.points) == (Outcome.BIG_GIN, Side.KNOCKER, 81)
    with pytest.raises(IllegalKnock, match="big gin needs all 11 cards melded"):
        settle_hand(GIN + cards("KH"), defender)


def test_big_gin_with_a_bonus_of_nought_scores_the_defenders_deadwood_alone():
    defender = cards("JS QS KS JD 9C 2S 3D 7S 9S KD")  # deadwood 50 after its spade run
    result = settle_hand(GIN + cards("JH"), defender, Ruleset(big_gin_bonus=0))
    assert (result.outcome, result.points) == (Outcome.BIG_GIN, 50)


def test_big_gin_is_refused_where_it_is_not_played():
    with pytest.raises(IllegalKnock) as refused:
        settle_hand(GIN + cards("JH"), cards("KS QS JD 9C 2S 3D 7S 9S JS KD"), CLASSIC)
    assert str(refused.value) == "big gin is not played under these rules: knock with 10 cards"


# --- layoffs (docs/rules.md "Layoffs") ----------------------------------------------------------

RUNS_KNOCKER = cards("2H 3H 4H 9C 10C JC KS KD KH AD")  # deadwood 1


def test_layoffs_chain_onto_a_run():
    result = settle_hand(RUNS_KNOCKER, cards("5H 6H 2S 3S 5D 7D 9D JD QS 8S"))
    assert laid_off(result) == [("5H", "2H"), ("6H", "2H")]  # 5H then 6H, in that order


def test_layoffs_extend_a_run_at_either_end():
    result = settle_hand(RUNS_KNOCKER, cards("8C QC 2S 3S 5D 7D 9D JD QS 8S"))
    assert sorted(laid_off(result)) == [("8C", "9C"), ("QC", "9C")]


def test_a_fourth_card_is_laid_off_on_a_set():
    result = settle_hand(RUNS_KNOCKER, cards("KC 2S 3S 5D 7D 9D JD QS 8S 4C"))
    assert laid_off(result) == [("KC", "KD")]


def test_a_card_that_fits_two_melds_is_laid_off_the_same_way_every_time():
    # 7S is a fourth seven or the next card of 4S 5S 6S: either way the defender keeps the same
    # cards. The first way found stands (the spread's later melds are tried first), so a hand
    # read back settles as it was shown.
    knocker = cards("7C 7D 7H 4S 5S 6S KC KD KH AD")
    result = settle_hand(knocker, cards("7S 2C 3D 9H JH QS 2H 9C 10D 5D"))
    assert [m.cards[0].code for m in result.spread] == ["7C", "KC", "4S"]
    assert laid_off(result) == [("7S", "4S")]


def test_defender_breaks_own_meld_to_lay_off():
    # 5H 6H 7H is a run of the defender's own; laying 5H 6H off and melding 7H 7S 7D instead
    # leaves less deadwood than keeping the run (docs/rules.md: "may break a meld of their own").
    result = settle_hand(RUNS_KNOCKER, cards("5H 6H 7H 7S 7D 9D JD QS 2S 3S"))
    assert laid_off(result) == [("5H", "2H"), ("6H", "2H")]
    assert {tuple(m.cards) for m in result.defender_melds} == {cards("7D 7H 7S")}
    assert result.defender_deadwood == 9 + 10 + 10 + 2 + 3


def test_knocker_never_lays_off():
    # The knocker's deadwood 8S would extend the defender's 5S 6S 7S: it stays deadwood.
    knocker = cards("2H 3H 4H 9C 10C JC KS KD KH 8S")
    result = settle_hand(knocker, cards("5S 6S 7S AC 2C 5D 7D 9D JD QS"))
    assert result.knocker_deadwood == 8
    assert result.knocker_deadwood_cards == cards("8S")
    assert all(layoff.card not in knocker for layoff in result.layoffs)


def test_max_run_length_limits_the_layoffs():
    rules = Ruleset(max_run_length=5)
    knocker = cards("2H 3H 4H 5H KS KD KC AD 2D 3C")  # the hearts run may grow by one card
    defender = cards("AH 6H 7H 2S 3S 5D 7D 9D JD QS")
    result = settle_hand(knocker, defender, rules)
    hearts = [layoff for layoff in result.layoffs if layoff.card.suit.value == "H"]
    assert len(hearts) == 1
    assert len(settle_hand(knocker, defender).layoffs) == 3


# With runs capped at three cards a four-card run melds three of them; the fourth is deadwood.
RUNS_OF_THREE = Ruleset(max_run_length=3)


def test_a_knocker_whose_run_is_longer_than_the_cap_knocks_with_its_extra_card():
    knocker = cards("AH 2H 3H 4H KS KD KC 9C 9D 9S")  # gin were runs not capped
    defender = cards("QS JD 2S 3S 7S 5C 7C 8D 10D QH")
    result = settle_hand(knocker, defender, RUNS_OF_THREE)
    assert (result.outcome, result.knocker_deadwood_cards) == (Outcome.KNOCK, cards("AH"))
    assert settle_hand(knocker, defender).outcome is Outcome.GIN


def test_against_gin_the_defenders_run_longer_than_the_cap_leaves_a_card_as_deadwood():
    gin = cards("AC 2C 3C 4D 5D 6D 8C 8D 8H 8S")  # gin under the cap too: a set of four
    defender = cards("AS 2S 3S 4S KD QD JC 9C 6H 7S")
    result = settle_hand(gin, defender, RUNS_OF_THREE)
    assert result.defender_deadwood == 1 + 10 + 10 + 10 + 9 + 6 + 7
    assert sorted(result.defender_deadwood_cards) == sorted(cards("AS KD QD JC 9C 6H 7S"))
    assert settle_hand(gin, defender).defender_deadwood == 10 + 10 + 10 + 9 + 6 + 7


def test_declared_spread_is_used():
    result = settle_hand(RUNS_KNOCKER, cards("5H 6H 2S 3S 5D 7D 9D JD QS 8S"),
                         spread=[make_meld(cards("KS KD KH")), "2H 3H 4H", cards("9C 10C JC")])
    assert [m.cards[0].code for m in result.spread] == ["KD", "2H", "9C"]
    assert laid_off(result) == [("5H", "2H"), ("6H", "2H")]
    assert result.layoffs[0] == Layoff(parse_card("5H"), 1)


def test_declared_spread_leaves_the_rest_as_deadwood():
    # A gin hand spread with a 3-card set of fives: 5S is deadwood and the hand is a knock.
    knocker = cards("5C 5D 5H 5S 2H 3H 4H 9C 10C JC")
    result = settle_hand(knocker, cards("KS QD 2S 3S 7D 9D JD 8S AH 6C"),
                         spread=["5C 5D 5H", "2H 3H 4H", "9C 10C JC"])
    assert (result.knocker_deadwood, result.knocker_deadwood_cards) == (5, cards("5S"))
    assert result.outcome is Outcome.KNOCK
    assert laid_off(result) == [("AH", "2H")]


@pytest.mark.parametrize(
    ("spread", "message"),
    [
        (["2H 3H 5H"], "not a meld"),
        (["2H 3H 4H 5H"], "5H in the spread but not in the knocker's hand"),
        (["2H 3H 4H", "4H KH KS KD"], "not a meld"),
        (["KH KS KD", "2H 3H 4H", "KD KS KH"], "in two melds of the spread"),
    ],
)
def test_declared_spread_is_checked(spread, message):
    with pytest.raises(InvalidCards, match=message):
        settle_hand(RUNS_KNOCKER, cards("5H 6H 2S 3S 5D 7D 9D JD QS 8S"), spread=spread)


# --- errors --------------------------------------------------------------------------------------


def test_knock_over_the_limit_is_illegal_and_says_by_how_much():
    knocker = cards("AC 2C 3C 4D 5D 6D 7H 8H 9H QS")
    with pytest.raises(IllegalKnock, match=r"^knocker's deadwood is 10, over the knock limit of 9$"):
        settle_hand(knocker, cards("KS JS 9S 9C 2S 3D 7S 9D JH KD"), Ruleset(knock_limit=9))
    high = cards("AC 2C 3C 4D 5D 6D 7H 8H 3S 4S")
    with pytest.raises(IllegalKnock, match=r"^knocker's deadwood is 22, over the knock limit of 10$"):
        settle_hand(high, cards("KS JS 9S 9C 2S 3D 7S 9D JH KD"))


def test_a_knock_over_the_limit_tells_the_opponent_the_count_and_the_limit_he_may_accept():
    """Hoyle's irregularities, Illegal Knock: the opponent may accept the knock or have the
    knocker play on, so the refusal carries the knocker's count and the hand's limit."""
    with pytest.raises(KnockOverLimit) as refused:
        settle_hand(cards("AC 2C 3C 4D 5D 6D 7H 8H 3S 4S"), cards("KS JS 9S 9C 2S 3D 7S 9D JH KD"),
                    Ruleset(knock_limit=9))
    assert (refused.value.deadwood, refused.value.limit) == (22, 9)


def test_counts_settle_as_a_knock_or_gin_unless_big_gin_is_said():
    assert score_counts(0, 20, Ruleset()) == (Outcome.GIN, Side.KNOCKER, 20 + 25)
    assert score_counts(5, 20, Ruleset()) == (Outcome.KNOCK, Side.KNOCKER, 15)


def test_accepted_illegal_knock_is_settled_over_the_limit():
    """Hoyle's irregularities, Illegal Knock: "If the knocker is found to have a deadwood count of more than
    10, opponent may accept the knock". Knocker 13 (4D 9D) against 57, nothing to lay off."""
    knocker = cards("5S 6S 7S 8S 9C 10C JC QC 4D 9D")
    defender = cards("AH 3H 5H 7H 9H JH KH 2C 4C 6C")
    with pytest.raises(IllegalKnock, match="13, over the knock limit of 10"):
        settle_hand(knocker, defender)
    result = settle_hand(knocker, defender, over_limit_accepted=True)
    assert (result.outcome, result.winner, result.points) == (Outcome.KNOCK, Side.KNOCKER, 44)
    assert (result.knocker_deadwood, result.defender_deadwood, result.layoffs) == (13, 57, ())


def test_an_accepted_knock_is_still_no_big_gin_with_deadwood():
    """Accepting a knock over the limit waives the limit only: eleven cards with deadwood are
    still no big gin (Core: "Big gin: all 11 cards melded after the draw, no discard")."""
    knocker = cards("5S 6S 7S 8S 9C 10C JC QC 4D 9D 2D")
    with pytest.raises(IllegalKnock, match="big gin needs all 11 cards melded"):
        settle_hand(knocker, cards("AH 3H 5H 7H 9H JH KH 2C 4C 6C"), over_limit_accepted=True)


def test_declared_spread_over_the_limit_says_a_rearrangement_would_do():
    with pytest.raises(IllegalKnock, match=r"over the knock limit of 10 \(the cards can be arranged for 1\)"):
        settle_hand(RUNS_KNOCKER, cards("QD 2S 3S 5D 7D 9D JD QS 8S 4C"), spread=["2H 3H 4H"])


def test_declared_spread_over_the_limit_names_a_rearrangement_right_at_the_limit():
    knocker = cards("2H 3H 4H 9C 10C JC KS KD KH 10D")  # at best: 10D, deadwood 10
    with pytest.raises(IllegalKnock) as refused:
        settle_hand(knocker, cards("AS 3S 5S 7S 9S QS 2D 4D 6D 8D"), spread=["2H 3H 4H"])
    assert str(refused.value) == ("knocker's deadwood is 69, over the knock limit of 10 "
                                  "(the cards can be arranged for 10)")


def test_a_card_in_both_hands_is_named():
    with pytest.raises(InvalidCards, match="AD cannot be in both hands"):
        settle_hand(RUNS_KNOCKER, cards("AD 2S 3S 5D 7D 9D JD QS 8S 4C"))


def test_cards_in_both_hands_are_named_in_a_list():
    with pytest.raises(InvalidCards) as refused:
        settle_hand(RUNS_KNOCKER, cards("AD 2H 3S 5D 7D 9D JD QS 8S 4C"))
    assert str(refused.value) == "AD, 2H cannot be in both hands"


@pytest.mark.parametrize(
    ("knocker", "defender", "message"),
    [
        (RUNS_KNOCKER[:9], cards("QD 2S 3S 5D 7D 9D JD QS 8S 4C"), "knocker holds 9 cards"),
        (RUNS_KNOCKER, cards("QD 2S 3S 5D 7D 9D JD QS 8S"), "defender holds 9 cards"),
    ],
)
def test_wrong_card_counts_are_refused(knocker, defender, message):
    with pytest.raises(InvalidCards, match=message):
        settle_hand(knocker, defender)


# --- Oklahoma (docs/rules.md "Settings") ---------------------------------------------------------------

OKLAHOMA = Ruleset.preset("oklahoma")


def test_oklahoma_knock_limit_is_the_upcard_value():
    with pytest.raises(IllegalKnock, match="knock limit of 3"):
        settle_hand(KNOCKER_4, NO_MELDS_80, OKLAHOMA, upcard=parse_card("3H"))
    assert settle_hand(KNOCKER_4, NO_MELDS_80, OKLAHOMA, upcard=parse_card("4H")).points == 76


def test_oklahoma_ace_upcard_means_gin_only():
    defender = cards("QS JD 8C 2S 3S 7S 9S JH 5C 6C")
    with pytest.raises(IllegalKnock, match="knock limit of 0"):
        settle_hand(RUNS_KNOCKER, defender, OKLAHOMA, upcard=parse_card("AH"))
    assert settle_hand(GIN, defender, OKLAHOMA, upcard=parse_card("AH")).outcome is Outcome.GIN


def test_oklahoma_spade_upcard_doubles_the_hand():
    assert settle_hand(KNOCKER_4, NO_MELDS_80, OKLAHOMA, upcard=parse_card("5S")).points == 152
    assert settle_hand(GIN, NO_MELDS_80, OKLAHOMA, upcard=parse_card("5S")).points == 2 * 105
    assert settle_hand(GIN, NO_MELDS_80, OKLAHOMA, upcard=parse_card("5H")).points == 105


# --- properties against the brute force -------------------------------------------------------


@st.composite
def knocks(draw):
    """A legal 10-card knock (deadwood 1 to 10) built from melds, and a defender hand drawn
    mostly from the cards next to those melds, so that layoffs happen often."""
    rules = draw(st.sampled_from([STANDARD, STANDARD, Ruleset(max_run_length=5)]))
    deck = list(draw(st.permutations(DECK)))
    knocker = _meld_rich(draw, deck, rules)
    near = [c for c in deck if c not in knocker and any(
        (c.suit == k.suit and abs(c.rank - k.rank) <= 2) or c.rank == k.rank for k in knocker)]
    far = [c for c in deck if c not in knocker and c not in near]
    # Enough near cards to make ten when few cards are far from the knocker's.
    share = draw(st.integers(max(0, 10 - len(far)), min(10, len(near))))
    defender = near[:share] + far[: 10 - share]
    return knocker, defender, rules


def _meld_rich(draw, deck, rules):
    """7 cards from a band of four ranks and 3 low cards, the first such choice along the
    shuffled deck that makes a legal knock (not gin)."""
    low = draw(st.integers(1, 9))
    for start in range(0, 52, 3):
        turned = deck[start:] + deck[:start]
        band = [c for c in turned if low <= c.rank < low + 4][:7]
        knocker = band + [c for c in turned if c.rank <= 3 and c not in band][:3]
        if 0 < least_deadwood(knocker, rules) <= 10:
            return knocker
    assume(False)


@settings(max_examples=examples(300), deadline=None)
@given(knocks())
def test_defender_deadwood_equals_brute_force(knock):
    knocker, defender, rules = knock
    result = settle_hand(knocker, defender, rules)
    assert result.defender_deadwood == brute_force.settle_defender_deadwood(
        knocker, defender, rules
    )


@settings(max_examples=examples(300), deadline=None)
@given(knocks())
def test_settlement_accounts_for_every_card_and_plays_layoffs_in_order(knock):
    knocker, defender, rules = knock
    result = settle_hand(knocker, defender, rules)
    spread_cards = [c for meld in result.spread for c in meld.cards]
    assert sorted(spread_cards + list(result.knocker_deadwood_cards)) == sorted(knocker)
    own = [c for meld in result.defender_melds for c in meld.cards]
    given_away = [layoff.card for layoff in result.layoffs]
    assert sorted(own + given_away + list(result.defender_deadwood_cards)) == sorted(defender)
    assert result.knocker_deadwood == least_deadwood(knocker, rules)
    assert result.defender_deadwood == sum(c.value for c in result.defender_deadwood_cards)
    grown = [list(meld.cards) for meld in result.spread]
    for layoff in result.layoffs:  # every single layoff leaves a meld behind it
        grown[layoff.meld_index].append(layoff.card)
        assert is_meld(grown[layoff.meld_index], rules)
    for meld in result.defender_melds:
        assert is_meld(meld.cards, rules)
