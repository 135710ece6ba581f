"""League tables worked by hand. Points 3/1/0 unless said otherwise."""

from fractions import Fraction as F

import pytest

from league.competitions.algorithms.standings import (
    MatchResult,
    PointsSystem,
    ResultKind,
    league_table,
)
from league.competitions.algorithms.tiebreaks import (
    MTR_FLOOR,
    Encounter,
    Profile,
    Tiebreak,
    hand_win_pct,
    match_win_pct,
)

T = Tiebreak


def win(a, b, rnd=None, **extra):
    return MatchResult(a, b, a, round=rnd, **extra)


def draw(a, b, rnd=None, **extra):
    return MatchResult(a, b, None, round=rnd, **extra)


def bye(a, rnd=None):
    return MatchResult(a, None, kind=ResultKind.BYE, round=rnd)


def order(table):
    return [row.player for row in table]


def row_of(table, player):
    return next(row for row in table if row.player == player)


def value(row, tiebreak):
    return dict(row.tiebreaks)[tiebreak]


def test_record_columns_from_results():
    results = [
        win("A", "B", game_points_a=180, game_points_b=60, hands_a=5, hands_b=2),
        draw("A", "C", game_points_a=100, game_points_b=100, hands_a=3, hands_b=3),
        bye("B"),
    ]
    table = league_table(["A", "B", "C"], results)
    a = row_of(table, "A")
    assert (a.played, a.won, a.drawn, a.lost, a.byes, a.match_points) == (2, 1, 1, 0, 0, 4)
    assert (a.game_points_for, a.game_points_against, a.net_game_points) == (280, 160, 120)
    assert (a.hands_won, a.hands_lost) == (8, 5)
    b = row_of(table, "B")
    assert (b.played, b.won, b.lost, b.byes, b.match_points) == (1, 0, 1, 1, 3)
    assert order(table) == ["A", "B", "C"]


def test_two_one_zero_points():
    table = league_table(["A", "B", "C"], [win("A", "B"), draw("B", "C")],
                         points=PointsSystem(win=2, draw=1, loss=0))
    assert [r.match_points for r in table] == [2, 1, 1]


def test_forfeits_walkovers_and_double_forfeits():
    results = [
        MatchResult("A", "B", "A", ResultKind.WALKOVER),
        MatchResult("C", "D", "C", ResultKind.FORFEIT),
        MatchResult("B", "D", None, ResultKind.DOUBLE_FORFEIT),
    ]
    points = PointsSystem(forfeit=-1)
    table = league_table(["A", "B", "C", "D"], results, points=points)
    mp = {r.player: r.match_points for r in table}
    assert mp == {"A": 3, "C": 3, "B": -1, "D": -2}  # B was walked over, not a forfeit
    d = row_of(table, "D")
    assert (d.played, d.won, d.lost) == (2, 0, 2)


def test_invalid_results_are_refused():
    with pytest.raises(ValueError):
        MatchResult("A", "B", "C")
    with pytest.raises(ValueError):
        MatchResult("A", None)  # no opponent but not a bye
    with pytest.raises(ValueError):
        MatchResult("A", "B", None, ResultKind.FORFEIT)
    with pytest.raises(ValueError):
        league_table(["A"], [win("A", "Z")])


def test_head_to_head_within_a_three_way_tie_is_reapplied_to_the_pair_left_level():
    # Double round robin. Among A, B, C, two meetings averaged (FIDE C.07 §6.1): A-B win+draw
    # (A 2, B 1/2), A-C one win each (3/2, 3/2), B beat C twice (3, 0): A 7/2, B 7/2, C 3/2.
    # Everyone drew D twice except C, who beat D twice. Totals: A 9, B 9, C 9, D 4.
    # Direct encounter puts C third; applied again to A and B alone, A's 2 beats B's 1/2.
    results = [
        win("A", "B"), draw("A", "B"),
        win("A", "C"), win("C", "A"),
        win("B", "C"), win("B", "C"),
        draw("A", "D"), draw("A", "D"), draw("B", "D"), draw("B", "D"),
        win("C", "D"), win("C", "D"),
    ]
    table = league_table(["C", "B", "A", "D"], results, tiebreaks=(T.HEAD_TO_HEAD, T.WINS))
    assert order(table) == ["A", "B", "C", "D"]
    assert [r.match_points for r in table] == [9, 9, 9, 4]
    assert [r.separated_by for r in table] == [None, T.HEAD_TO_HEAD, T.HEAD_TO_HEAD, None]
    assert [r.rank for r in table] == [1, 2, 3, 4]
    assert [value(r, T.HEAD_TO_HEAD) for r in table[:3]] == [F(7, 2), F(7, 2), F(3, 2)]


def test_net_game_points_then_wins():
    # A and B drew each other, beat C and lost to D (4 points each); B won by more.
    results = [
        draw("A", "B"),
        win("A", "C", game_points_a=120, game_points_b=90),
        win("B", "C", game_points_a=200, game_points_b=40),
        win("D", "A"), win("D", "B"), win("C", "D"),
    ]
    table = league_table(["A", "B", "C", "D"], results,
                         tiebreaks=(T.HEAD_TO_HEAD, T.NET_GAME_POINTS, T.WINS))
    assert order(table) == ["D", "B", "A", "C"]
    assert table[2].separated_by is T.NET_GAME_POINTS
    assert (value(table[1], T.NET_GAME_POINTS), value(table[2], T.NET_GAME_POINTS)) == (160, 30)


def test_wins_separate_a_winner_from_a_drawer():
    # X: one win and two losses = 3; Y: three draws = 3. They never met.
    results = [win("X", "P"), win("Q", "X"), win("R", "X"),
               draw("Y", "P"), draw("Y", "Q"), draw("Y", "R")]
    table = league_table(["Y", "X", "P", "Q", "R"], results, tiebreaks=(T.HEAD_TO_HEAD, T.WINS))
    x, y = row_of(table, "X"), row_of(table, "Y")
    assert x.match_points == y.match_points == 3
    assert table.index(x) + 1 == table.index(y)
    assert y.separated_by is T.WINS


# A five-player Swiss, two rounds: R1 A beat B, C drew D, E bye; R2 A drew C, B beat E, D bye.
# Final points: A 4, D 4, B 3, E 3, C 2.
SWISS_TWO_ROUNDS = [
    win("A", "B", 1), draw("C", "D", 1), bye("E", 1),
    draw("A", "C", 2), win("B", "E", 2), bye("D", 2),
]


def test_buchholz_counts_a_bye_as_a_game_against_your_own_final_score():
    # FIDE C.07 (2023) dummy opponent: D's bye counts D's own 4.
    # A: B 3 + C 2 = 5. D: C 2 + bye 4 = 6. B: A 4 + E 3 = 7. E: bye 3 + B 3 = 6. C: D 4 + A 4 = 8.
    table = league_table(list("ABCDE"), SWISS_TWO_ROUNDS, tiebreaks=(T.HEAD_TO_HEAD, T.BUCHHOLZ))
    assert {r.player: value(r, T.BUCHHOLZ) for r in table} == {
        "A": 5, "D": 6, "B": 7, "E": 6, "C": 8,
    }
    # A and D never met: head-to-head cannot separate them, Buchholz does.
    assert order(table) == ["D", "A", "B", "E", "C"]
    assert table[1].separated_by is T.BUCHHOLZ
    # B beat E: head-to-head.
    assert table[3].separated_by is T.HEAD_TO_HEAD
    assert value(table[0], T.HEAD_TO_HEAD) is None  # A and D did not meet


# Three rounds: R3 E beat A, B drew D, C bye. Final: E 6, C 5, D 5, A 4, B 4.
SWISS_THREE_ROUNDS = [*SWISS_TWO_ROUNDS, win("E", "A", 3), draw("B", "D", 3), bye("C", 3)]


def test_buchholz_cut1_median_and_sonneborn_berger_by_hand():
    tbs = (T.BUCHHOLZ, T.BUCHHOLZ_CUT1, T.MEDIAN_BUCHHOLZ, T.SONNEBORN_BERGER)
    table = league_table(list("ABCDE"), SWISS_THREE_ROUNDS, tiebreaks=tbs)
    got = {r.player: tuple(v for _, v in r.tiebreaks) for r in table}
    # Opponents' scores per round (a bye: own final score):
    # A: B 4, C 5, E 6 | B: A 4, E 6, D 5 | C: D 5, A 4, bye 5 | D: C 5, bye 5, B 4 |
    # E: bye 6, B 4, A 4. Sonneborn-Berger weighs each by the result 1, 1/2, 0:
    # A 4 + 5/2 = 13/2; B 6 + 5/2 = 17/2; C 5/2 + 2 + 5 = 19/2; D 5/2 + 5 + 2 = 19/2; E 6 + 4 = 10.
    assert got == {
        "A": (15, 11, 5, F(13, 2)),
        "B": (15, 11, 5, F(17, 2)),
        "C": (14, 10, 5, F(19, 2)),
        "D": (14, 10, 5, F(19, 2)),
        "E": (14, 10, 4, 10),
    }
    assert order(table) == ["E", "C", "D", "B", "A"]
    # B and A: equal Buchholz, cut and median; Sonneborn-Berger separates them.
    assert table[4].separated_by is T.SONNEBORN_BERGER
    # C and D agree on everything: still tied, shared rank.
    assert (table[1].rank, table[2].rank) == (2, 2)
    assert table[2].shared_rank and table[2].separated_by is None
    assert table[3].rank == 4


def test_opponents_match_win_percentage_ignores_byes():
    # Match-win %: points / (3 x rounds, byes included): A 4/9, B 4/9, C 5/9, D 5/9, E 6/9.
    # OMW%: A (B, C, E) = 15/27; B (A, E, D) = 15/27; C (D, A) = 1/2; D (C, B) = 1/2;
    # E (B, A) = 4/9.
    table = league_table(list("ABCDE"), SWISS_THREE_ROUNDS,
                         tiebreaks=(T.OPPONENTS_MATCH_WIN_PCT,))
    assert {r.player: value(r, T.OPPONENTS_MATCH_WIN_PCT) for r in table} == {
        "A": F(5, 9), "B": F(5, 9), "C": F(1, 2), "D": F(1, 2), "E": F(4, 9),
    }


def test_match_win_percentage_is_floored_at_a_third():
    # Z lost all three: 0/9 counts as 0.33. Y lost twice to X (12/12) and beat Z: OMW% of Y
    # averages the opponent of each round: (1 + 1 + 0.33) / 3.
    results = [win("X", "Y"), win("X", "Y"), win("Y", "Z"), win("X", "Z"), win("X", "Z")]
    table = league_table(["X", "Y", "Z"], results, tiebreaks=(T.OPPONENTS_MATCH_WIN_PCT,))
    assert value(row_of(table, "Y"), T.OPPONENTS_MATCH_WIN_PCT) == (2 + F(33, 100)) / 3
    three_losses = tuple(Encounter("X", F(0), 0) for _ in range(3))
    assert match_win_pct(Profile(0, 0, 0, 0, three_losses)) == MTR_FLOOR


def test_hand_win_percentage_and_opponents_hand_win_percentage():
    # P beat Q 5 hands to 3, drew R 4-4: P 9/16. Q lost to P (3/8), R: 4/8 vs P.
    results = [win("P", "Q", hands_a=5, hands_b=3), draw("P", "R", hands_a=4, hands_b=4)]
    table = league_table(["P", "Q", "R"], results,
                         tiebreaks=(T.HAND_WIN_PCT, T.OPPONENTS_HAND_WIN_PCT))
    p = row_of(table, "P")
    assert value(p, T.HAND_WIN_PCT) == F(9, 16)
    assert value(p, T.OPPONENTS_HAND_WIN_PCT) == (F(3, 8) + F(1, 2)) / 2
    assert hand_win_pct(Profile(0, 0, 1, 9, ())) == MTR_FLOOR  # 1/10 floored


def test_tied_players_keep_the_given_order_and_share_the_rank():
    table = league_table(["B", "A"], [draw("A", "B")], tiebreaks=(T.HEAD_TO_HEAD, T.WINS))
    assert order(table) == ["B", "A"]
    assert [r.rank for r in table] == [1, 1]
    assert table[1].shared_rank


def test_rows_with_different_points_are_not_separated_by_a_tiebreak():
    table = league_table(["A", "B"], [win("B", "A")])
    assert order(table) == ["B", "A"]
    assert table[1].separated_by is None and not table[1].shared_rank
