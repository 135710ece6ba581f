import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from league.competitions.algorithms.elimination import (
    bracket_order,
    double_elimination,
    single_elimination,
)
from league.competitions.algorithms.elimination_advance import MatchStatus, advance
from tests.examples import examples


def play_out(bracket, pick, withdrawn=()):
    """Decide every ready match with pick(match_state) until none is left; return the results."""
    results = {}
    while True:
        progress = advance(bracket, results.items(), withdrawn=withdrawn)
        ready = [s for s in progress.matches if s.status is MatchStatus.READY]
        if not ready:
            return results, progress
        for state in ready:
            results[state.key] = pick(state)


def first_round_pairs(bracket):
    return [m.seeded for m in bracket.matches if m.key[:2] == ("W", 1)]


def test_eight_seeds_are_placed_1_8_4_5_2_7_3_6():
    assert bracket_order(8) == (1, 8, 4, 5, 2, 7, 3, 6)
    assert first_round_pairs(single_elimination(range(1, 9))) == [(1, 8), (4, 5), (2, 7), (3, 6)]


def test_sixteen_seeds_follow_the_same_rule():
    assert bracket_order(16) == (1, 16, 8, 9, 4, 13, 5, 12, 2, 15, 7, 10, 3, 14, 6, 11)


@pytest.mark.parametrize("n", [2, 3, 5, 8, 13, 33, 64])
def test_single_elimination_has_n_minus_1_matches(n):
    assert len(single_elimination(range(n)).matches) == n - 1


@given(st.integers(min_value=2, max_value=64), st.booleans())
@settings(max_examples=examples(200))
def test_single_elimination_match_count_property(n, third_place):
    bracket = single_elimination(range(n), third_place=third_place)
    extra = 1 if third_place and n >= 4 else 0
    assert len(bracket.matches) == n - 1 + extra


@given(st.integers(min_value=2, max_value=64))
@settings(max_examples=examples(200))
def test_byes_go_to_the_top_seeds(n):
    seeds = list(range(1, n + 1))
    in_round_one = {p for pair in first_round_pairs(single_elimination(seeds)) for p in pair}
    size = 1 << (n - 1).bit_length()
    assert set(seeds) - in_round_one == set(range(1, size - n + 1))


@given(st.integers(min_value=2, max_value=64), st.randoms(use_true_random=False), st.booleans())
@settings(max_examples=examples(200))
def test_seeds_1_and_2_only_meet_in_the_final(n, rng, double):
    seeds = list(range(1, n + 1))
    bracket = double_elimination(seeds) if double else single_elimination(seeds)
    _, progress = play_out(bracket, lambda s: rng.choice(s.players))
    for state in progress.matches:
        if set(state.players) == {1, 2} and state.key[0] == "W":
            assert state.key == ("W", (n - 1).bit_length(), 0)  # the winners' final


def test_third_place_match_takes_the_semifinal_losers():
    bracket = single_elimination(range(1, 9), third_place=True)
    _, progress = play_out(bracket, lambda s: min(s.players))
    assert progress[("3P", 1, 0)].players == (4, 3)
    assert progress.champion == 1
    assert progress[("W", 3, 0)].loser == 2


def test_three_players_have_no_third_place_match():
    bracket = single_elimination([1, 2, 3], third_place=True)
    assert [m.key for m in bracket.matches] == [("W", 1, 1), ("W", 2, 0)]


def test_advance_ignores_repeats_and_order():
    bracket = single_elimination(range(1, 12))
    rng = random.Random(7)
    results, final = play_out(bracket, lambda s: rng.choice(s.players))
    items = list(results.items())
    for _ in range(20):
        shuffled = items + rng.sample(items, k=len(items) // 2)
        rng.shuffle(shuffled)
        assert advance(bracket, shuffled) == final


def test_corrected_result_recomputes_downstream_and_reports_changes():
    bracket = single_elimination(range(1, 9))
    results, before = play_out(bracket, lambda s: min(s.players))
    corrected = dict(results)
    corrected[("W", 1, 1)] = 5  # 5 beat 4 after all
    after = advance(bracket, corrected.items())
    assert after[("W", 2, 0)].players == (1, 5)
    assert after.changed_since(before) == (("W", 1, 1), ("W", 2, 0))
    assert after.unapplied == ()
    assert after.champion == 1


def test_correction_that_changes_a_later_match_leaves_its_old_result_unapplied():
    bracket = single_elimination(range(1, 5))
    results = {("W", 1, 0): 1, ("W", 1, 1): 2, ("W", 2, 0): 2}
    before = advance(bracket, results.items())
    results[("W", 1, 1)] = 3
    after = advance(bracket, results.items())
    assert after.unapplied == (("W", 2, 0),)
    assert after[("W", 2, 0)].status is MatchStatus.READY
    assert after[("W", 2, 0)].players == (1, 3)
    assert set(after.changed_since(before)) == {("W", 1, 1), ("W", 2, 0)}
    assert before.champion == 2 and after.champion is None


def test_conflicting_results_for_one_match_are_refused():
    bracket = single_elimination(range(1, 5))
    with pytest.raises(ValueError):
        advance(bracket, [(("W", 1, 0), 1), (("W", 1, 0), 4)])
    with pytest.raises(ValueError):
        advance(bracket, [(("W", 9, 0), 1)])


def test_withdrawn_player_loses_his_next_match_by_walkover():
    bracket = single_elimination(range(1, 5))
    progress = advance(bracket, [(("W", 1, 0), 1)], withdrawn={1})
    assert progress[("W", 1, 0)].winner == 1  # already played: the result stands
    progress = advance(bracket, [(("W", 1, 0), 1), (("W", 1, 1), 3)], withdrawn={1})
    assert progress[("W", 2, 0)].status is MatchStatus.WALKOVER
    assert progress.champion == 3


def test_double_forfeit_sends_the_next_opponent_through():
    bracket = single_elimination(range(1, 5))
    progress = advance(bracket, [(("W", 1, 0), None), (("W", 1, 1), 2)])
    assert progress[("W", 2, 0)].status is MatchStatus.WALKOVER
    assert progress.champion == 2


@given(st.integers(min_value=2, max_value=64), st.randoms(use_true_random=False), st.booleans())
@settings(max_examples=examples(200))
def test_double_elimination_plays_2n_minus_2_or_2n_minus_1_matches(n, rng, reset):
    bracket = double_elimination(range(n), bracket_reset=reset)
    assert len(bracket.matches) == 2 * n - 1 - (not reset)
    _, progress = play_out(bracket, lambda s: rng.choice(s.players))
    played = [s for s in progress.matches if s.status is MatchStatus.DECIDED]
    assert len(played) in (2 * n - 2, 2 * n - 1)
    losses = Counter(s.loser for s in played)
    champion = progress.champion
    runner_up = progress[("GF", 1, 0)].loser if not reset else None  # may have lost only once
    assert all(losses[p] == 2 for p in range(n) if p not in (champion, runner_up))
    assert losses[champion] <= 1 and losses[runner_up] <= 2


def test_bracket_reset_only_when_the_losers_champion_wins_the_grand_final():
    bracket = double_elimination(range(1, 5))
    base = {("W", 1, 0): 1, ("W", 1, 1): 2, ("W", 2, 0): 1, ("L", 1, 0): 4, ("L", 2, 0): 2}
    won_by_winners_champion = advance(bracket, [*base.items(), (("GF", 1, 0), 1)])
    assert won_by_winners_champion[("GF", 2, 0)].status is MatchStatus.VOID
    assert won_by_winners_champion.champion == 1
    won_by_losers_champion = advance(bracket, [*base.items(), (("GF", 1, 0), 2)])
    assert won_by_losers_champion[("GF", 2, 0)].players == (2, 1)
    assert won_by_losers_champion.champion is None
    decided = advance(bracket, [*base.items(), (("GF", 1, 0), 2), (("GF", 2, 0), 1)])
    assert decided.champion == 1


def test_losers_of_round_one_meet_in_losers_round_one():
    bracket = double_elimination(range(1, 9))
    progress = advance(bracket, [(("W", 1, i), w) for i, w in enumerate((1, 4, 2, 3))])
    assert progress[("L", 1, 0)].players == (8, 5)
    assert progress[("L", 1, 1)].players == (7, 6)


# The first losers' round where a rematch can happen with these drop orders, per bracket size
# (found by tracking who can reach each slot: the first possible rematch cannot come later).
FIRST_POSSIBLE_REMATCH = {8: 3, 16: 4, 32: 5, 64: 7}


@pytest.mark.parametrize("size", sorted(FIRST_POSSIBLE_REMATCH))
def test_no_rematch_in_the_early_losers_rounds(size):
    bracket = double_elimination(range(size))
    rng = random.Random(size)
    for _ in range(40):
        _, progress = play_out(bracket, lambda s: rng.choice(s.players))
        met = set()
        for state in sorted(progress.matches, key=lambda s: (s.key[0] != "W", s.key[1])):
            pair = frozenset(state.players)
            if state.key[0] == "L" and state.key[1] < FIRST_POSSIBLE_REMATCH[size]:
                assert pair not in met, state
            met.add(pair)


@pytest.mark.parametrize("n", [1, 0])
def test_a_bracket_needs_two_players(n):
    with pytest.raises(ValueError):
        single_elimination(range(n))
