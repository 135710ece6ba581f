"""Hollywood scoring: three games at once over the same hands (docs/rules.md; hollywood.py docstring)."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gameplay.engine import GameOver, HandRecord, Outcome, Ruleset, Seat, score_hollywood
from tests.examples import examples

A, B = Seat.A, Seat.B
DEAD = HandRecord.dead()


def won(seat, points):
    return HandRecord(Outcome.KNOCK, seat, points)


def column_totals(score):
    return [column.totals for column in score.columns]


# A closes column 1 with B shut out, B's first win then opens column 2, and so on to the end.
MATCH = [
    won(A, 30), won(A, 30), won(A, 30), won(A, 20),  # column 1: A 110 - B 0, closed
    won(B, 10),  # B's first win: column 1 is closed, so it is B's first score in column 2
    won(A, 20),  # column 2: A 100, closed; column 3: A 70
    won(B, 15),  # B's first score in column 3
    won(A, 30),  # column 3: A 100, closed: the match is over
]


def test_first_win_in_column_1_second_in_1_and_2_third_and_later_in_all_three():
    score = score_hollywood([won(A, 5), won(A, 5), won(A, 5), won(A, 5)])
    assert [line.columns for line in score.lines] == [(0,), (0, 1), (0, 1, 2), (0, 1, 2)]
    assert column_totals(score) == [(20, 0), (15, 0), (10, 0)]


def test_each_player_opens_columns_with_their_own_wins():
    score = score_hollywood([won(A, 10), won(B, 7), won(B, 8), won(A, 9)])
    assert [line.columns for line in score.lines] == [(0,), (0,), (0, 1), (0, 1)]
    assert column_totals(score) == [(19, 15), (9, 8), (0, 0)]


def test_score_sheet_example_from_ginrummy_cards():
    # ginrummy.cards "Hollywood Gin", example score sheet (You = A, Opp = B), after hand 7:
    # You 80 / 62 / 37, Opp 62 / 50 / 20.
    hands = [won(A, 18), won(B, 12), won(A, 25), won(B, 30), won(A, 15), won(A, 22), won(B, 20)]
    score = score_hollywood(hands)
    assert column_totals(score) == [(80, 62), (62, 50), (37, 20)]


def test_hoyle_example_three_wins_by_one_player():
    # Hoyle example (pokerwiner.com): A wins 25, 18, 36: game 1 79, game 2 54, game 3 36.
    score = score_hollywood([won(A, 25), won(A, 18), won(A, 36)])
    assert column_totals(score) == [(79, 0), (54, 0), (36, 0)]


def test_a_closed_column_takes_no_more_points():
    score = score_hollywood(MATCH[:4])
    assert score.columns[0].finished and score.columns[0].totals == (110, 0)
    later = score.add(won(A, 5))
    assert later.columns[0].totals == (110, 0)
    assert later.lines[-1].columns == (1, 2)


def test_shut_out_player_enters_next_win_as_first_score_of_next_open_column():
    # rummy-games.com: "If a player was shut out in one game, his next score is entered as the
    # first score in the next game in progress."
    score = score_hollywood(MATCH[:5])
    assert score.lines[-1].columns == (1,)
    assert column_totals(score) == [(110, 0), (80, 10), (50, 0)]


def test_each_column_is_its_own_game_with_boxes_game_bonus_and_shutout():
    score = score_hollywood(MATCH)
    first, second, third = (column.final for column in score.columns)
    # Column 1: A 110 + 100 game + 4 boxes x 25, doubled for the shutout (standard).
    assert first.shutout and first.totals == (2 * (110 + 100 + 100), 0)
    # Column 2: A 100 + 100 + 4 x 25; B 10 + 1 x 25.
    assert not second.shutout and second.totals == (300, 35)
    # Column 3: A 100 + 100 + 4 x 25; B 15 + 1 x 25.
    assert third.totals == (300, 40)


def test_match_is_over_when_all_three_columns_are_closed():
    assert not score_hollywood(MATCH[:-1]).finished
    score = score_hollywood(MATCH)
    assert score.finished and score.open_columns == ()
    assert score.totals == (620 + 300 + 300, 35 + 40)
    assert score.winner is A and score.margin == 1220 - 75
    with pytest.raises(GameOver, match="all three columns"):
        score.add(won(B, 10))


def test_match_winner_unknown_while_columns_are_open():
    score = score_hollywood(MATCH[:4])
    assert score.winner is None and score.margin is None


def test_dead_hand_is_entered_nowhere_and_the_same_dealer_deals():
    score = score_hollywood([won(B, 10), DEAD, won(A, 4)], first_dealer=A)
    assert score.lines[1].columns == ()
    assert [line.dealer for line in score.lines] == [A, B, B]
    assert score.dealer_next is A
    assert column_totals(score) == [(4, 10), (0, 0), (0, 0)]


def test_every_column_of_a_new_match_starts_with_the_matchs_first_dealer():
    """A column read on its own (its score sheet) shows the dealer of the match's first hand
    until its first entry."""
    score = score_hollywood([], first_dealer=B)
    assert [column.dealer_next for column in score.columns] == [B, B, B]
    assert score.dealer_next is B

def test_columns_use_the_ruleset_target():
    score = score_hollywood([won(A, 50)] * 3, Ruleset(target_score=50))
    assert [column.finished for column in score.columns] == [True, True, True]
    assert score.finished


hand_records = st.one_of(st.just(DEAD), st.builds(won, st.sampled_from(Seat), st.integers(0, 45)))


@settings(max_examples=examples(300), deadline=None)
@given(st.lists(hand_records, max_size=40))
def test_hands_enter_the_columns_the_winner_has_opened_plus_one(hands):
    score = score_hollywood([])
    for hand in hands:
        if score.finished:
            with pytest.raises(GameOver):
                score.add(hand)
            return
        before = score
        score = score.add(hand)
        entered = score.lines[-1].columns
        for i, (old, new) in enumerate(zip(before.columns, score.columns, strict=True)):
            if i not in entered:
                assert new == old  # closed columns, and those not entered, are untouched
                continue
            assert not old.finished
            seat = hand.winner
            assert new.totals[seat] == old.totals[seat] + hand.points
        if hand.winner is not None and before.open_columns == (0, 1, 2):
            wins = sum(1 for line in score.lines if line.hand.winner is hand.winner)
            assert entered == tuple(range(min(wins, 3)))  # first: 1; second: 1, 2; then all
        if hand.winner is not None:
            opened = [i for i in before.open_columns if before.columns[i].boxes[hand.winner]]
            unopened = [i for i in before.open_columns if i not in opened]
            assert entered == tuple(opened + unopened[:1])
            assert entered  # a win while the match is open always scores somewhere
