from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from league.competitions.algorithms.round_robin import berger_table, round_robin
from tests.examples import examples

# FIDE Handbook C.05, Annex 1 (Berger tables), the published tables for 4, 6 and 8 players.
FIDE_BERGER_4 = ["1-4 2-3", "4-3 1-2", "2-4 3-1"]
FIDE_BERGER_6 = ["1-6 2-5 3-4", "6-4 5-3 1-2", "2-6 3-1 4-5", "6-5 1-4 2-3", "3-6 4-2 5-1"]
FIDE_BERGER_8 = [
    "1-8 2-7 3-6 4-5",
    "8-5 6-4 7-3 1-2",
    "2-8 3-1 4-7 5-6",
    "8-6 7-5 1-4 2-3",
    "3-8 4-2 5-1 6-7",
    "8-7 1-6 2-5 3-4",
    "4-8 5-3 6-2 7-1",
]


def as_text(table):
    return [" ".join(f"{a}-{b}" for a, b in rnd) for rnd in table]


@pytest.mark.parametrize(
    ("n", "published"), [(4, FIDE_BERGER_4), (6, FIDE_BERGER_6), (8, FIDE_BERGER_8)]
)
def test_berger_table_matches_the_fide_tables(n, published):
    assert as_text(berger_table(n)) == published


def test_berger_table_refuses_an_odd_count():
    with pytest.raises(ValueError):
        berger_table(5)


def test_first_named_player_deals_first():
    rounds = round_robin(["ann", "bob", "cy", "dee"])
    first = rounds[0].fixtures[0]
    assert (first.dealer, first.opponent) == ("ann", "dee")
    assert (rounds[1].fixtures[0].dealer, rounds[1].fixtures[0].opponent) == ("dee", "cy")


def check_single(players, rounds):
    n = len(players)
    assert len(rounds) == (n - 1 if n % 2 == 0 else n)
    meetings = Counter(f.players for r in rounds for f in r.fixtures)
    assert set(meetings) == {frozenset(pair) for pair in combinations(players, 2)}
    assert set(meetings.values()) == {1}
    for r in rounds:
        seen = [p for f in r.fixtures for p in (f.dealer, f.opponent)] + [r.bye] * (r.bye is not None)
        assert sorted(seen) == sorted(players)  # everybody once: a match or the bye
    byes = [r.bye for r in rounds if r.bye is not None]
    assert sorted(byes) == (sorted(players) if n % 2 else [])


@pytest.mark.parametrize("n", [2, 3, 4, 5, 7, 8, 16, 31, 64])
def test_every_player_meets_every_other_exactly_once(n):
    players = list(range(100, 100 + n))
    check_single(players, round_robin(players))


@given(st.integers(min_value=2, max_value=40))
@settings(max_examples=examples(200))
def test_single_round_robin_property(n):
    players = [f"p{i}" for i in range(n)]
    check_single(players, round_robin(players))


@given(st.integers(min_value=2, max_value=30))
@settings(max_examples=examples(200))
def test_double_round_robin_meets_twice_with_each_dealing_first(n):
    players = list(range(n))
    rounds = round_robin(players, double=True)
    assert len(rounds) == 2 * (n - 1 + n % 2)
    dealt = Counter((f.dealer, f.opponent) for r in rounds for f in r.fixtures)
    assert set(dealt) == {(a, b) for a in players for b in players if a != b}
    assert set(dealt.values()) == {1}
    for r in rounds:
        seen = [p for f in r.fixtures for p in (f.dealer, f.opponent)]
        assert len(seen) == len(set(seen))
    assert [r.number for r in rounds] == list(range(1, len(rounds) + 1))


def test_odd_field_gives_each_player_one_bye_per_cycle():
    rounds = round_robin(list("abcde"), double=True)
    assert Counter(r.bye for r in rounds) == {p: 2 for p in "abcde"}


def test_tiny_fields():
    assert round_robin([]) == ()
    assert round_robin(["solo"]) == ()
    only = round_robin(["a", "b"])
    assert len(only) == 1 and only[0].fixtures[0].players == {"a", "b"}


def test_duplicate_players_are_refused():
    with pytest.raises(ValueError):
        round_robin(["a", "b", "a"])
