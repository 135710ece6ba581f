"""What the claim check says, word for word: the scoresheet shows each sentence next to the field,
so each bound's reason is part of the rule it states (docs/rules.md "Settling a knock" and the
settings table)."""

import pytest

from gameplay.engine import (
    HandClaim,
    HandRecord,
    Outcome,
    Ruleset,
    Seat,
    check_claim,
    parse_card,
    score_hollywood,
)
from gameplay.engine.claims import bounds

A, B = Seat.A, Seat.B
KNOCK, UNDERCUT, GIN, BIG_GIN, DEAD = list(Outcome)
STANDARD = Ruleset()
TIE_IS_A_KNOCK = Ruleset(undercut_on_tie=False)
OKLAHOMA = Ruleset.preset("oklahoma")
KS, AS = parse_card("KS"), parse_card("AS")
# The most a knock can score: 1 deadwood against 98 (see gameplay/engine/claims.py).
LOW_KNOCKER = "2S 3S 4S 2H 3H 4H 2C 3C 4C AD"
MOST_DEADWOOD = "9C 9D 10S 10H JS JH QC QD KC KD"
MOST = "98 deadwood, the most a hand can hold"


def said(outcome, winner, points, rules=STANDARD, knocker=None, **given):
    return check_claim(HandClaim(outcome, winner, points, knocker), rules, **given).problems


@pytest.mark.parametrize(("outcome", "points", "rules", "sentence"), [
    (KNOCK, 98, STANDARD, f"a knock is worth at most 97 ({MOST}, less the knocker's at least 1), "
                          "not 98"),
    (KNOCK, 0, STANDARD, "a knock is worth at least 1 (equal deadwood is an undercut), not 0"),
    (GIN, 124, STANDARD, f"a gin is worth at most 123 ({MOST}, plus the gin bonus 25), not 124"),
    (BIG_GIN, 130, STANDARD, f"a big gin is worth at most 129 ({MOST}, plus the big gin bonus "
                             "31), not 130"),
    (BIG_GIN, 30, STANDARD, "a big gin is worth at least 31 (the big gin bonus), not 30"),
    (UNDERCUT, 24, STANDARD, "an undercut is worth at least 25 (the undercut bonus; a tie scores 0 "
                             "plus the bonus), not 24"),
    (UNDERCUT, 36, STANDARD, "an undercut is worth at most 35 (the knock limit 10 plus the bonus "
                             "25), not 36"),
    (UNDERCUT, 25, TIE_IS_A_KNOCK, "an undercut is worth at least 26 (the undercut bonus plus at "
                                   "least 1: a tie is a knock here), not 25"),
])
def test_a_claim_out_of_range_says_the_bound_and_its_reason(outcome, points, rules, sentence):
    winner = B if outcome is UNDERCUT else A
    assert said(outcome, winner, points, rules) == (sentence,)


def test_a_spade_upcard_doubles_the_bound_and_says_so():
    assert said(KNOCK, A, 0, OKLAHOMA, upcard=KS) == (
        "a knock is worth at least 2 (equal deadwood is an undercut doubled for the spade "
        "upcard), not 0",)
    assert said(KNOCK, A, 196, OKLAHOMA, upcard=KS) == (
        f"a knock is worth at most 194 ({MOST}, less the knocker's at least 1 doubled for the "
        "spade upcard), not 196",)


def test_without_the_upcard_an_oklahoma_claim_is_checked_against_both_multipliers():
    assert said(KNOCK, A, 195, OKLAHOMA) == (
        f"a knock is worth at most 97 ({MOST}, less the knocker's at least 1), not 195 (nor, "
        "doubled by a spade upcard, an even number from 2 to 194)",)


def test_an_ace_upcard_in_oklahoma_allows_no_knock():
    assert said(KNOCK, A, 5, OKLAHOMA, upcard=AS) == (
        "no knock is possible: the knock limit is 0 (an ace upcard: gin only)",)


def test_a_knock_limit_of_0_allows_no_knock_and_names_no_upcard():
    assert said(KNOCK, A, 5, Ruleset(knock_limit=0), upcard=AS) == (
        "no knock is possible: the knock limit is 0",)


def test_a_knock_limit_of_1_allows_a_knock():
    assert said(KNOCK, A, 5, Ruleset(knock_limit=1)) == ()
    assert said(UNDERCUT, B, 26, Ruleset(knock_limit=1)) == ()


def test_the_bounds_of_each_outcome_before_any_multiplier():
    knock_high = f"{MOST}, less the knocker's at least 1"
    gin_high = f"{MOST}, plus the gin bonus 25"
    big_high = f"{MOST}, plus the big gin bonus 31"
    dead = "a dead hand scores nothing"
    for rules, knock_low, knock_reason in ((STANDARD, 1, "equal deadwood is an undercut"),
                                           (TIE_IS_A_KNOCK, 0, "a tie")):
        found = {o: bounds(o, rules, None) for o in Outcome}
        assert (found[KNOCK].low, found[KNOCK].high) == (knock_low, 97)
        assert (found[KNOCK].low_reason, found[KNOCK].high_reason) == (knock_reason, knock_high)
        assert (found[GIN].low, found[GIN].high, found[GIN].high_reason) == (25, 123, gin_high)
        assert (found[BIG_GIN].low, found[BIG_GIN].high) == (31, 129)
        assert (found[BIG_GIN].low_reason, found[BIG_GIN].high_reason) == (
            "the big gin bonus", big_high)
        assert (found[DEAD].low, found[DEAD].high) == (0, 0)
        assert found[DEAD].low_reason == found[DEAD].high_reason == dead


def test_unreadable_claims_say_what_they_should_be():
    assert said("bogus", A, 5) == (
        "unknown outcome 'bogus' (one of knock, undercut, gin, big_gin, dead_hand)",)
    assert said(KNOCK, A, "ten") == ("points must be a whole number, not 'ten'",)


def test_every_problem_is_said_together():
    assert said(DEAD, A, -1) == (
        "points cannot be negative (-1)", "a dead hand has no winner",
        "a dead hand scores nothing, not -1")
    assert said(KNOCK, A, -3, knocker_cards=LOW_KNOCKER) == (
        "points cannot be negative (-3)",
        "both hands are needed to check the claim against the cards")


def test_a_dead_hand_claimed_against_a_knock_in_the_cards():
    assert said(DEAD, A, 0, knocker_cards=LOW_KNOCKER, defender_cards=MOST_DEADWOOD) == (
        "a dead hand has no winner", "the cards make a knock, not a dead hand",
        "knock: knocker scores 97, not 0")


def test_a_winner_other_than_the_named_knocker_is_refused_against_the_cards():
    assert said(KNOCK, B, 97, knocker=A, knocker_cards=LOW_KNOCKER,
                defender_cards=MOST_DEADWOOD) == (
        "a knock is won by the knocker (A), not B", "the knocker (A) wins, not B")
    assert said(KNOCK, None, 97, knocker_cards=LOW_KNOCKER, defender_cards=MOST_DEADWOOD) == (
        "a knock needs a winner",)


def test_cards_refused_still_leave_the_spade_upcards_double():
    assert said(KNOCK, A, 7, OKLAHOMA, knocker_cards="AS AS", defender_cards=MOST_DEADWOOD,
                upcard=KS) == (
        "AS is given twice", "a knock with a spade upcard scores double: 7 is not even")


def test_a_claim_is_a_hand_record_of_its_outcome_winner_and_points():
    assert HandClaim(GIN, A, 30, knocker=A).record() == HandRecord(GIN, A, 30)


def test_a_dead_hand_claimed_against_an_undercut_in_the_cards_names_no_winner_mismatch():
    """A dead hand has no knocker, so the claimed winner is not read as one."""
    knocker, defender = "2S 3S 4S 2H 3H 4H 2C 3C 4C KD", "5S 6S 7S 5H 6H 7H 5C 6C 7C AD"
    assert said(DEAD, A, 0, knocker_cards=knocker, defender_cards=defender) == (
        "a dead hand has no winner", "the cards make an undercut, not a dead hand",
        "undercut: defender scores 34, not 0")


def test_no_hand_is_added_after_the_hollywood_match_is_over():
    match = score_hollywood([HandRecord(GIN, A, 100)] * 3)
    assert said(KNOCK, B, 12, game=match) == (
        "the Hollywood match is over (all three columns closed): no hand can be added",)
