from dataclasses import dataclass

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from league.competitions.algorithms.elimination import single_elimination
from league.competitions.algorithms.qualification import (
    NeedsDecision,
    Seeding,
    cross_group_seeds,
    next_stage_seeds,
    top_of_each_group,
    top_overall,
)
from league.competitions.algorithms.seeding import walkover
from league.competitions.algorithms.standings import MatchResult, league_table
from tests.examples import examples


@dataclass(frozen=True)
class Standing:
    player: str
    rank: int


def table(*ranked):
    """`table("a", "b=", "c")`: b level with a ("=" marks a shared rank)."""
    rows = []
    for i, name in enumerate(ranked):
        shared = name.endswith("=")
        rows.append(Standing(name.rstrip("="), rows[-1].rank if shared else i + 1))
    return rows


def test_top_two_of_each_group_go_through_with_their_places():
    q = top_of_each_group({"A": table("a1", "a2", "a3"), "B": table("b1", "b2", "b3")}, 2)
    assert [(x.player, x.group, x.position) for x in q.qualifiers] == [
        ("a1", "A", 1), ("a2", "A", 2), ("b1", "B", 1), ("b2", "B", 2)]
    assert q.ties == ()


def test_a_tie_across_the_cut_line_is_left_to_the_organizer():
    q = top_of_each_group({"A": table("a1", "a2", "a3=", "a4"), "B": table("b1", "b2", "b3")}, 2)
    assert [x.player for x in q.qualifiers] == ["a1", "b1", "b2"]
    (tie,) = q.ties
    assert (tie.group, tie.players, tie.first_position, tie.places) == ("A", ("a2", "a3"), 2, 1)
    assert tie.at_cut
    with pytest.raises(NeedsDecision, match="'a2', 'a3' for 1 place"):
        next_stage_seeds(q, Seeding.CROSS_GROUP)
    decided = q.decide(tie, ["a3"])
    assert [(x.player, x.position) for x in decided.qualifiers] == [
        ("a1", 1), ("a3", 2), ("b1", 1), ("b2", 2)]
    assert next_stage_seeds(decided, Seeding.CROSS_GROUP) == ("a1", "b1", "a3", "b2")


def test_a_group_whose_places_are_all_tied_keeps_its_place_among_the_groups():
    q = top_of_each_group({"A": table("a1", "a2="), "B": table("b1", "b2")}, 1)
    assert q.players == ("b1",)
    decided = q.decide(q.ties[0], ["a2"])
    assert decided.players == ("a2", "b1")
    assert next_stage_seeds(decided, Seeding.CROSS_GROUP) == ("a2", "b1")


def test_the_decision_must_choose_as_many_tied_players_as_there_are_places():
    q = top_overall(table("a", "b", "c", "d="), 3)
    (tie,) = q.ties
    assert tie.places == 1 and tie.positions == range(3, 5)
    for wrong in (["c", "d"], ["a"], []):
        with pytest.raises(ValueError, match="choose 1"):
            q.decide(tie, wrong)


def test_a_tie_for_places_that_all_go_through_only_matters_when_seeding_by_places():
    q = top_overall(table("a", "b", "c=", "d"), 3)
    (tie,) = q.ties
    assert not tie.at_cut
    assert q.players == ("a", "b", "c")
    assert [x.position for x in q.qualifiers] == [1, 2, 2]
    ratings = {"a": 1500, "b": 1700, "c": 1600}
    assert next_stage_seeds(q, Seeding.RATING, ratings=ratings) == ("b", "c", "a")
    with pytest.raises(NeedsDecision):
        next_stage_seeds(q, Seeding.STANDING)
    decided = q.decide(tie, ["c", "b"])
    assert next_stage_seeds(decided, Seeding.STANDING) == ("a", "c", "b")


def test_group_winners_meet_the_paired_groups_runners_up():
    tables = {g: table(f"{g}1", f"{g}2", f"{g}3", f"{g}4") for g in "ABCD"}
    seeds = next_stage_seeds(top_of_each_group(tables, 2), Seeding.CROSS_GROUP)
    first_round = {m.seeded for m in single_elimination(seeds).matches if m.key[1] == 1}
    assert first_round == {("A1", "B2"), ("B1", "A2"), ("C1", "D2"), ("D1", "C2")}


def test_by_standing_puts_the_group_winners_first_ordered_by_an_overall_table():
    tables = {"A": table("a1", "a2"), "B": table("b1", "b2")}
    q = top_of_each_group(tables, 2)
    assert next_stage_seeds(q, Seeding.STANDING) == ("a1", "b1", "a2", "b2")
    overall = ["b1", "a1", "a2", "b2"]
    assert next_stage_seeds(q, Seeding.STANDING, overall=overall) == ("b1", "a1", "a2", "b2")


def test_standings_rows_are_read_as_they_are_ranked():
    # Three players each beat one other: level on everything the default tiebreaks look at.
    results = [
        MatchResult("ann", "bob", "ann", game_points_a=100, game_points_b=50),
        MatchResult("bob", "cy", "bob", game_points_a=100, game_points_b=50),
        MatchResult("cy", "ann", "cy", game_points_a=100, game_points_b=50),
        walkover("ann", "dee"), walkover("bob", "dee"), walkover("cy", "dee"),
    ]
    rows = league_table(["ann", "bob", "cy", "dee"], results)
    q = top_overall(rows, 2)
    assert q.qualifiers == ()
    assert q.ties[0].players == ("ann", "bob", "cy") and q.ties[0].places == 2


def test_a_table_out_of_rank_order_is_refused():
    with pytest.raises(ValueError, match="rank order"):
        top_overall([Standing("a", 1), Standing("b", 3)], 1)


# A group's table: its players with scores; equal scores share a rank.
def ranked(label, scores):
    order = sorted(range(len(scores)), key=lambda i: -scores[i])
    return [Standing(f"{label}{i}", 1 + sum(s > scores[i] for s in scores)) for i in order]


group_tables = st.lists(st.lists(st.integers(0, 4), min_size=2, max_size=7), min_size=1, max_size=6)


@settings(max_examples=examples(300), deadline=None)
@given(group_tables, st.integers(1, 5))
def test_every_qualifier_comes_from_its_group_at_its_place(scores, k):
    labels = [chr(ord("A") + i) for i in range(len(scores))]
    tables = {g: ranked(g, s) for g, s in zip(labels, scores, strict=True)}
    q = top_of_each_group(tables, k)
    for g, rows in tables.items():
        rank = {r.player: r.rank for r in rows}
        mine = [x for x in q.qualifiers if x.group == g]
        assert all(x.player in rank and x.position == rank[x.player] <= k for x in mine)
        ties = [t for t in q.ties if t.group == g]
        places = sum(t.places for t in ties if t.at_cut)
        assert len(mine) + places == min(k, len(rows))
        for t in ties:
            assert {rank[p] for p in t.players} == {t.first_position}
            assert len(t.players) == sum(r == t.first_position for r in rank.values())
            if t.at_cut:  # never broken silently: none of them is already through
                assert not {x.player for x in mine} & set(t.players)
                assert t.first_position <= k < t.first_position + len(t.players) - 1
    with_cut = bool(q.cut_ties)
    for seeding in Seeding:
        if with_cut:
            with pytest.raises(NeedsDecision):
                next_stage_seeds(q, seeding, ratings={})


@settings(max_examples=examples(200), deadline=None)
@given(group_tables, st.integers(1, 5), st.randoms(use_true_random=False))
def test_deciding_every_tie_fills_each_groups_places_with_its_own_players(scores, k, rng):
    labels = [chr(ord("A") + i) for i in range(len(scores))]
    tables = {g: ranked(g, s) for g, s in zip(labels, scores, strict=True)}
    q = top_of_each_group(tables, k)
    while q.ties:
        tie = q.ties[0]
        q = q.decide(tie, rng.sample(tie.players, tie.places))
    for g, rows in tables.items():
        mine = [x for x in q.qualifiers if x.group == g]
        assert [x.position for x in mine] == list(range(1, min(k, len(rows)) + 1))
        assert {x.player for x in mine} <= {r.player for r in rows}
    seeds = next_stage_seeds(q, Seeding.STANDING)
    assert sorted(seeds) == sorted(q.players)


@settings(max_examples=examples(100), deadline=None)
@given(st.sampled_from([1, 2, 4, 8]), st.sampled_from([1, 2, 4]))
def test_cross_group_seeds_pair_tier_with_mirror_tier_from_other_groups(groups, k):
    assume(groups * k >= 2)
    labels = [chr(ord("A") + i) for i in range(groups)]
    tables = {g: table(*(f"{g}{p}" for p in range(1, k + 1))) for g in labels}
    seeds = cross_group_seeds(top_of_each_group(tables, k))
    assert sorted(seeds) == sorted(p.player for rows in tables.values() for p in rows)
    bracket = single_elimination(seeds)
    for match in (m for m in bracket.matches if m.key[1] == 1):
        (ga, pa), (gb, pb) = ((s[0], int(s[1:])) for s in match.seeded)
        assert pa + pb == k + 1  # a winner meets a last qualifier, a second the second-last
        if groups > 1:
            assert ga != gb
    if k == 2 and groups > 1:  # two of one group can meet only in the final
        half = len(seeds) // 2
        top = {m.seeded for m in bracket.matches if m.key[1] == 1 and m.key[2] < half // 2}
        top_players = {p for pair in top for p in pair}
        for g in labels:
            assert (f"{g}1" in top_players) != (f"{g}2" in top_players)
