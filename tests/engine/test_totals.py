"""A game kept on paper as totals only: which final totals a game can end on (RULES.md "Game end")."""

from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gameplay.engine import (
    HandPointRange,
    HandRecord,
    Outcome,
    Ruleset,
    Seat,
    hand_point_range,
    score_game,
    totals_problem,
    totals_reachable,
)
from tests.examples import examples

STANDARD = Ruleset()


def test_game_to_100_cannot_end_90_40():
    assert "nobody reached 100" in totals_problem(STANDARD, (90, 40), 6)


def test_game_ends_on_the_hand_that_reaches_the_target():
    assert totals_problem(STANDARD, (104, 40), 6) is None
    # 230 means standing on at least 101 before the last hand: the game was already over.
    assert "cannot be reached" in totals_problem(STANDARD, (230, 10), 9)


def test_the_winner_may_stand_one_point_short_of_the_target_before_his_last_hand():
    """Hands worth 1 to 11: 110 is nine hands of 11 (99, one short of 100), then 11 more; no
    last hand can start from lower, as none is worth 12."""
    assert totals_reachable(110, 0, 10, 100, HandPointRange(1, 11))
    assert not totals_reachable(111, 0, 11, 100, HandPointRange(1, 11))


def test_both_players_cannot_reach_the_target():
    assert "only the winner" in totals_problem(STANDARD, (105, 100), 8)


def test_one_hand_cannot_score_more_than_a_hand_can():
    highest = hand_point_range(STANDARD).highest
    assert highest == 98 + 31  # the most deadwood ten cards hold, plus the big gin bonus
    assert totals_problem(STANDARD, (highest, 0), 1) is None
    assert totals_problem(Ruleset(target_score=150), (151, 0), 1) is not None


def test_loser_points_need_hands_of_their_own():
    # B scored 40, so B won a hand: 100-40 cannot be done in one hand.
    assert totals_problem(STANDARD, (100, 40), 1) is not None
    assert totals_problem(STANDARD, (100, 40), 2) is None


def test_gin_only_hands_score_at_least_the_gin_bonus():
    gin_only = Ruleset(knock_limit=0)
    assert hand_point_range(gin_only).lowest == 25
    assert totals_problem(gin_only, (100, 10), 5) is not None  # B cannot win a hand for 10
    assert totals_problem(gin_only, (100, 30), 5) is None


def test_oklahoma_doubles_the_highest_hand():
    assert hand_point_range(Ruleset(oklahoma=True, target_score=150)).highest == 2 * (98 + 31)


def test_no_hands_or_negative_points_refused():
    assert totals_problem(STANDARD, (100, 0), 0) is not None
    assert totals_problem(STANDARD, (100, -5), 3) is not None



@pytest.mark.parametrize(
    ("rules", "lowest", "highest"),
    [
        # A knock wins by at least a point; the most is a gin (or big gin) on 98 points of deadwood.
        (Ruleset(), 1, 98 + 31),
        (Ruleset(knock_limit=1), 1, 98 + 31),
        # Equal deadwood without the undercut is a knock worth nothing.
        (Ruleset(undercut_on_tie=False), 0, 98 + 31),
        # Gin only: a hand won is a gin, worth its bonus at least; there is no undercut.
        (Ruleset(knock_limit=0), 25, 98 + 31),
        (Ruleset(knock_limit=0, undercut_bonus=500), 25, 98 + 31),
        # An undercut is worth its bonus and at most the knock limit besides.
        (Ruleset(undercut_bonus=500), 1, 10 + 500),
        # No gin bonus and no big gin: a gin scores the defender's deadwood only.
        (Ruleset(gin_bonus=0, big_gin_bonus=None), 1, 98),
        (Ruleset(gin_bonus=40, big_gin_bonus=None), 1, 98 + 40),
        # Oklahoma: an ace upcard means gin only, yet other hands knock; a spade doubles.
        (Ruleset(oklahoma=True, knock_limit=0), 1, 2 * (98 + 31)),
    ],
)
def test_a_hand_won_scores_from_the_least_a_win_is_worth_to_the_most_a_hand_can_score(
        rules, lowest, highest):
    assert hand_point_range(rules) == HandPointRange(lowest, highest)


def test_a_game_in_which_every_hand_won_reaches_the_target_ends_on_its_first_hand_won():
    gin_only_to_20 = Ruleset(knock_limit=0, target_score=20)
    assert totals_problem(gin_only_to_20, (60, 0), 2) is None  # a dead hand, then a gin
    assert totals_problem(gin_only_to_20, (130, 0), 2) is not None  # no gin scores 130
    assert totals_problem(gin_only_to_20, (130, 0), 3) is not None


def test_a_game_may_last_up_to_999_hands():
    assert totals_problem(STANDARD, (104, 40), 999) is None
    assert totals_problem(STANDARD, (104, 40), 1000) == "a game has from 1 to 999 hands, not 1000"


@pytest.mark.parametrize(
    ("totals", "hands", "problem"),
    [
        ((100, -5), 3, "points cannot be negative"),
        ((90, 40), 6, "nobody reached 100: a game to 100 is not over at 90-40"),
        ((230, 10), 6, "230-10 in 6 hands cannot be reached in a game to 100 (a hand scores from "
                       "1 to 129, and the game ends on the hand that reaches 100)"),
        ((10, 130), 1, "10-130 in 1 hand cannot be reached in a game to 100 (a hand scores from "
                       "1 to 129, and the game ends on the hand that reaches 100)"),
    ],
)
def test_totals_no_game_can_end_on_are_refused_saying_why(totals, hands, problem):
    assert totals_problem(STANDARD, totals, hands) == problem


hand_points = st.integers(min_value=1, max_value=129)
hand_winner = st.sampled_from([Seat.A, Seat.B, None])


@settings(max_examples=examples(200))
@given(st.lists(st.tuples(hand_winner, hand_points), min_size=1, max_size=60))
def test_every_game_played_out_has_reachable_totals(hands):
    """Any game scored hand by hand under the standard rules ends on totals the check accepts."""
    records = []
    score = score_game([], STANDARD)
    for winner, points in hands:
        record = HandRecord.dead() if winner is None else HandRecord(Outcome.KNOCK, winner, points)
        score = score.add(record)
        records.append(record)
        if score.finished:
            break
    if score.finished:
        assert totals_problem(STANDARD, score.totals, len(records)) is None
    else:
        assert totals_problem(STANDARD, score.totals, len(records)) is not None


def brute_force(winner_total, loser_total, hands, target, points):
    """Every sequence of hands (dead, or won by either side for any allowed score) tried."""
    per_hand = [None, *((side, p) for side in "WL" for p in range(points.lowest, points.highest + 1))]
    for sequence in product(per_hand, repeat=hands):
        won = lost = 0
        over_early = False
        for i, hand in enumerate(sequence):
            if hand is not None:
                won, lost = (won + hand[1], lost) if hand[0] == "W" else (won, lost + hand[1])
            if (won >= target or lost >= target) and i < hands - 1:
                over_early = True
                break
        if not over_early and won >= target > lost and (won, lost) == (winner_total, loser_total):
            return True
    return False


@settings(max_examples=examples(150), deadline=None)
@given(
    st.integers(0, 12), st.integers(0, 8), st.integers(1, 4), st.integers(1, 8),
    st.integers(0, 2), st.integers(1, 4),
)
def test_reachable_agrees_with_trying_every_sequence(winner, loser, hands, target, lowest, spread):
    points = HandPointRange(lowest, lowest + spread)
    assert (totals_reachable(winner, loser, hands, target, points)
            == brute_force(winner, loser, hands, target, points))
