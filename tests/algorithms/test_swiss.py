import random
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from league.competitions.algorithms.standings import MatchResult, ResultKind
from league.competitions.algorithms.swiss import (
    PairingImpossible,
    history,
    pair_next_round,
    pair_swiss,
    pairing_order,
)
from tests.examples import examples


def as_sets(swiss_round):
    return {frozenset(pair) for pair in swiss_round.pairings}


def test_first_round_pairs_the_top_half_against_the_bottom_half():
    # FIDE C.04.3 (Dutch system): S1 = seeds 1..n/2 against S2 = seeds n/2+1..n, in order.
    r = pair_next_round([1, 2, 3, 4, 5, 6, 7, 8])
    assert r.pairings == ((1, 5), (2, 6), (3, 7), (4, 8)) and r.bye is None
    r = pair_next_round([1, 2, 3, 4, 5, 6, 7])
    assert r.pairings == ((1, 4), (2, 5), (3, 6)) and r.bye == 7


@pytest.mark.parametrize("exact", [True, False])
def test_a_large_first_round_is_top_half_against_bottom_half_too(exact):
    players = list(range(1, 301))
    r = pair_swiss(players, {}, exact=exact)
    assert r.pairings == tuple((i, i + 150) for i in range(1, 151))


def test_each_score_group_pairs_its_top_half_against_its_bottom_half():
    results = [MatchResult(a, a + 4, a) for a in (1, 2, 3, 4)]  # seeds 1 to 4 win round 1
    r = pair_next_round(list(range(1, 9)), results)
    assert r.pairings == ((1, 3), (2, 4), (5, 7), (6, 8))


def test_the_pairing_order_interleaves_each_groups_halves_the_odd_one_out_last():
    scores = {"a": 2, "b": 2, "c": 2, "d": 0, "e": 0, "f": 0, "g": 0}
    assert pairing_order(list("abcdefg"), scores) == list("abcdfeg")


def test_winners_meet_winners_and_no_rematch():
    results = [MatchResult(1, 2, 1), MatchResult(3, 4, 3)]
    assert as_sets(pair_next_round([1, 2, 3, 4], results)) == {frozenset({1, 3}), frozenset({2, 4})}
    results += [MatchResult(1, 3, 1), MatchResult(2, 4, 4)]
    assert as_sets(pair_next_round([1, 2, 3, 4], results)) == {frozenset({1, 4}), frozenset({2, 3})}


def test_more_rounds_than_possible_is_a_clear_error():
    results = [MatchResult(a, b, a) for a, b in combinations([1, 2, 3, 4], 2)]
    with pytest.raises(PairingImpossible, match="rematch"):
        pair_next_round([1, 2, 3, 4], results)
    with pytest.raises(PairingImpossible):
        pair_swiss([1, 2, 3, 4], {}, combinations([1, 2, 3, 4], 2), exact=False)


def test_odd_score_group_floats_its_lowest_player_down_one_group():
    scores = {"a": 3, "b": 3, "c": 3, "d": 0, "e": 0, "f": 0}
    r = pair_swiss(list("abcdef"), scores)
    assert r.pairings == (("a", "b"), ("c", "d"), ("e", "f"))


def test_one_float_of_two_groups_weighs_more_than_two_floats_of_one():
    # Groups: {a} 6, {b, c} 3, {d} 0. a-b and c-d float one group each (cost 1 + 1); a-d
    # would float two groups (cost 4).
    scores = {"a": 6, "b": 3, "c": 3, "d": 0}
    assert as_sets(pair_swiss(list("abcd"), scores)) == {frozenset("ab"), frozenset("cd")}


def test_bye_goes_to_the_lowest_ranked_player_without_one():
    r = pair_next_round([1, 2, 3, 4, 5])
    assert r.bye == 5
    results = [MatchResult(1, 2, 2), MatchResult(3, 4, 3), MatchResult(5, None, kind=ResultKind.BYE)]
    # Ranking after round 1: 2, 3, 5 (3 points), 1, 4 (0). 4 is lowest and has had no bye.
    assert pair_next_round([1, 2, 3, 4, 5], results).bye == 4


def test_no_bye_after_a_win_without_play():
    # FIDE C.04.1 (d): a forfeit win counts like a bye already received.
    results = [MatchResult(4, 5, 4, ResultKind.FORFEIT)]
    assert history(results).bye_ineligible == {4}
    r = pair_swiss([1, 2, 3, 4, 5], {1: 0, 2: 0, 3: 0, 4: 0, 5: 0}, [(4, 5)], {5, 4})
    assert r.bye == 3


def test_bye_moves_up_only_when_the_rest_cannot_be_paired():
    # a has met b, c and d: with e on the bye, a would have no opponent left.
    met = [("a", "b"), ("a", "c"), ("a", "d")]
    r = pair_swiss(list("abcde"), {}, met)
    assert r.bye == "d"
    assert as_sets(r) == {frozenset("ae"), frozenset("bc")}


def test_everyone_has_had_a_bye_is_an_error():
    with pytest.raises(PairingImpossible, match="bye"):
        pair_swiss([1, 2, 3], {}, (), {1, 2, 3})


def test_dealer_is_whoever_has_dealt_first_less_often():
    r = pair_swiss([1, 2], {}, dealt_first={1: 2, 2: 1})
    assert r.pairings == ((2, 1),)
    assert pair_swiss([1, 2], {}).pairings == ((1, 2),)


def test_same_input_same_pairing_whatever_the_order_of_the_history():
    rng = random.Random(3)
    players = list(range(30))
    results = play_event(players, 4, rng, exact=True)
    first = pair_next_round(players, results)
    rng.shuffle(results)
    assert pair_next_round(players, results) == first


def play_event(players, rounds, rng, exact):
    """Pair and play `rounds` rounds with random results (a tenth drawn)."""
    results = []
    for number in range(1, rounds + 1):
        past = history(results)
        paired = pair_swiss(players, past.scores, past.met, past.bye_ineligible, exact=exact)
        for a, b in paired.pairings:
            x = rng.random()
            winner = None if x < 0.1 else (a if x < 0.55 else b)
            results.append(MatchResult(a, b, winner, round=number))
        if paired.bye is not None:
            results.append(MatchResult(paired.bye, None, kind=ResultKind.BYE, round=number))
    return results


@given(
    st.integers(min_value=2, max_value=32),
    st.randoms(use_true_random=False),
    st.booleans(),
)
@settings(max_examples=examples(150), deadline=None)
def test_a_full_event_of_random_results_has_no_rematch_and_one_bye_at_most_each(n, rng, exact):
    # With at most (n-1)/2 rounds a rematch-free pairing always exists: every player still has
    # at least half the field as possible opponents (Dirac's theorem gives a perfect matching).
    players = list(range(n))
    rounds = max(1, (n - 1) // 2) if n > 2 else 1
    results = play_event(players, min(rounds, 5), rng, exact)
    pairs = [frozenset(r.players) for r in results if r.player_b is not None]
    assert len(pairs) == len(set(pairs))
    byes = [r.player_a for r in results if r.kind is ResultKind.BYE]
    assert len(byes) == len(set(byes))
    for number in {r.round for r in results}:
        seen = [p for r in results if r.round == number for p in r.players]
        assert sorted(seen) == players


@pytest.mark.parametrize("exact", [True, False])
def test_finds_the_pairing_a_top_down_pass_would_miss(exact):
    # Pairing neighbours top down (1-2, 3-4) would leave 5 and 6, who have met.
    r = pair_swiss([1, 2, 3, 4, 5, 6], {}, [(5, 6)], exact=exact)
    assert len(r.pairings) == 3 and frozenset({5, 6}) not in as_sets(r)
    assert sorted(p for pair in r.pairings for p in pair) == [1, 2, 3, 4, 5, 6]
