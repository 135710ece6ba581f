"""Scoring a game from its hands: docs/rules.md "Settings" and "The game"."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gameplay.engine import (
    EngineError,
    GameOver,
    GameScore,
    HandRecord,
    InvalidHand,
    NextDealer,
    Outcome,
    Ruleset,
    Seat,
    Shutout,
    score_game,
)
from tests.examples import examples

A, B = Seat.A, Seat.B


def won(seat, points, outcome=Outcome.KNOCK):
    return HandRecord(outcome, seat, points)


DEAD = HandRecord.dead()

# A 20, B 24, A 25, B 25, A 30, B 25, A 30: A ends on 105 with 4 hands won, B on 74 with 3.
RULES_MD_GAME = [won(A, 20), won(B, 24), won(A, 25), won(B, 25), won(A, 30), won(B, 25), won(A, 30)]
# A wins four hands to 110, B scores nothing.
SHUTOUT_GAME = [won(A, 30), won(A, 30), won(A, 30), won(A, 20)]


def test_rules_md_final_account_example():
    # docs/rules.md "The game": A 105 + 100 + 4x25 = 305, B 74 + 3x25 = 149, A wins by 156.
    score = score_game(RULES_MD_GAME)
    assert score.totals == (105, 74)
    assert score.boxes == (4, 3)
    assert score.finished and score.winner is A
    final = score.final
    assert final.totals == (305, 149)
    assert final.margin == 156
    assert not final.shutout
    assert final.accounts[A].game_bonus == 100 and final.accounts[B].game_bonus == 0


def test_game_is_not_finished_before_a_player_reaches_the_target():
    score = score_game(RULES_MD_GAME[:-1])
    assert score.totals == (75, 74)
    assert not score.finished
    assert score.winner is None and score.final is None


def test_reaching_the_target_exactly_wins():
    score = score_game([won(B, 60), won(B, 40)])
    assert score.winner is B and score.totals == (0, 100)


def test_boxes_do_not_count_toward_the_target():
    # Five boxes worth 19 each: 95 hand points, 5 x 25 box bonus; still under 100.
    score = score_game([won(A, 19)] * 5)
    assert score.totals[A] == 95 and score.boxes[A] == 5
    assert not score.finished


def test_hand_after_the_game_has_ended_is_refused():
    score = score_game(RULES_MD_GAME)
    with pytest.raises(GameOver, match="over"):
        score.add(won(B, 10))
    with pytest.raises(GameOver):
        score_game([*RULES_MD_GAME, DEAD])


def test_game_over_is_an_engine_error():
    assert issubclass(GameOver, EngineError) and issubclass(InvalidHand, EngineError)


def test_dead_hand_scores_nothing_and_is_no_box():
    score = score_game([won(A, 20), DEAD, won(B, 5)])
    assert score.totals == (20, 5)
    assert score.boxes == (1, 1)


@pytest.mark.parametrize(
    ("shutout", "expected"),
    [
        (Shutout.NONE, 110 + 100 + 4 * 25),
        (Shutout.DOUBLE_TOTAL, 2 * (110 + 100 + 4 * 25)),
        (Shutout.DOUBLE_GAME_BONUS, 110 + 200 + 4 * 25),
        (Shutout.DOUBLE_POINTS, 2 * 110 + 100 + 4 * 25),
    ],
)
def test_shutout_when_the_loser_scored_no_points(shutout, expected):
    final = score_game(SHUTOUT_GAME, Ruleset(shutout=shutout)).final
    assert final.shutout
    assert final.totals == (expected, 0)
    assert final.margin == expected


def test_classic_shutout_makes_the_game_bonus_200():
    # docs/rules.md, the classic preset: box bonus 20, "game bonus becomes 200".
    final = score_game(SHUTOUT_GAME, Ruleset.preset("classic")).final
    assert final.accounts[A].game_bonus + final.accounts[A].shutout_bonus == 200
    assert final.totals[A] == 110 + 200 + 4 * 20


def test_no_shutout_when_the_loser_scored_any_points():
    final = score_game([won(B, 1), *SHUTOUT_GAME]).final
    assert not final.shutout
    assert final.totals == (110 + 100 + 4 * 25, 1 + 25)


def test_loser_boxes_count_in_a_shutout_game():
    # A knock worth 0 (undercut_on_tie off) is a hand won with no points: a box, still a shutout.
    rules = Ruleset(undercut_on_tie=False)
    final = score_game([won(B, 0), *SHUTOUT_GAME], rules).final
    assert final.shutout
    assert final.accounts[B].total == 25
    assert final.margin == 2 * (110 + 100 + 4 * 25) - 25


def test_running_table_shows_totals_and_dealer_after_each_hand():
    score = score_game([won(B, 12), DEAD, won(A, 30)], first_dealer=A)
    assert [line.number for line in score.lines] == [1, 2, 3]
    assert [line.totals for line in score.lines] == [(0, 12), (0, 12), (30, 12)]
    # Winner deals next (default); the dead hand is redealt by the same dealer.
    assert [line.dealer for line in score.lines] == [A, B, B]
    assert score.dealer_next is A


@pytest.mark.parametrize(
    ("rule", "dealers", "after"),
    [
        (NextDealer.WINNER, [A, B, B, A], A),
        (NextDealer.LOSER, [A, A, A, B], B),
        (NextDealer.ALTERNATE, [A, B, B, A], B),
    ],
)
def test_next_dealer_follows_the_setting_and_dead_hand_keeps_the_dealer(rule, dealers, after):
    hands = [won(B, 5), DEAD, won(A, 5), won(A, 5)]
    score = score_game(hands, Ruleset(next_dealer=rule), first_dealer=A)
    assert [line.dealer for line in score.lines] == dealers
    assert score.dealer_next is after


def test_first_dealer_deals_first():
    assert score_game([], first_dealer=B).dealer_next is B
    assert score_game([won(A, 3)], first_dealer=B).lines[0].dealer is B


def test_add_returns_a_new_score_and_leaves_the_old_one():
    before = score_game([won(A, 10)])
    after = before.add(won(B, 7))
    assert before.totals == (10, 0) and after.totals == (10, 7)
    with pytest.raises(AttributeError):
        after.lines = ()


@pytest.mark.parametrize(
    ("outcome", "winner", "points", "message"),
    [
        (Outcome.DEAD_HAND, A, 0, "dead hand has no winner"),
        (Outcome.DEAD_HAND, None, 12, "dead hand scores nothing"),
        (Outcome.KNOCK, A, -3, "0 or more"),
        (Outcome.GIN, A, 30.5, "whole number"),
        (Outcome.GIN, A, True, "whole number"),
        (Outcome.UNDERCUT, None, 26, "undercut needs a winner"),
        ("triple gin", A, 26, "outcome must be one of"),
        (Outcome.KNOCK, 2, 26, "seat A or B"),
    ],
)
def test_impossible_hand_records_are_refused(outcome, winner, points, message):
    with pytest.raises(InvalidHand, match=message):
        HandRecord(outcome, winner, points)


def test_hand_record_reads_plain_values():
    assert HandRecord("gin", "B", 40.0) == HandRecord(Outcome.GIN, Seat.B, 40)


def test_score_of_no_hands_is_nil_nil():
    score = GameScore()
    assert score.totals == (0, 0) and score.boxes == (0, 0) and not score.finished


hand_records = st.one_of(
    st.just(DEAD),
    st.builds(won, st.sampled_from(Seat), st.integers(0, 60), st.sampled_from(list(Outcome)[:4])),
)


@settings(max_examples=examples(300), deadline=None)
@given(st.lists(hand_records, max_size=40), st.sampled_from(Seat))
def test_a_game_ends_on_the_first_hand_that_reaches_the_target(hands, first_dealer):
    target = Ruleset().target_score
    totals = [0, 0]
    for played, hand in enumerate(hands):
        if hand.winner is not None:
            totals[hand.winner] += hand.points
        if max(totals) >= target:
            score = score_game(hands[: played + 1], first_dealer=first_dealer)
            assert score.finished and score.winner is hand.winner
            assert score.totals == tuple(totals)
            assert score.final.accounts[hand.winner].game_bonus == 100
            if played + 1 < len(hands):
                with pytest.raises(GameOver):
                    score_game(hands, first_dealer=first_dealer)
            return
    score = score_game(hands, first_dealer=first_dealer)
    assert not score.finished and score.totals == tuple(totals)
    assert sum(score.boxes) == sum(1 for h in hands if not h.is_dead)
