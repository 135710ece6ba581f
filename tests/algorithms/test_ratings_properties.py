"""Properties over any sequence of periods: ratings finite, 0 < RD <= 350, volatility positive."""

import math

from hypothesis import given, settings
from hypothesis import strategies as st

from league.ratings.algorithms import SCALE, Elo, Glicko2, rate_period, rate_period_elo
from tests.examples import examples

SCORES = st.sampled_from([0.0, 0.5, 1.0])
TAUS = st.floats(0.2, 1.2)
GLICKO = st.builds(
    Glicko2, st.floats(0, 3000), st.floats(20, 350), st.floats(0.01, 0.2)
) | st.just(Glicko2())


@st.composite
def seasons(draw, max_periods=15):
    """Starting ratings and periods of results among 2 to 6 players; empty periods are idle."""
    starts = draw(st.lists(GLICKO, min_size=2, max_size=6))
    players = range(len(starts))
    pair = st.tuples(st.sampled_from(players), st.sampled_from(players)).filter(lambda p: p[0] != p[1])
    result = st.builds(lambda p, s: (p[0], p[1], s), pair, SCORES)
    periods = draw(st.lists(st.lists(result, max_size=12), max_size=max_periods))
    return dict(enumerate(starts)), periods


def assert_sound(ratings: dict[int, Glicko2]) -> None:
    for player in ratings.values():
        assert math.isfinite(player.rating)
        assert 0 < player.rd <= 350
        assert player.volatility > 0 and math.isfinite(player.volatility)


@settings(max_examples=examples(600), deadline=None)
@given(seasons(), TAUS)
def test_any_season_keeps_ratings_finite_and_rd_within_0_and_350(season, tau):
    ratings, periods = season
    for results in periods:
        ratings = rate_period(ratings, results, tau=tau)
        assert_sound(ratings)


@settings(max_examples=examples(150), deadline=None)
@given(GLICKO, GLICKO, SCORES, TAUS, st.integers(1, 40), st.integers(0, 60))
def test_one_result_every_period_then_an_idle_streak(me, rival, score, tau, active, idle):
    """All wins (1.0), all losses (0.0) or all halves against the same rival, then idleness."""
    ratings = {"me": me, "rival": rival}
    for _ in range(active):
        ratings = rate_period(ratings, [("me", "rival", score)] * 3, tau=tau)
        assert_sound(ratings)
    before_idle = ratings["me"]
    for _ in range(idle):
        ratings = rate_period(ratings, [], tau=tau)
        assert_sound(ratings)
    # Step 6 once per idle period: phi^2 grows by sigma^2 each time, up to the 350 cap
    widened = math.hypot(before_idle.rd, math.sqrt(idle) * before_idle.volatility * SCALE)
    assert math.isclose(ratings["me"].rd, min(widened, 350.0), rel_tol=1e-9)
    assert (ratings["me"].rating, ratings["me"].volatility) == (
        before_idle.rating, before_idle.volatility
    )


@settings(max_examples=examples(150), deadline=None)
@given(seasons(max_periods=4))
def test_order_of_results_within_a_period_does_not_matter(season):
    ratings, periods = season
    for results in periods:
        forward = rate_period(ratings, results)
        backward = rate_period(ratings, results[::-1])
        for player, after in forward.items():
            assert math.isclose(after.rating, backward[player].rating, abs_tol=1e-9)
            assert math.isclose(after.rd, backward[player].rd, abs_tol=1e-9)
        ratings = forward


@settings(max_examples=examples(150), deadline=None)
@given(seasons(max_periods=4))
def test_reporting_a_result_from_the_other_side_changes_nothing(season):
    ratings, periods = season
    for results in periods:
        mirrored = [(b, a, 1.0 - s) for a, b, s in results]
        assert rate_period(ratings, results) == rate_period(ratings, mirrored)
        ratings = rate_period(ratings, results)


@settings(max_examples=examples(300), deadline=None)
@given(seasons(), st.integers(0, 30))
def test_elo_stays_finite_and_counts_every_game(season, start_games):
    starts, periods = season
    ratings = {p: Elo(g.rating, start_games) for p, g in starts.items()}
    games = dict.fromkeys(ratings, start_games)
    for results in periods:
        ratings = rate_period_elo(ratings, results)
        for a, b, _ in results:
            games[a] += 1
            games[b] += 1
        assert all(math.isfinite(p.rating) for p in ratings.values())
        assert {p: r.games for p, r in ratings.items()} == games
