"""The table works out only the tiebreaks a competition chose, and that changes nothing.

The reference is the table with every tiebreak's value worked out for every player, each straight
from its definition (FIDE C.07, 2024 text, for the number of wins, games won, Buchholz and its
cut and median and Sonneborn-Berger, with its unplayed-round rules; MTR Appendix C for the
percentages), whatever was chosen. It is put in place of `fixed_values`, so ranking, ranks,
`separated_by` and the shown values all come from the same code on both sides.
"""

from fractions import Fraction
from unittest import mock

from hypothesis import given, settings
from hypothesis import strategies as st

from league.competitions.algorithms import standings, tiebreaks
from league.competitions.algorithms.standings import (
    WON_WITHOUT_PLAY,
    MatchResult,
    PointsSystem,
    ResultKind,
    league_table,
)
from league.competitions.algorithms.tiebreaks import (
    MTR_FLOOR,
    VOLUNTARY,
    Profile,
    RoundKind,
    Scoring,
    Tiebreak,
    hand_win_pct,
    match_win_pct,
)
from tests.examples import examples

T = Tiebreak
NAMES = "ABCDEFG"


@st.composite
def results_of(draw, players: list[str]) -> MatchResult:
    kind = draw(st.sampled_from(ResultKind))
    a = draw(st.sampled_from(players))
    if kind is ResultKind.BYE:
        return MatchResult(a, None, draw(st.sampled_from([None, a])), kind)
    if kind is ResultKind.WITHDRAWN:
        return MatchResult(a, None, None, kind)
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
    opponents = [profiles[e.opponent] for e in profile.encounters
                 if e.opponent is not None and e.kind is not RoundKind.WITHDRAWN]
    if not opponents:
        return MTR_FLOOR
    return sum((pct(o) for o in opponents), Fraction(0)) / len(opponents)


def adjusted(profile: Profile, scoring: Scoring) -> int:
    """FIDE C.07 §16.3: byes after withdrawing, followed only by voluntarily unplayed rounds,
    count as draws."""
    kinds = [e.kind for e in profile.encounters]
    return sum(
        scoring.draw if e.kind is RoundKind.WITHDRAWN and set(kinds[i + 1:]) <= set(VOLUNTARY)
        else e.match_points
        for i, e in enumerate(profile.encounters))


def by_definition(profiles, profile: Profile, scoring: Scoring) -> dict[Tiebreak, Fraction]:
    """Every tiebreak but head-to-head for one player, each from its definition."""
    own = profile.match_points
    terms = [(adjusted(profiles[e.opponent], scoring), False) if e.played
             else (own, e.kind in VOLUNTARY) for e in profile.encounters]
    values = [t for t, _ in terms]
    cut = sorted(terms, key=lambda t: (not t[1], t[0]))[1:]
    median = sorted(t for t, _ in cut)[:-1]
    return {
        T.NET_GAME_POINTS: Fraction(profile.net_game_points),
        T.WINS: Fraction(sum(e.match_points == scoring.win for e in profile.encounters)),
        T.GAMES_WON: Fraction(sum(e.played and e.score == 1 for e in profile.encounters)),
        T.BUCHHOLZ: Fraction(sum(values)),
        T.BUCHHOLZ_CUT1: Fraction(sum(t for t, _ in cut)),
        T.MEDIAN_BUCHHOLZ: Fraction(sum(median)),
        T.SONNEBORN_BERGER: sum(
            (t * e.score for t, e in zip(values, profile.encounters, strict=True)), Fraction(0)),
        T.OPPONENTS_MATCH_WIN_PCT: opponents_average(profiles, profile, match_win_pct),
        T.HAND_WIN_PCT: hand_win_pct(profile),
        T.OPPONENTS_HAND_WIN_PCT: opponents_average(profiles, profile, hand_win_pct),
    }


def every_value(profiles, chosen, scoring) -> dict[Tiebreak, dict]:
    """In place of `fixed_values`: all values for every player, `chosen` ignored."""
    values = {p: by_definition(profiles, profile, scoring) for p, profile in profiles.items()}
    return {tb: {p: values[p][tb] for p in profiles} for tb in values[next(iter(profiles))]}


def head_to_head_by_definition(table, results, points) -> dict:
    """FIDE C.07 §6.1 direct encounter over each whole match-point group: match points from the
    over-the-board matches among the group, repeated meetings averaged; None for a player who met
    no one of the group over the board."""
    values = {}
    for row in table:
        group = {r.player for r in table if r.match_points == row.match_points}
        among = [r for r in results if r.kind is ResultKind.PLAYED and set(r.players) <= group
                 and row.player in r.players]
        by_opponent = {}
        for r in among:
            by_opponent.setdefault(r.opponent_of(row.player), []).append(
                points.earned(r, row.player))
        values[row.player] = (sum(Fraction(sum(v), len(v)) for v in by_opponent.values())
                              if by_opponent else None)
    return values


def table_from_every_value(players, results, points, chosen):
    with mock.patch.object(standings, "fixed_values", every_value):
        return league_table(players, results, points=points, tiebreaks=chosen)


@settings(max_examples=examples(400))
@given(seasons(), chosen_tiebreaks)
def test_the_chosen_tiebreaks_alone_give_the_table_every_value_gives(season, chosen):
    players, results, points = season
    table = league_table(players, results, points=points, tiebreaks=chosen)
    assert table == table_from_every_value(players, results, points, chosen)
    assert all([tb for tb, _ in row.tiebreaks] == chosen for row in table)
    if T.HEAD_TO_HEAD in chosen:
        shown = {row.player: dict(row.tiebreaks)[T.HEAD_TO_HEAD] for row in table}
        assert shown == head_to_head_by_definition(table, results, points)


@settings(max_examples=examples(200))
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
