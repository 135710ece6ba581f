"""A Hollywood match: its running columns, columns closing at the target, the match winner."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gameplay.engine import (
    GameOver,
    HandRecord,
    HollywoodFormat,
    HollywoodWinner,
    InvalidRuleset,
    Outcome,
    Ruleset,
    Seat,
    score_hollywood,
)
from tests.examples import examples

A, B = Seat.A, Seat.B


def won(seat, points):
    return HandRecord(Outcome.KNOCK, seat, points)


def test_every_line_shows_all_the_running_columns_after_its_hand():
    hands = [won(A, 18), won(B, 12), won(A, 25), won(B, 30), won(A, 15), won(A, 22), won(B, 20)]
    score = score_hollywood(hands)
    # ginrummy.cards "Hollywood Gin" example sheet, hands 3 and 7.
    assert score.lines[2].running == ((43, 12), (25, 0), (0, 0))
    assert score.lines[6].running == ((80, 62), (62, 50), (37, 20))


def test_a_line_names_the_columns_its_hand_closed_with_their_bonuses():
    score = score_hollywood([won(A, 60), won(A, 45), won(B, 10), won(A, 60)])
    assert [line.closed for line in score.lines] == [(), (0,), (), (1,)]
    assert score.closed_on(0) == 2 and score.closed_on(1) == 4 and score.closed_on(2) is None
    first = score.columns[0].final
    assert first.winner is A and first.shutout  # B's 10 went into column 2
    assert first.totals == (2 * (105 + 100 + 2 * 25), 0)


def test_a_two_column_match_ends_when_both_columns_close():
    score = score_hollywood([won(A, 50), won(A, 50)], Ruleset(target_score=100), columns=2)
    assert len(score.columns) == 2 and not score.finished
    score = score.add(won(A, 50))
    assert score.finished
    with pytest.raises(GameOver, match="all two columns are closed"):
        score.add(won(B, 5))


# B closes column 1 with one big hand, a shutout; A wins columns 2 and 3 with B scoring in both:
# A has more columns, B more points over the match.
SPLIT = [won(B, 300), won(A, 10), won(B, 10), won(A, 50), won(B, 10), won(A, 50)]


def test_most_columns_and_total_points_can_name_different_winners():
    by_points = score_hollywood(SPLIT)
    by_columns = score_hollywood(SPLIT, winner_by=HollywoodWinner.MOST_COLUMNS)
    assert by_points.finished and by_columns.finished
    assert by_points.columns_won == (2, 1)
    assert by_points.totals == (285 + 250, 2 * (300 + 100 + 25) + 70 + 35)
    assert by_points.winner is B
    assert by_columns.winner is A


def test_level_columns_in_an_even_match_is_a_draw_by_columns():
    hands = [won(A, 100), won(B, 10), won(B, 100)]
    score = score_hollywood(hands, columns=2, winner_by=HollywoodWinner.MOST_COLUMNS)
    assert score.finished and score.columns_won == (1, 1)
    assert score.winner is None


def test_the_format_sets_columns_target_and_winner_and_is_stored_as_a_dict():
    form = HollywoodFormat(columns=3, target=50, winner_by="most_columns")
    assert HollywoodFormat.from_dict(form.to_dict()) == form
    sheet = form.start(Ruleset(), first_dealer=B)
    assert all(column.rules.target_score == 50 for column in sheet.columns)
    assert sheet.winner_by is HollywoodWinner.MOST_COLUMNS and sheet.dealer_next is B
    with pytest.raises(InvalidRuleset):
        HollywoodFormat(columns=0)
    with pytest.raises(InvalidRuleset):
        HollywoodFormat(winner_by="best_of_three")
    with pytest.raises(InvalidRuleset):
        HollywoodFormat.from_dict({"columns": 3, "games": 3})


def test_hands_won_counts_each_hand_once():
    score = score_hollywood([won(A, 5), won(A, 5), won(A, 5), won(B, 5), HandRecord.dead()])
    assert score.hands_won == (3, 1)


hand_records = st.one_of(
    st.just(HandRecord.dead()), st.builds(won, st.sampled_from(Seat), st.integers(0, 60)))


@settings(max_examples=examples(200), deadline=None)
@given(st.integers(1, 5), st.lists(hand_records, max_size=60), st.sampled_from(HollywoodWinner))
def test_running_columns_match_the_columns_and_the_winner_follows_the_setting(
    count, hands, winner_by
):
    score = score_hollywood([], columns=count, winner_by=winner_by)
    for hand in hands:
        if score.finished:
            break
        before = score
        score = score.add(hand)
        line = score.lines[-1]
        assert line.running == tuple(column.totals for column in score.columns)
        newly = tuple(i for i in range(count) if score.columns[i].finished
                      and not before.columns[i].finished)
        assert line.closed == newly
    assert sum(score.columns_won) == sum(column.finished for column in score.columns)
    if not score.finished:
        assert score.winner is None
        return
    points, columns = score.totals, score.columns_won
    measure = columns if winner_by is HollywoodWinner.MOST_COLUMNS else points
    if measure[A] == measure[B]:
        assert score.winner is None
    else:
        assert score.winner is (A if measure[A] > measure[B] else B)
