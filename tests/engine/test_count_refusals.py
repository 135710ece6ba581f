"""What a hand settled from its counts holds, and every refusal of counts or of a claimed
outcome, word for word (docs/rules.md "Knocking", "Settling a knock" and "Oklahoma"): the
engine's sentence is what a Python caller reads, and the site words the same facts."""

import pytest

from gameplay.engine import (
    IllegalKnock,
    InvalidCounts,
    KnockOverLimit,
    Outcome,
    Ruleset,
    Side,
    parse_card,
    settle_counts,
)
from gameplay.engine.counts import MOST_DEADWOOD, CountSettlement, claimed_outcome_problem

STANDARD = Ruleset()
OKLAHOMA = Ruleset(oklahoma=True)
NO_TIE_UNDERCUT = Ruleset(undercut_on_tie=False)


def _refused(error, *args, **kwargs):
    with pytest.raises(error) as refused:
        settle_counts(*args, **kwargs)
    return refused.value


def test_a_settled_knock_keeps_both_counts_and_the_limit():
    assert settle_counts(4, 23, STANDARD) == CountSettlement(Outcome.KNOCK, Side.KNOCKER, 19, 4,
                                                             23, 10)


def test_an_oklahoma_hand_keeps_the_upcards_limit():
    assert settle_counts(0, 20, OKLAHOMA, upcard=parse_card("7H")) == CountSettlement(
        Outcome.GIN, Side.KNOCKER, 45, 0, 20, 7)


def test_the_most_deadwood_a_hand_can_hold_is_accepted():
    settled = settle_counts(3, MOST_DEADWOOD, STANDARD)
    assert (settled.defender_deadwood, settled.points) == (98, 95)


@pytest.mark.parametrize("knocker, defender, message, side", [
    (3, 99, "the defender's deadwood is at most 98 (ten unmelded cards), not 99", "defender"),
    (-1, 5, "the knocker's deadwood cannot be negative (-1)", "knocker"),
    (3, True, "the defender's deadwood is a whole number, not True", "defender"),
    ("4", 5, "the knocker's deadwood is a whole number, not '4'", "knocker"),
    (4.0, 5, "the knocker's deadwood is a whole number, not 4.0", "knocker"),
])
def test_a_count_no_hand_can_hold_is_refused_with_its_reason(knocker, defender, message, side):
    refused = _refused(InvalidCounts, knocker, defender, STANDARD)
    assert (str(refused), refused.side) == (message, side)


def test_over_the_limit_names_the_count_and_the_limit():
    refused = _refused(KnockOverLimit, 12, 23, STANDARD)
    assert (str(refused), refused.deadwood, refused.limit) == (
        "knocker's deadwood is 12, over the knock limit of 10", 12, 10)


def test_an_ace_upcard_in_oklahoma_is_gin_only():
    refused = _refused(KnockOverLimit, 1, 23, OKLAHOMA, upcard=parse_card("AS"))
    assert str(refused) == ("knocker's deadwood is 1, over the knock limit of 0 (an ace upcard: "
                            "gin only)")


def test_the_ace_note_belongs_to_oklahoma_and_its_upcard_only():
    # A limit of 0 without Oklahoma (a house rule of gin only) has no upcard to blame.
    assert str(_refused(KnockOverLimit, 1, 23, Ruleset(knock_limit=0))) == (
        "knocker's deadwood is 1, over the knock limit of 0")
    assert str(_refused(KnockOverLimit, 8, 23, OKLAHOMA, upcard=parse_card("7S"))) == (
        "knocker's deadwood is 8, over the knock limit of 7")
    assert str(_refused(KnockOverLimit, 11, 23, OKLAHOMA)) == (
        "knocker's deadwood is 11, over the knock limit of 10")


def test_big_gin_refused_where_it_is_not_played_and_with_deadwood():
    refused = _refused(IllegalKnock, 0, 10, Ruleset.preset("classic"), big_gin=True)
    assert str(refused) == "big gin is not played under these rules"
    refused = _refused(InvalidCounts, 2, 10, STANDARD, big_gin=True)
    assert (str(refused), refused.side) == (
        "big gin has every card melded: the knocker's deadwood is 0, not 2", "knocker")


def _problem(claimed, knocker, defender, rules=STANDARD):
    problem = claimed_outcome_problem(claimed, settle_counts(knocker, defender, rules), rules)
    return problem if problem is None else (str(problem), problem.side)


def test_an_outcome_the_counts_make_has_no_problem():
    assert _problem(Outcome.KNOCK, 4, 23) is None
    assert _problem(Outcome.UNDERCUT, 10, 10) is None
    assert _problem(Outcome.GIN, 0, 10) is None


@pytest.mark.parametrize("claimed, name", [(Outcome.GIN, "gin"), (Outcome.BIG_GIN, "big gin")])
def test_gin_claimed_with_deadwood_names_the_knockers_count(claimed, name):
    assert _problem(claimed, 5, 20) == (f"{name} has no deadwood: the knocker's count is 5",
                                        "knocker")


def test_a_knock_with_no_deadwood_is_gin():
    assert _problem(Outcome.KNOCK, 0, 20) == (
        "a knock with no deadwood is gin: enter the knocker's count, or choose gin", "knocker")


def test_a_knock_claimed_where_the_defender_undercuts():
    assert _problem(Outcome.KNOCK, 9, 9) == (
        "the defender's 9 is at or below the knocker's 9: that is an undercut, won by the "
        "defender", "defender")
    assert _problem(Outcome.KNOCK, 9, 8, NO_TIE_UNDERCUT) == (
        "the defender's 8 is below the knocker's 9: that is an undercut, won by the defender",
        "defender")


def test_an_undercut_claimed_where_the_knocker_wins():
    assert _problem(Outcome.UNDERCUT, 5, 20) == (
        "an undercut needs the defender's count at or below the knocker's: 20 against 5 is a "
        "knock, won by the knocker", "defender")
    assert _problem(Outcome.UNDERCUT, 9, 9, NO_TIE_UNDERCUT) == (
        "an undercut needs the defender's count below the knocker's: 9 against 9 is a knock, "
        "won by the knocker", "defender")


def test_a_dead_hand_has_no_counts():
    assert _problem(Outcome.DEAD_HAND, 5, 20) == (
        "a dead hand has no deadwood counts: nobody knocked", "knocker")

