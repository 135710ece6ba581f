"""FIDE C.07 (2024) on the smallest events that show each rule: byes, forfeits, withdrawals and
direct encounter. Points 2/1/0, so match points are twice the chess score."""

from league.competitions.algorithms.standings import (
    MatchResult,
    PointsSystem,
    ResultKind,
    league_table,
)
from league.competitions.algorithms.tiebreaks import Tiebreak

T = Tiebreak
CHESS = PointsSystem(win=2, draw=1, loss=0)


def win(a, b, rnd, kind=ResultKind.PLAYED):
    return MatchResult(a, b, a, kind, round=rnd)


def draw(a, b, rnd):
    return MatchResult(a, b, None, round=rnd)


def bye(a, rnd):
    return MatchResult(a, None, kind=ResultKind.BYE, round=rnd)


def withdrawn(a, rnd):
    return MatchResult(a, None, kind=ResultKind.WITHDRAWN, round=rnd)


def values(players, results, tiebreaks, points=CHESS):
    table = league_table(players, results, points=points, tiebreaks=tiebreaks)
    return {row.player: dict(row.tiebreaks) for row in table}


def test_the_pairing_allocated_bye_is_a_win_but_not_a_game_won():
    got = values(list("ABC"), [bye("A", 1), win("B", "C", 1)], (T.WINS, T.GAMES_WON))
    assert got["A"] == {T.WINS: 1, T.GAMES_WON: 0}
    assert got["B"] == {T.WINS: 1, T.GAMES_WON: 1}


def test_a_forfeit_win_is_a_win_but_not_a_game_won():
    got = values(list("AB"), [win("A", "B", 1, ResultKind.FORFEIT)], (T.WINS, T.GAMES_WON))
    assert got["A"] == {T.WINS: 1, T.GAMES_WON: 0}


# A loses round 1 by forfeit, then beats C (1.5 chess points, 3 match points) and D (0).
FORFEIT_FIRST = [
    win("B", "A", 1, ResultKind.FORFEIT), draw("C", "E", 1), win("F", "D", 1),
    win("A", "C", 2), win("B", "D", 2), draw("E", "F", 2),
    win("A", "D", 3), win("C", "F", 3), win("B", "E", 3),
]


def test_the_cut_takes_a_forfeit_loss_before_the_lowest_opponent():
    got = values(list("ABCDEF"), FORFEIT_FIRST, (T.BUCHHOLZ, T.BUCHHOLZ_CUT1, T.MEDIAN_BUCHHOLZ))
    # Terms: the forfeit round's dummy (A's own 4), C 3, D 0.
    assert got["A"] == {T.BUCHHOLZ: 7, T.BUCHHOLZ_CUT1: 3, T.MEDIAN_BUCHHOLZ: 0}  # 1.5 and 0


def test_rounds_after_withdrawing_are_a_dummy_opponents_and_draws_for_the_opponents():
    # A beats B in round 1 of 3 and withdraws; B wins rounds 2 and 3.
    results = [
        win("A", "B", 1), draw("C", "D", 1),
        win("B", "C", 2), bye("D", 2), withdrawn("A", 2),
        win("B", "D", 3), bye("C", 3), withdrawn("A", 3),
    ]
    got = values(list("ABCD"), results, (T.BUCHHOLZ, T.SONNEBORN_BERGER))
    assert got["A"][T.BUCHHOLZ] == 8  # B's 4 + A's own 2 twice: 4.0 in chess points
    assert got["A"][T.SONNEBORN_BERGER] == 4  # only the win over B: the byes after scored 0
    # For B's Buchholz, A's two rounds after withdrawing count as draws: A counts 2 + 1 + 1.
    assert got["B"][T.BUCHHOLZ] == 4 + 3 + 3  # A 4, C 3 (1 + 0 + 2), D 3 (1 + 2 + 0)


def test_direct_encounter_leaves_a_forfeit_out():
    # A "beat" B by forfeit; level on points, they have not met over the board.
    results = [win("A", "B", 1, ResultKind.FORFEIT), win("B", "C", 2)]
    table = league_table(["B", "A", "C"], results, tiebreaks=(T.HEAD_TO_HEAD,))
    assert [row.player for row in table][:2] == ["B", "A"]
    assert table[1].shared_rank and table[1].separated_by is None


def test_direct_encounter_ranks_the_part_of_the_group_that_can_be_ranked():
    # A, B and C level on 6 (3/1/0): A beat B and C, who have not met. Whatever B v C would
    # have given, A stays alone on top; B and C stay level.
    results = [
        MatchResult("A", "B", "A", round=1), MatchResult("C", "D", "C", round=1),
        MatchResult("A", "C", "A", round=2), MatchResult("B", "D", "B", round=2),
        MatchResult("D", "A", "D", round=3), MatchResult("B", "E", "B", round=3),
        MatchResult("C", "E", "C", round=4),
    ]
    table = league_table(list("CBADE"), results, tiebreaks=(T.HEAD_TO_HEAD,))
    assert [(r.player, r.rank, r.separated_by) for r in table[:3]] == [
        ("A", 1, None), ("C", 2, T.HEAD_TO_HEAD), ("B", 2, None)]
    assert dict(table[0].tiebreaks)[T.HEAD_TO_HEAD] == 6


def test_direct_encounter_ranks_no_one_when_a_missing_match_could_change_the_top():
    # A, B, C and E level on 3: A beat B, E beat A, C beat E. A, C and E have 3 each among
    # them, and B, with two matches missing (v C, v E), could reach 6: no one is alone on top.
    results = [
        MatchResult("A", "B", "A", round=1), MatchResult("C", "E", "C", round=1),
        MatchResult("B", "D", "B", round=2), MatchResult("E", "A", "E", round=2),
    ]
    table = league_table(list("ABCDE"), results, tiebreaks=(T.HEAD_TO_HEAD,))
    level = [r for r in table if r.match_points == 3]
    assert [r.player for r in level] == ["A", "B", "C", "E"]
    assert all(r.shared_rank for r in level[1:])
    assert [dict(r.tiebreaks)[T.HEAD_TO_HEAD] for r in level] == [3, 0, 3, 3]


def test_head_to_head_is_marked_partial_where_some_level_on_points_have_not_met():
    from league.competitions.algorithms.standings import MatchResult, league_table

    table = league_table("ABCD", [MatchResult("A", "B", "A", round=1),
                                  MatchResult("C", "D", "C", round=1)])
    assert {row.player: row.head_to_head_partial for row in table} == dict.fromkeys("ABCD", True)


def test_head_to_head_is_complete_where_everyone_level_on_points_has_met():
    from league.competitions.algorithms.standings import MatchResult, league_table

    cycle = [MatchResult("A", "B", "A", round=1), MatchResult("B", "C", "B", round=2),
             MatchResult("C", "A", "C", round=3)]
    table = league_table("ABC", cycle)
    assert not any(row.head_to_head_partial for row in table)
