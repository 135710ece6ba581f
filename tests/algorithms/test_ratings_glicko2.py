"""Glicko-2 against Glickman's "Example of the Glicko-2 system" and the rules of a period.

The paper works its example with intermediates rounded (E to three decimals, phi to four, mu'
to four before scaling), so its later figures differ from full-precision arithmetic in their
last digit: v 1.7785 (exact 1.77898), delta -0.4834 (-0.48393), rating 1464.06 (1464.0507).
Those checks allow for that rounding and say so; the rest hold to the published digits.
"""

import math

import pytest

from league.ratings.algorithms import (
    Glicko2,
    expected_score,
    glicko2_period,
    glicko2_steps,
    is_provisional,
    rate_period,
    rating_interval,
    win_probability,
)
from league.ratings.algorithms.glicko2 import SCALE, volatility_after

PLAYER = Glicko2(rating=1500, rd=200, volatility=0.06)
OPPONENTS = (Glicko2(1400, 30, 0.06), Glicko2(1550, 100, 0.06), Glicko2(1700, 300, 0.06))
SCORES = (1.0, 0.0, 0.0)
GAMES = list(zip(OPPONENTS, SCORES, strict=True))


def within(value: float, published: float, half_unit: float) -> bool:
    return abs(value - published) <= half_unit


def test_paper_example_rating_rd_and_volatility():
    after = glicko2_period(PLAYER, GAMES, tau=0.5)
    assert within(after.rating, 1464.06, 0.01)  # the paper scaled mu' rounded to -0.2069
    assert round(after.rd, 2) == 151.52
    assert within(after.volatility, 0.05999, 0.00001)  # the paper cuts 0.059996 to 0.05999


def test_paper_rating_is_our_mu_prime_rounded_as_the_paper_rounds_it():
    steps = glicko2_steps(PLAYER, GAMES, tau=0.5)
    assert round(SCALE * round(steps.mu_new, 4) + 1500, 2) == 1464.06
    assert round(SCALE * round(steps.phi_new, 4), 2) == 151.52


def test_paper_step_2_scales_the_player_and_opponents():
    steps = glicko2_steps(PLAYER, GAMES, tau=0.5)
    assert (steps.mu, round(steps.phi, 4)) == (0.0, 1.1513)
    assert [round(t.mu, 4) for t in steps.opponents] == [-0.5756, 0.2878, 1.1513]
    assert [round(t.phi, 4) for t in steps.opponents] == [0.1727, 0.5756, 1.7269]


def test_paper_step_3_g_e_and_v():
    steps = glicko2_steps(PLAYER, GAMES, tau=0.5)
    assert [round(t.g, 4) for t in steps.opponents] == [0.9955, 0.9531, 0.7242]
    assert [round(t.expected, 3) for t in steps.opponents] == [0.639, 0.432, 0.303]
    assert within(steps.v, 1.7785, 0.001)  # the paper sums E rounded to three decimals


def test_paper_step_4_delta():
    assert within(glicko2_steps(PLAYER, GAMES, tau=0.5).delta, -0.4834, 0.001)


def test_paper_step_5_from_the_papers_own_v_and_delta():
    sigma = volatility_after(phi=1.1513, sigma=0.06, v=1.7785, delta=-0.4834, tau=0.5)
    assert within(sigma, 0.05999, 0.00001)
    assert abs(_volatility_equation(math.log(sigma**2), 1.1513, 0.06, 1.7785, -0.4834, 0.5)) < 1e-5


def test_paper_steps_6_and_7():
    steps = glicko2_steps(PLAYER, GAMES, tau=0.5)
    assert within(steps.phi_star, 1.152862, 0.00001)  # the paper squares phi rounded to 1.1513
    assert round(steps.phi_new, 4) == 0.8722
    assert round(steps.mu_new, 4) == -0.2069


def test_volatility_solves_step_5_equation_when_delta_squared_exceeds_phi_squared_plus_v():
    phi, sigma, v, delta, tau = 0.3, 0.06, 2.5, 4.0, 0.5  # delta^2 = 16 > phi^2 + v
    solved = volatility_after(phi, sigma, v, delta, tau)
    assert solved > sigma
    assert abs(_volatility_equation(math.log(solved**2), phi, sigma, v, delta, tau)) < 1e-5


def test_period_without_games_only_widens_the_rd():
    after = glicko2_period(PLAYER, [], tau=0.5)
    assert (after.rating, after.volatility) == (PLAYER.rating, PLAYER.volatility)
    assert after.rd == pytest.approx(SCALE * math.sqrt(PLAYER.phi**2 + 0.06**2), abs=1e-9)


def test_inactive_rd_is_capped_at_the_initial_350():
    assert glicko2_period(Glicko2(1500, 349.9, 0.06), []).rd == 350.0
    assert glicko2_period(Glicko2(), []).rd == 350.0


def test_steps_of_an_idle_period_show_infinite_v_and_the_capped_widening():
    steps = glicko2_steps(Glicko2(1500, 349.9, 0.06), [])
    assert (steps.v, steps.delta, steps.volatility, steps.mu_new) == (math.inf, 0.0, 0.06, 0.0)
    assert steps.phi_new == steps.phi_star == 350 / SCALE


def test_new_player_who_plays_never_exceeds_350():
    after = glicko2_period(Glicko2(), [(Glicko2(1500, 350, 0.06), 0.5)])
    assert 0 < after.rd <= 350.0


def test_winning_raises_losing_lowers_and_playing_narrows_the_rd():
    opponent = Glicko2(1500, 80, 0.06)
    won = glicko2_period(PLAYER, [(opponent, 1.0)])
    lost = glicko2_period(PLAYER, [(opponent, 0.0)])
    assert lost.rating < PLAYER.rating < won.rating
    assert won.rd < PLAYER.rd and lost.rd < PLAYER.rd


def test_expected_score_uses_only_the_opponents_rd():
    a, b = Glicko2(1600, 50, 0.06), Glicko2(1500, 300, 0.06)
    wide_a = Glicko2(1600, 300, 0.06)
    assert expected_score(a, b) == expected_score(wide_a, b)
    assert expected_score(a, b) > 0.5 > expected_score(b, a)


def test_win_probabilities_of_both_players_sum_to_one():
    a, b = Glicko2(1720, 60, 0.06), Glicko2(1510, 210, 0.06)
    assert win_probability(a, b) + win_probability(b, a) == pytest.approx(1.0, abs=1e-15)


def test_equal_ratings_give_even_chances_whatever_the_rds():
    assert win_probability(Glicko2(1600, 40, 0.06), Glicko2(1600, 300, 0.06)) == 0.5


def test_more_uncertainty_pulls_the_win_probability_toward_one_half():
    strong, weak = Glicko2(1800, 50, 0.06), Glicko2(1500, 50, 0.06)
    unsure_strong = Glicko2(1800, 300, 0.06)
    assert 0.5 < win_probability(unsure_strong, weak) < win_probability(strong, weak)
    assert win_probability(strong, weak) < 1.0 / (1.0 + 10 ** (-300 / 400))  # plain Elo is surer


def test_win_probability_matches_glicko_1_formula_on_the_rating_scale():
    a, b = Glicko2(1700, 120, 0.06), Glicko2(1450, 90, 0.06)
    q = math.log(10) / 400  # "The Glicko system": q = ln 10 / 400
    g = 1 / math.sqrt(1 + 3 * q * q * (120**2 + 90**2) / math.pi**2)
    assert win_probability(a, b) == pytest.approx(1 / (1 + 10 ** (-g * 250 / 400)), abs=1e-6)


def test_rating_interval_is_twice_the_rd_either_side():
    assert rating_interval(Glicko2(1850, 50, 0.06)) == (1750, 1950)  # the paper's own example


@pytest.mark.parametrize(
    ("rd", "games", "provisional"),
    [(350, 30, True), (111, 30, True), (110, 30, False), (60, 9, True), (60, 10, False)],
)
def test_provisional_while_rd_above_110_or_fewer_than_10_games(rd, games, provisional):
    assert is_provisional(Glicko2(1500, rd, 0.06), games) is provisional


def test_provisional_thresholds_are_settings():
    assert not is_provisional(Glicko2(1500, 150, 0.06), 3, max_rd=200, min_games=3)


def test_rate_period_gives_each_player_what_glicko2_period_gives_them():
    ratings = {"me": PLAYER, "a": OPPONENTS[0], "b": OPPONENTS[1], "c": OPPONENTS[2]}
    results = [("me", "a", 1.0), ("b", "me", 1.0), ("me", "c", 0.0)]
    after = rate_period(ratings, results, tau=0.5)
    assert after["me"] == glicko2_period(PLAYER, GAMES, tau=0.5)
    assert after["b"] == glicko2_period(OPPONENTS[1], [(PLAYER, 1.0)], tau=0.5)


def test_rate_period_is_simultaneous_so_order_does_not_matter():
    ratings = {"me": PLAYER, "a": OPPONENTS[0], "b": OPPONENTS[1], "c": OPPONENTS[2]}
    results = [("me", "a", 1.0), ("b", "me", 1.0), ("me", "c", 0.0), ("a", "c", 0.5)]
    forward, backward = rate_period(ratings, results), rate_period(ratings, results[::-1])
    for player in ratings:
        assert forward[player].rating == pytest.approx(backward[player].rating, abs=1e-9)
        assert forward[player].rd == pytest.approx(backward[player].rd, abs=1e-9)


def test_rate_period_idle_players_only_widen_and_newcomers_start_at_defaults():
    ratings = {"idle": Glicko2(1620, 80, 0.05), "me": PLAYER}
    after = rate_period(ratings, [("me", "new", 1.0)])
    assert (after["idle"].rating, after["idle"].volatility) == (1620, 0.05)
    assert after["idle"].rd > 80
    assert after["new"] == glicko2_period(Glicko2(), [(PLAYER, 0.0)])


def test_rate_period_leaves_the_input_mapping_alone():
    ratings = {"me": PLAYER}
    rate_period(ratings, [("me", "new", 1.0)])
    assert ratings == {"me": PLAYER}


def test_a_game_between_players_60000_points_apart_carries_no_information():
    ratings = {"giant": Glicko2(61500, 50, 0.06), "me": Glicko2(1500, 50, 0.06)}
    after = rate_period(ratings, [("me", "giant", 1.0)])
    assert after == rate_period(ratings, [])  # v would overflow: treated as an idle period


@pytest.mark.parametrize("result", [("me", "me", 1.0), ("me", "x", 1.5), ("me", "x", -0.1)])
def test_rate_period_rejects_a_game_against_oneself_or_a_score_outside_0_to_1(result):
    with pytest.raises(ValueError):
        rate_period({"me": PLAYER}, [result])


@pytest.mark.parametrize(
    "fields", [(math.nan, 100, 0.06), (1500, 0, 0.06), (1500, -5, 0.06), (1500, 100, 0.0)]
)
def test_glicko2_rejects_impossible_values(fields):
    with pytest.raises(ValueError):
        Glicko2(*fields)


@pytest.mark.parametrize("tau", [0.0, -0.5, math.inf])
def test_tau_must_be_positive(tau):
    with pytest.raises(ValueError):
        glicko2_period(PLAYER, GAMES, tau=tau)


def _volatility_equation(x, phi, sigma, v, delta, tau):
    """Step 5's f(x), written out again here to check a returned volatility is its root."""
    a = math.log(sigma**2)
    return (math.exp(x) * (delta**2 - phi**2 - v - math.exp(x))) / (
        2 * (phi**2 + v + math.exp(x)) ** 2
    ) - (x - a) / tau**2
