"""The table works out only the tiebreaks a competition chose, and that changes nothing.

The reference is the table as it was computed before: every tiebreak's value for every player,
each straight from its definition (FIDE C.07 (2023) for Buchholz and Sonneborn-Berger, MTR
Appendix C for the percentages), whatever was chosen. It is put in place of `fixed_values`, so
ranking, ranks, `separated_by` and the shown values all come from the same code on both sides.
"""

from fractions import Fraction
from unittest import mock

from hypothesis import given, settings
from hypothesis import strategies as st

from competitions.algorithms import standings, tiebreaks
from competitions.algorithms.standings import (
    WON_WITHOUT_PLAY,
    MatchResult,
    PointsSystem,
    ResultKind,
    league_table,
)
from competitions.algorithms.tiebreaks import (
    MTR_FLOOR,
    Profile,
    Tiebreak,
    hand_win_pct,
    match_win_pct,
)

T = Tiebreak
NAMES = "ABCDEFG"


@st.composite
def results_of(draw, players: list[str]) -> MatchResult:
    kind = draw(st.sampled_from(ResultKind))
    a = draw(st.sampled_from(players))
    if kind is ResultKind.BYE:
        return MatchResult(a, None, draw(st.sampled_from([None, a])), kind)
    b = draw(st.sampled_from([p for p in players if p != a]))
    if kind is ResultKind.DOUBLE_FORFEIT:
        winner = None
    else:
        winner = draw(st.sampled_from([a, b] if kind in WON_WITHOUT_PLAY else [a, b, None]))
    points, hands = st.integers(0, 150), st.integers(0, 6)
    return MatchResult(a, b, winner, kind, draw(points), draw(points), draw(hands), draw(hands))


@st.composite
def seasons(draw) -> tuple[list[str], list[MatchResult], PointsSystem]:
    # Few players and small numbers, so that many players end level on match points.
    players = draw(st.lists(st.sampled_from(NAMES), min_size=2, max_size=len(NAMES), unique=True))
    results = draw(st.lists(results_of(players), max_size=18))
    points = PointsSystem(win=draw(st.sampled_from([2, 3])), bye=draw(st.sampled_from([None, 0])),
                          forfeit=draw(st.sampled_from([None, -1])))
    return players, results, points


chosen_tiebreaks = st.lists(st.sampled_from(Tiebreak), unique=True, max_size=len(Tiebreak))


def opponents_average(profiles, profile: Profile, pct) -> Fraction:
    opponents = [profiles[e.opponent] for e in profile.encounters if e.opponent is not None]
    if not opponents:
        return MTR_FLOOR
    return sum((pct(o) for o in opponents), Fraction(0)) / len(opponents)


def by_definition(profiles, profile: Profile) -> dict[Tiebreak, Fraction]:
    """Every tiebreak but head-to-head for one player, each from its definition."""
    own = profile.match_points
    terms = [profiles[e.opponent].match_points if e.played else own for e in profile.encounters]
    ascending = sorted(terms)
    return {
        T.NET_GAME_POINTS: Fraction(profile.net_game_points),
        T.WINS: Fraction(profile.wins),
        T.BUCHHOLZ: Fraction(sum(terms)),
        T.BUCHHOLZ_CUT1: Fraction(sum(ascending[1:])),
        T.MEDIAN_BUCHHOLZ: Fraction(sum(ascending[1 : len(terms) - 1])),
        T.SONNEBORN_BERGER: sum(
            (t * e.score for t, e in zip(terms, profile.encounters, strict=True)), Fraction(0)),
        T.OPPONENTS_MATCH_WIN_PCT: opponents_average(profiles, profile, match_win_pct),
        T.HAND_WIN_PCT: hand_win_pct(profile),
        T.OPPONENTS_HAND_WIN_PCT: opponents_average(profiles, profile, hand_win_pct),
    }


def every_value(profiles, chosen) -> dict[Tiebreak, dict]:
    """In place of `fixed_values`: all nine values for every player, `chosen` ignored."""
    values = {p: by_definition(profiles, profile) for p, profile in profiles.items()}
    return {tb: {p: values[p][tb] for p in profiles} for tb in values[next(iter(profiles))]}


def head_to_head_by_definition(table, results, points) -> dict:
    """FIDE C.07 direct encounter over each whole match-point group, None unless all have met."""
    values = {}
    for row in table:
        group = {r.player for r in table if r.match_points == row.match_points}
        among = [r for r in results if r.player_b is not None and set(r.players) <= group]
        met = {frozenset(r.players) for r in among}
        if len(group) < 2 or len(met) < len(group) * (len(group) - 1) // 2:
            values[row.player] = None
        else:
            mine = [r for r in among if row.player in r.players]
            values[row.player] = sum(points.earned(r, row.player) for r in mine)
    return values


def table_from_every_value(players, results, points, chosen):
    with mock.patch.object(standings, "fixed_values", every_value):
        return league_table(players, results, points=points, tiebreaks=chosen)


@settings(max_examples=400)
@given(seasons(), chosen_tiebreaks)
def test_the_chosen_tiebreaks_alone_give_the_table_every_value_gives(season, chosen):
    players, results, points = season
    table = league_table(players, results, points=points, tiebreaks=chosen)
    assert table == table_from_every_value(players, results, points, chosen)
    assert all([tb for tb, _ in row.tiebreaks] == chosen for row in table)
    if T.HEAD_TO_HEAD in chosen:
        shown = {row.player: dict(row.tiebreaks)[T.HEAD_TO_HEAD] for row in table}
        assert shown == head_to_head_by_definition(table, results, points)


@settings(max_examples=200)
@given(seasons(), chosen_tiebreaks)
def test_each_shown_value_is_the_one_the_table_with_every_tiebreak_shows(season, chosen):
    # Head-to-head's shown value is over the whole match-point group: the same in both tables.
    players, results, points = season
    table = league_table(players, results, points=points, tiebreaks=chosen)
    full = league_table(players, results, points=points, tiebreaks=tuple(Tiebreak))
    full_values = {row.player: dict(row.tiebreaks) for row in full}
    for row in table:
        assert row.tiebreaks == tuple((tb, full_values[row.player][tb]) for tb in chosen)


SWISS = [
    MatchResult("A", "B", "A", round=1), MatchResult("C", "D", None, round=1),
    MatchResult("E", None, kind=ResultKind.BYE, round=1),
    MatchResult("A", "C", None, round=2), MatchResult("B", "E", "B", round=2),
    MatchResult("D", None, kind=ResultKind.BYE, round=2),
]


def calls_while_ranking(chosen, name: str) -> int:
    spy = mock.Mock(wraps=getattr(tiebreaks, name))
    with mock.patch.object(tiebreaks, name, spy):
        league_table(list("ABCDE"), SWISS, tiebreaks=chosen)
    return spy.call_count


def test_nothing_of_the_tiebreaks_not_chosen_is_worked_out():
    chosen = (T.HEAD_TO_HEAD, T.NET_GAME_POINTS, T.WINS)
    for name in ("buchholz_terms", "match_win_pct", "hand_win_pct"):
        assert calls_while_ranking(chosen, name) == 0, name


def test_the_buchholz_variants_and_sonneborn_berger_share_the_opponents_scores():
    chosen = (T.BUCHHOLZ_CUT1, T.BUCHHOLZ, T.MEDIAN_BUCHHOLZ, T.SONNEBORN_BERGER)
    assert calls_while_ranking(chosen, "buchholz_terms") == 5  # once a player
    assert calls_while_ranking(chosen, "hand_win_pct") == 0


def test_hand_win_percentages_are_worked_out_once_for_both_hand_tiebreaks():
    chosen = (T.OPPONENTS_HAND_WIN_PCT, T.HAND_WIN_PCT)
    assert calls_while_ranking(chosen, "hand_win_pct") == 5  # once a player
    assert calls_while_ranking(chosen, "match_win_pct") == 0
