"""Settling a hand from its deadwood counts (docs/rules.md "Settling a knock"): the same scores
as settling it from the cards."""

import pytest

from gameplay.engine import (
    InvalidCounts,
    KnockOverLimit,
    Outcome,
    Ruleset,
    Side,
    parse_card,
    settle_counts,
    settle_hand,
)

STANDARD = Ruleset()


def test_a_knock_scores_the_difference():
    settled = settle_counts(4, 23, STANDARD)
    assert (settled.outcome, settled.winner, settled.points) == (Outcome.KNOCK, Side.KNOCKER, 19)


def test_undercut_on_equal_counts_scores_the_bonus():
    settled = settle_counts(10, 10, STANDARD)
    assert (settled.outcome, settled.winner, settled.points) == (Outcome.UNDERCUT, Side.DEFENDER,
                                                                 25)


def test_counts_settle_as_the_cards_do():
    # TV5 of docs/rules.md: nothing to lay off, 10 against 10, an undercut worth 25.
    by_cards = settle_hand("AC 2C 3C 4D 5D 6D 7H 8H 9H JS", "JC QC KC JD QD KD JH QH KH 10S")
    by_counts = settle_counts(by_cards.knocker_deadwood, by_cards.defender_deadwood, STANDARD)
    assert (by_counts.outcome, by_counts.winner, by_counts.points) == (
        by_cards.outcome, by_cards.winner, by_cards.points)


def test_over_the_limit_is_refused_unless_the_opponent_accepts_it():
    with pytest.raises(KnockOverLimit, match="deadwood is 12, over the knock limit of 10"):
        settle_counts(12, 23, STANDARD)
    assert settle_counts(12, 23, STANDARD, over_limit_accepted=True).points == 11


def test_oklahoma_a_spade_upcard_doubles_and_sets_the_limit():
    rules = Ruleset(oklahoma=True)
    assert settle_counts(3, 20, rules, upcard=parse_card("3S")).points == 34
    with pytest.raises(KnockOverLimit):
        settle_counts(4, 20, rules, upcard=parse_card("3S"))


@pytest.mark.parametrize("knocker, defender, side", [(-1, 5, "knocker"), (3, 99, "defender"),
                                                     (3, True, "defender")])
def test_a_count_no_hand_can_hold_names_its_side(knocker, defender, side):
    with pytest.raises(InvalidCounts) as refused:
        settle_counts(knocker, defender, STANDARD)
    assert refused.value.side == side


def test_big_gin_needs_no_deadwood_and_the_big_gin_rule():
    assert settle_counts(0, 10, STANDARD, big_gin=True).points == 41
    with pytest.raises(InvalidCounts):
        settle_counts(2, 10, STANDARD, big_gin=True)
    with pytest.raises(Exception, match="big gin is not played"):
        settle_counts(0, 10, Ruleset.preset("classic"), big_gin=True)
