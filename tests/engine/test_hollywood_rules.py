"""Hollywood: the format's settings, the dealer over the match, and the paper check of columns
kept as totals, each refusal in full words (docs/rules.md, end of "Settings";
gameplay/engine/hollywood.py names the sources)."""

from itertools import product

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from gameplay.engine import (
    ColumnTotals,
    HandPointRange,
    HandRecord,
    HollywoodFormat,
    HollywoodScore,
    HollywoodWinner,
    InvalidHand,
    InvalidRuleset,
    NextDealer,
    Outcome,
    Ruleset,
    Seat,
    hollywood_from_totals,
    hollywood_totals_problem,
    score_hollywood,
)
from gameplay.engine.errors import EngineError
from gameplay.engine.hollywood import _column_problem
from tests.examples import examples

STANDARD = Ruleset()
FORMAT = HollywoodFormat()


def knock(winner, points=30):
    return HandRecord(Outcome.KNOCK, winner, points)


def refusal(error, make):
    with pytest.raises(error) as refused:
        make()
    return str(refused.value)


# --- the format and the score sheet -----------------------------------------------------------


def test_a_match_has_from_one_to_nine_columns():
    assert len(HollywoodScore(column_count=9).columns) == 9
    assert len(HollywoodScore(column_count=1).columns) == 1
    assert refusal(InvalidRuleset, lambda: HollywoodScore(column_count=10)) == (
        "a Hollywood match has 1 to 9 columns, not 10")
    assert refusal(InvalidRuleset, lambda: HollywoodScore(column_count=True)) == (
        "a Hollywood match has 1 to 9 columns, not True")


def test_a_score_sheet_of_the_wrong_number_of_columns_is_refused():
    two = HollywoodScore(column_count=2).columns
    assert refusal(InvalidRuleset, lambda: HollywoodScore(columns=two)) == (
        "2 columns given for a match of 3")


def test_a_format_starts_a_match_of_its_own_number_of_columns():
    assert len(HollywoodFormat(columns=5).start().columns) == 5


def test_a_format_refuses_an_unknown_way_of_winning_and_unknown_settings_by_name():
    assert refusal(InvalidRuleset, lambda: HollywoodFormat(winner_by="hands")) == (
        "winner_by must be one of total_points, most_columns, not 'hands'")
    assert refusal(InvalidRuleset, lambda: HollywoodFormat.from_dict({"rows": 3, "cols": 3})) == (
        "unknown Hollywood setting(s): cols, rows")


def test_the_first_dealer_of_the_match_deals_its_first_hand():
    assert score_hollywood([], STANDARD, Seat.B).dealer_next is Seat.B
    assert score_hollywood([knock(Seat.A)], STANDARD, Seat.B).first_dealer is Seat.B


def test_the_dealer_alternates_over_the_whole_match_when_the_deal_alternates():
    rules = STANDARD.but(next_dealer=NextDealer.ALTERNATE)
    score = score_hollywood([knock(Seat.A), knock(Seat.A)], rules, Seat.B)
    assert [line.dealer for line in score.lines] == [Seat.B, Seat.A]
    assert score.dealer_next is Seat.B


def test_a_hand_is_entered_in_a_column_with_the_dealer_of_the_match():
    # B deals first; the winner deals next: A's second win, dealt by A, opens column 2.
    score = score_hollywood([knock(Seat.A), knock(Seat.A)], STANDARD, Seat.B)
    assert [line.dealer for line in score.columns[0].lines] == [Seat.B, Seat.A]
    assert [line.dealer for line in score.columns[1].lines] == [Seat.A]


def test_only_a_settled_hand_can_be_added_to_a_match():
    assert refusal(InvalidHand, lambda: HollywoodScore().add("A 30")) == (
        "expected a HandRecord, not 'A 30'")


def test_a_match_of_one_column_is_over_when_its_column_is_closed():
    score = score_hollywood([knock(Seat.A, 100)], columns=1)
    assert refusal(EngineError, lambda: score.add(knock(Seat.B))) == (
        "the Hollywood match is over: its column is closed")


# --- columns kept as totals -------------------------------------------------------------------


GOOD = ColumnTotals((104, 30), (4, 2))


@pytest.mark.parametrize(
    ("columns", "hands", "problem"),
    [
        ([GOOD] * 2, 6, "a match of 3 columns needs 3 columns' totals"),
        ([GOOD] * 3, 0, "a match has from 1 to 999 hands, not 0"),
        ([GOOD] * 3, 1000, "a match has from 1 to 999 hands, not 1000"),
        ([ColumnTotals((104, -1), (4, 2))] * 3, 6,
         "column 1: points and hands won cannot be negative"),
        ([GOOD, ColumnTotals((104, 30), (4, -1)), GOOD], 6,
         "column 2: points and hands won cannot be negative"),
        ([ColumnTotals((90, 30), (4, 2))] * 3, 6, "column 1: nobody reached 100"),
        ([ColumnTotals((104, 100), (4, 2))] * 3, 6,
         "column 1: only the winner reaches 100: the column closes on the hand that gets there "
         "first"),
        ([ColumnTotals((104, 0), (4, 1))] * 3, 6,
         "column 1: 0 points cannot be made in 1 hand won (a hand scores from 1 to 129)"),
        ([ColumnTotals((104, 30), (4, 0))] * 3, 6,
         "column 1: 30 points cannot be made in 0 hands won (a hand scores from 1 to 129)"),
        ([ColumnTotals((150, 0), (1, 0))] * 3, 6,
         "column 1: 150 points in 1 hand won cannot close a column to 100 (a hand scores from "
         "1 to 129, and the column closes on the hand that reaches 100)"),
        ([ColumnTotals((250, 0), (2, 0))] * 3, 6,
         "column 1: 250 points in 2 hands won cannot close a column to 100 (a hand scores from "
         "1 to 129, and the column closes on the hand that reaches 100)"),
    ],
)
def test_columns_no_match_can_end_on_are_refused_saying_why(columns, hands, problem):
    assert hollywood_totals_problem(FORMAT, STANDARD, columns, hands) == problem
    assert refusal(InvalidHand, lambda: hollywood_from_totals(FORMAT, STANDARD, columns, hands)) \
        == problem


def test_a_match_may_last_from_one_hand_to_999_hands():
    assert hollywood_totals_problem(FORMAT, STANDARD, [GOOD] * 3, 999) is None
    one_column = HollywoodFormat(columns=1)
    assert hollywood_totals_problem(one_column, STANDARD, [ColumnTotals((104, 0), (1, 0))], 1) is None


@pytest.mark.parametrize("winner_by", list(HollywoodWinner))
def test_a_match_level_on_its_measure_has_no_winner(winner_by):
    format = HollywoodFormat(columns=2, winner_by=winner_by)
    mirrored = [ColumnTotals((104, 30), (4, 2)), ColumnTotals((30, 104), (2, 4))]
    paper = hollywood_from_totals(format, STANDARD, mirrored, 12)
    assert paper.columns_won == (1, 1)
    assert paper.totals[Seat.A] == paper.totals[Seat.B]
    assert paper.winner is None
    assert [account.winner for account in paper.accounts] == [Seat.A, Seat.B]


def _column_by_every_sequence(column, target, points):
    """Every order of each player's hands in the column tried: the winner's last hand takes him
    from below the target to it, the loser's hands keep him below it."""
    reached = [seat for seat in Seat if column.points[seat] >= target]
    if len(reached) != 1:
        return False
    winner, loser = reached[0], reached[0].other
    scores = range(points.lowest, points.highest + 1)
    if not any(
            sum(hands) == column.points[loser] for hands in product(scores, repeat=column.boxes[loser])):
        return False
    return any(
        sum(hands) == column.points[winner] and sum(hands[:-1]) < target
        for hands in product(scores, repeat=column.boxes[winner]) if hands
    )


@settings(max_examples=examples(300), deadline=None)
# One hand closes a column; a column to 2 cannot be closed by three hands of a point each.
@example(won=5, lost=0, won_boxes=1, lost_boxes=0, target=4, lowest=2, spread=3)
@example(won=3, lost=0, won_boxes=3, lost_boxes=0, target=2, lowest=1, spread=0)
@given(st.integers(0, 14), st.integers(0, 8), st.integers(0, 3), st.integers(0, 3),
       st.integers(1, 8), st.integers(0, 3), st.integers(0, 3))
def test_a_column_is_accepted_when_some_order_of_its_hands_closes_it(
        won, lost, won_boxes, lost_boxes, target, lowest, spread):
    points = HandPointRange(lowest, lowest + spread)
    column = ColumnTotals((won, lost), (won_boxes, lost_boxes))
    accepted = _column_problem(column, target, points, hands=won_boxes + lost_boxes) is None
    assert accepted == _column_by_every_sequence(column, target, points)
