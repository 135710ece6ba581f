"""Glicko-2 where the volatility moves a lot, against an independent high-precision reference.

How the expected values are produced: ``_reference_period`` below re-derives Steps 2-8 of
Glickman's "Example of the Glicko-2 system" in ``decimal`` arithmetic with 50 digits, and finds
the Step 5 volatility by plain bisection on f(x) = 0 (bracket widened by whole units, then 200
halvings) instead of the production code's Illinois iteration. It shares no code with
league.competitions.algorithms.ratings; the only common choices are the paper's constants and the league's
cap of phi* at 350 / 173.7178. Production results must agree to 1e-6 on every period, on the
Glicko-2 scale (mu, phi, sigma): the paper's Step 5 stops when the bracket on ln(sigma^2) is
narrower than 1e-6, which leaves sigma' good to ~1e-8 and, after a period of big upsets, moves a
rating by a few 1e-6 rating points (a few 1e-8 in mu).
"""

from decimal import Decimal, localcontext

import pytest

from league.ratings.algorithms import Glicko2, glicko2_period, rate_period

DIGITS = 50
PI = Decimal("3.14159265358979323846264338327950288419716939937510")
SCALE = Decimal("173.7178")
MAX_PHI = Decimal(350) / SCALE


def _reference_period(player, games, tau):
    """(rating, rd, volatility) after one period; player and opponents are (r, rd, sigma)."""
    with localcontext() as ctx:
        ctx.prec = DIGITS
        r, rd, sigma = (Decimal(repr(x)) for x in player)
        tau = Decimal(repr(tau))
        mu, phi = (r - 1500) / SCALE, rd / SCALE
        if not games:
            return r, min((phi * phi + sigma * sigma).sqrt(), MAX_PHI) * SCALE, sigma
        information, improvement = Decimal(0), Decimal(0)
        for (r_j, rd_j, _), score in games:
            mu_j, phi_j = (Decimal(repr(r_j)) - 1500) / SCALE, Decimal(repr(rd_j)) / SCALE
            g_j = 1 / (1 + 3 * phi_j * phi_j / (PI * PI)).sqrt()
            e_j = 1 / (1 + (-g_j * (mu - mu_j)).exp())
            information += g_j * g_j * e_j * (1 - e_j)
            improvement += g_j * (Decimal(repr(score)) - e_j)
        v = 1 / information
        sigma_new = _bisect_volatility(phi, sigma, v, v * improvement, tau)
        phi_star = min((phi * phi + sigma_new * sigma_new).sqrt(), MAX_PHI)
        phi_new = 1 / (1 / (phi_star * phi_star) + 1 / v).sqrt()
        mu_new = mu + phi_new * phi_new * improvement
        return mu_new * SCALE + 1500, phi_new * SCALE, sigma_new


def _bisect_volatility(phi, sigma, v, delta, tau):
    a = (sigma * sigma).ln()

    def f(x):
        ex = x.exp()
        return ex * (delta * delta - phi * phi - v - ex) / (2 * (phi * phi + v + ex) ** 2) - (
            x - a
        ) / (tau * tau)

    low, high = a - 1, a + 1
    while f(low) <= 0:
        low -= 1
    while f(high) >= 0:
        high += 1
    for _ in range(200):
        middle = (low + high) / 2
        if f(middle) > 0:
            low = middle
        else:
            high = middle
    return ((low + high) / 2 / 2).exp()


def _as_tuple(player: Glicko2):
    return (player.rating, player.rd, player.volatility)


def _assert_close(ours: Glicko2, reference) -> None:
    rating, rd, volatility = (float(x) for x in reference)
    assert (ours.rating - 1500) / 173.7178 == pytest.approx((rating - 1500) / 173.7178, abs=1e-6)
    assert ours.rd / 173.7178 == pytest.approx(rd / 173.7178, abs=1e-6)
    assert ours.volatility == pytest.approx(volatility, abs=1e-6)


STRONG_FIELD = tuple((1900.0 + 30 * i, 40.0, 0.06) for i in range(10))  # 1900 to 2170
WEAK_FIELD = tuple((1300.0 + 20 * i, 50.0 + 10 * i, 0.06) for i in range(10))  # 1300 to 1480


def _chain(start, periods, tau):
    """The same periods through both implementations, each fed its own previous output."""
    ours, reference = Glicko2(*start), start
    for games in periods:
        ours = glicko2_period(ours, [(Glicko2(*o), s) for o, s in games], tau=tau)
        reference = tuple(float(x) for x in _reference_period(reference, games, tau))
        _assert_close(ours, reference)
    return ours


@pytest.mark.parametrize(("tau", "lowest_final_volatility"), [(0.5, 0.063), (1.2, 0.12)])
def test_settled_player_beating_a_much_stronger_field_five_periods_running(
    tau, lowest_final_volatility
):
    period = [(opponent, 1.0) for opponent in STRONG_FIELD]
    after = _chain((1500.0, 50.0, 0.06), [period] * 5, tau=tau)
    assert after.volatility > lowest_final_volatility


def test_very_settled_player_whose_volatility_explodes_under_a_large_tau():
    period = [(opponent, 1.0) for opponent in STRONG_FIELD]
    after = _chain((1500.0, 30.0, 0.06), [period] * 4, tau=1.2)
    assert after.volatility > 1.0  # Step 5 lands far from its starting bracket


def test_favourite_losing_every_game_to_a_weak_field_three_periods_running():
    period = [(opponent, 0.0) for opponent in WEAK_FIELD]
    after = _chain((2200.0, 40.0, 0.05), [period] * 3, tau=1.2)
    assert after.volatility > 0.07


def test_upsets_then_inactivity_then_a_return_with_a_small_tau():
    upsets = [(STRONG_FIELD[9], 1.0), (WEAK_FIELD[0], 0.0), (STRONG_FIELD[0], 1.0)]
    comeback = [(WEAK_FIELD[3], 0.5), (STRONG_FIELD[5], 0.0)]
    _chain((1600.0, 120.0, 0.07), [upsets, [], [], comeback], tau=0.2)


def test_brand_new_player_whose_phi_star_meets_the_350_cap():
    period = [(STRONG_FIELD[0], 1.0), (WEAK_FIELD[1], 0.0), (WEAK_FIELD[8], 1.0)]
    _chain((1500.0, 350.0, 0.06), [period, period, period], tau=1.2)


def test_rate_period_agrees_with_the_reference_for_every_player_of_an_upset_period():
    ratings = {
        "ace": Glicko2(2150, 45, 0.05), "bea": Glicko2(1480, 60, 0.06),
        "cal": Glicko2(1320, 200, 0.08), "dot": Glicko2(1900, 30, 0.04),
    }
    results = [("bea", "ace", 1.0), ("cal", "ace", 1.0), ("cal", "dot", 1.0), ("dot", "ace", 0.5),
               ("bea", "cal", 0.0), ("ace", "dot", 0.0)]
    after = rate_period(ratings, results, tau=0.5)
    for name, player in ratings.items():
        games = [(_as_tuple(ratings[b]), s) for a, b, s in results if a == name]
        games += [(_as_tuple(ratings[a]), 1 - s) for a, b, s in results if b == name]
        _assert_close(after[name], _reference_period(_as_tuple(player), games, 0.5))
