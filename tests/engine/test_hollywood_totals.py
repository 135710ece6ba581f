"""A Hollywood match kept on paper as each column's totals: every match played hand by hand
gives columns the check accepts, with the same totals and winner; columns no game could close
are refused with the column named."""

import random

import pytest

from gameplay.engine import (
    ColumnTotals,
    HandRecord,
    HollywoodFormat,
    HollywoodWinner,
    Outcome,
    Ruleset,
    Seat,
    hollywood_from_totals,
    hollywood_totals_problem,
)


def random_match(seed: int, rules: Ruleset, format: HollywoodFormat):
    rng = random.Random(seed)
    score = format.start(rules)
    while not score.finished:
        roll = rng.random()
        if roll < 0.1:
            hand = HandRecord(Outcome.DEAD_HAND, None, 0)
        else:
            winner = Seat.A if rng.random() < 0.5 else Seat.B
            hand = (HandRecord(Outcome.GIN, winner, rules.gin_bonus + rng.randint(0, 40))
                    if roll < 0.4 else HandRecord(Outcome.KNOCK, winner, rng.randint(1, 40)))
        score = score.add(hand)
    return score


@pytest.mark.parametrize("winner_by", list(HollywoodWinner))
@pytest.mark.parametrize("seed", range(40))
def test_columns_of_a_match_played_hand_by_hand_are_accepted_with_its_result(seed, winner_by):
    rules = Ruleset()
    format = HollywoodFormat(columns=3, winner_by=winner_by)
    played = random_match(seed, rules, format)
    columns = [ColumnTotals(c.totals, c.boxes) for c in played.columns]
    hands = len(played.lines)
    assert hollywood_totals_problem(format, rules, columns, hands) is None
    paper = hollywood_from_totals(format, rules, columns, hands)
    assert paper.totals == played.totals
    assert paper.columns_won == played.columns_won
    assert paper.winner == played.winner


def test_a_column_of_more_hands_won_than_points_is_refused():
    """Every hand won scores a point at least: 101 hands won make 101 or more, never 100."""
    format, rules = HollywoodFormat(), Ruleset()
    good = ColumnTotals((104, 30), (4, 2))
    crowded = ColumnTotals((100, 0), (101, 0))
    problem = hollywood_totals_problem(format, rules, [crowded, good, good], 101)
    assert problem.startswith("column 1: 100 points in 101 hands won cannot close a column")
    assert hollywood_totals_problem(format, rules, [ColumnTotals((100, 0), (100, 0)), good, good],
                                    101) is None


def test_a_column_no_game_could_close_is_refused_with_its_number():
    format, rules = HollywoodFormat(), Ruleset()
    good = ColumnTotals((104, 30), (4, 2))
    assert hollywood_totals_problem(format, rules, [good] * 3, 6) is None
    too_many = ColumnTotals((250, 30), (2, 2))  # two hands cannot make 250 and stop at 100
    problem = hollywood_totals_problem(format, rules, [good, too_many, good], 6)
    assert problem.startswith("column 2: 250 points in 2 hands won")
    assert hollywood_totals_problem(format, rules, [good] * 2, 6).startswith("a match of 3")
    assert "more than the match's 5 hands" in hollywood_totals_problem(format, rules,
                                                                      [good] * 3, 5)


def test_each_column_is_scored_to_the_formats_own_target():
    format, rules = HollywoodFormat(target=150), Ruleset()
    assert "nobody reached 150" in hollywood_totals_problem(
        format, rules, [ColumnTotals((120, 30), (4, 2))] * 3, 6)
    assert hollywood_totals_problem(format, rules, [ColumnTotals((155, 30), (4, 2))] * 3,
                                    6) is None


def test_a_column_closed_by_the_highest_hand_from_one_point_short_is_accepted():
    """Two hands won make 228 only as 99 and then 129, the most one hand scores (big gin
    against 98 of deadwood: 98 + 31): the first stops a point short of 100, the second closes
    the column. One point more cannot be made without passing 100 on the first hand."""
    format, rules = HollywoodFormat(columns=1), Ruleset()
    assert hollywood_totals_problem(format, rules, [ColumnTotals((228, 0), (2, 0))], 2) is None
    assert hollywood_totals_problem(format, rules, [ColumnTotals((229, 0), (2, 0))], 2) == (
        "column 1: 229 points in 2 hands won cannot close a column to 100 (a hand scores from 1 "
        "to 129, and the column closes on the hand that reaches 100)")
