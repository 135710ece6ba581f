from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from league.competitions.algorithms.groups import (
    group_label,
    group_of,
    group_schedules,
    groups_by_hand,
    snake_groups,
    stage_rounds,
)
from tests.examples import examples


def test_snake_order_deals_forward_then_back():
    groups = snake_groups(list(range(1, 17)), 4)
    assert [g.label for g in groups] == ["A", "B", "C", "D"]
    assert [g.players for g in groups] == [
        (1, 8, 9, 16),
        (2, 7, 10, 15),
        (3, 6, 11, 14),
        (4, 5, 12, 13),
    ]


def test_an_uneven_field_deals_the_last_seeds_on_down_the_snake():
    groups = snake_groups(list(range(1, 11)), 3)
    assert [g.players for g in groups] == [(1, 6, 7), (2, 5, 8), (3, 4, 9, 10)]


def test_groups_need_two_players_each():
    with pytest.raises(ValueError, match="cannot fill"):
        snake_groups([1, 2, 3], 2)


def test_groups_by_hand_keep_the_organizers_groups_and_refuse_a_player_twice():
    groups = groups_by_hand([["ann", "cy"], ["bob", "dee", "eve"]])
    assert group_of(groups) == {"ann": "A", "cy": "A", "bob": "B", "dee": "B", "eve": "B"}
    with pytest.raises(ValueError):
        groups_by_hand([["ann", "cy"], ["ann", "bob"]])
    with pytest.raises(ValueError):
        groups_by_hand([["ann"], ["bob", "cy"]])


def test_group_labels_run_past_z():
    assert [group_label(i) for i in (0, 1, 25, 26, 27, 51, 52)] == [
        "A", "B", "Z", "AA", "AB", "AZ", "BA"]


def test_a_group_of_four_plays_three_rounds_and_a_group_of_five_five_with_a_bye():
    groups = groups_by_hand([[1, 2, 3, 4], [5, 6, 7, 8, 9]])
    schedules = group_schedules(groups)
    assert [len(s.rounds) for s in schedules] == [3, 5]
    rounds = stage_rounds(schedules)
    assert len(rounds) == 5
    assert {f.group for f in rounds[3]} == {"B"}  # group A has finished


fields = st.integers(1, 8).flatmap(
    lambda count: st.tuples(st.just(count), st.integers(2 * count, 6 * count)))


@settings(max_examples=examples(200), deadline=None)
@given(fields)
def test_snake_dealing_balances_the_seeds(field):
    count, size = field
    groups = snake_groups(list(range(1, size + 1)), count)
    sizes = [len(g.players) for g in groups]
    assert max(sizes) - min(sizes) <= 1
    assert sorted(p for g in groups for p in g.players) == list(range(1, size + 1))
    for g in groups:
        pots = [(seed - 1) // count for seed in g.players]
        assert pots == list(range(len(pots)))  # one player from each pot, best pot first
    full_pots = size // count
    if full_pots % 2 == 0:  # pairs of pots dealt forward and back: equal seed sums
        sums = {sum(p for p in g.players if (p - 1) // count < full_pots) for g in groups}
        assert len(sums) == 1


@settings(max_examples=examples(100), deadline=None)
@given(fields, st.booleans())
def test_nobody_plays_twice_in_a_stage_round_and_each_pair_of_a_group_meets(field, double):
    count, size = field
    groups = snake_groups(list(range(1, size + 1)), count)
    schedules = group_schedules(groups, double=double)
    where = group_of(groups)
    for stage_round in stage_rounds(schedules):
        seen = Counter(p for gf in stage_round for p in gf.fixture.players)
        assert set(seen.values()) <= {1}
        assert all(where[p] == gf.group for gf in stage_round for p in gf.fixture.players)
    for schedule in schedules:
        meetings = Counter(f.players for r in schedule.rounds for f in r.fixtures)
        n = len(schedule.group.players)
        assert len(meetings) == n * (n - 1) // 2
        assert set(meetings.values()) == {2 if double else 1}
