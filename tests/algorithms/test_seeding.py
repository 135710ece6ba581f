from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from league.competitions.algorithms.round_robin import round_robin
from league.competitions.algorithms.seeding import (
    double_forfeit,
    forfeit,
    insert_late_entry,
    late_entry_round_robin,
    no_show,
    seed_at_random,
    seed_by_hand,
    seed_by_rating,
    walkover,
    withdrawal_walkovers,
)
from league.competitions.algorithms.standings import ResultKind, league_table
from tests.examples import examples


def test_seed_by_rating_highest_first_ties_by_key():
    ratings = {7: 1500, 3: 1620, 9: 1500, 1: 1400}
    assert seed_by_rating(ratings) == (3, 7, 9, 1)
    assert seed_by_rating(ratings, tie_key=lambda p: -p) == (3, 9, 7, 1)


def test_seed_by_hand_keeps_the_order_and_refuses_duplicates():
    assert seed_by_hand(["c", "a", "b"]) == ("c", "a", "b")
    with pytest.raises(ValueError):
        seed_by_hand(["a", "b", "a"])


@given(st.lists(st.integers(), unique=True, max_size=40), st.integers())
@settings(max_examples=examples(200))
def test_random_seeding_is_a_reproducible_shuffle(players, seed):
    drawn = seed_at_random(players, seed)
    assert sorted(drawn) == sorted(players)
    assert seed_at_random(players, seed) == drawn


def test_random_seeding_depends_on_the_seed():
    players = list(range(20))
    assert seed_at_random(players, "spring") != seed_at_random(players, "autumn")


def test_late_entry_is_seeded_by_rating_or_last():
    ratings = {"a": 1700, "b": 1500, "c": 1500, "d": 1300, "new": 1500}
    assert insert_late_entry(("a", "b", "c", "d"), "new", ratings) == ("a", "b", "c", "new", "d")
    assert insert_late_entry(("a", "b"), "new") == ("a", "b", "new")
    with pytest.raises(ValueError):
        insert_late_entry(("a", "b"), "a")


def meetings(rounds):
    return Counter(f.players for r in rounds for f in r.fixtures)


def nobody_twice_in_a_round(rounds):
    for r in rounds:
        seen = [p for f in r.fixtures for p in (f.dealer, f.opponent)]
        assert len(seen) == len(set(seen)), r


@pytest.mark.parametrize("from_round", [1, 2, 4, 6])
def test_late_entry_takes_the_bye_seat_then_catches_up(from_round):
    rounds = round_robin(list("abcde"))  # five rounds, one bye each
    schedule = late_entry_round_robin(rounds, "new", from_round)
    nobody_twice_in_a_round(schedule)
    met = meetings(schedule)
    assert set(met.values()) == {1}
    assert {pair for pair in met if "new" in pair} == {frozenset({"new", p}) for p in "abcde"}
    assert schedule[:from_round - 1] == rounds[:from_round - 1]
    catch_up = len(schedule) - len(rounds)
    assert catch_up == min(from_round - 1, 5)
    assert all(r.bye is None for r in schedule[from_round - 1:])


def test_late_entry_in_a_double_round_robin_meets_everyone_twice_each_dealing_once():
    schedule = late_entry_round_robin(round_robin(list("abc"), double=True), "z", 3, double=True)
    nobody_twice_in_a_round(schedule)
    dealt = Counter((f.dealer, f.opponent) for r in schedule for f in r.fixtures if "z" in f.players)
    assert dealt == {(p, "z"): 1 for p in "abc"} | {("z", p): 1 for p in "abc"}


def test_withdrawal_turns_remaining_fixtures_into_walkovers():
    # Berger round 1 for four players is 1-4 2-3: after it, 4 still had to meet 2 and 3.
    remaining = [f for r in round_robin([1, 2, 3, 4])[1:] for f in r.fixtures]
    results = withdrawal_walkovers(remaining, 4)
    assert all(r.kind is ResultKind.WALKOVER and r.player_b == 4 for r in results)
    assert sorted(r.winner for r in results) == [2, 3]
    assert sorted(r.round for r in results) == [2, 3]


def test_no_show_is_a_forfeit_or_a_double_forfeit():
    assert no_show("a", "b", {"b"}) == forfeit("a", "b")
    assert no_show("a", "b", {"a"}).winner == "b"
    assert no_show("a", "b", {"a", "b"}) == double_forfeit("a", "b")
    with pytest.raises(ValueError):
        no_show("a", "b", set())


def test_standings_understand_the_helpers_results():
    results = [walkover("a", "d"), forfeit("b", "c"), double_forfeit("a", "c"), no_show("b", "d", {"d"})]
    table = league_table(["a", "b", "c", "d"], results)
    points = {r.player: r.match_points for r in table}
    assert points == {"a": 3, "b": 6, "c": 0, "d": 0}
    assert {r.player: r.won for r in table} == {"a": 1, "b": 2, "c": 0, "d": 0}
