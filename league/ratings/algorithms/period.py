"""Glicko-2 for a whole club: every player's rating after one rating period.

Glickman's example text: the games of a period are treated as played simultaneously, so every
player is rated from the pre-period ratings of everyone (the order of the results is irrelevant).
This is the hot path of a recomputation: plain floats in lists, one pass over the results.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Iterable, Mapping, Sequence
from typing import TypeVar

from league.ratings.algorithms.glicko2 import (
    DEFAULT_RATING,
    DEFAULT_RD,
    DEFAULT_TAU,
    MIN_INFORMATION,
    SCALE,
    Glicko2,
    check_settings,
    g,
    period_update,
)

K = TypeVar("K", bound=Hashable)


def rate_period(
    ratings: Mapping[K, Glicko2], results: Iterable[tuple[K, K, float]], *,
    tau: float = DEFAULT_TAU, max_rd: float = DEFAULT_RD,
) -> dict[K, Glicko2]:
    """Every player's Glicko-2 rating after a period of results (player_a, player_b, score_a).

    score_a is a's score (1 won, 0 lost, 0.5 halved); b scores 1 - score_a. Players of the
    results missing from ``ratings`` start as new players (``Glicko2()``). Players without games
    keep rating and volatility; their RD widens (Step 6), capped at max_rd.
    """
    check_settings(tau, max_rd)
    results = results if isinstance(results, Sequence) else list(results)
    table = _with_newcomers(ratings, results)
    ids = list(table)
    index = {player: i for i, player in enumerate(ids)}
    players = list(table.values())
    mus = [(p.rating - DEFAULT_RATING) / SCALE for p in players]
    gs = [g(p.rd / SCALE) for p in players]
    information, improvement = _sums(results, index, mus, gs)
    max_phi = max_rd / SCALE
    return {
        player: _after(players[i], mus[i], information[i], improvement[i], tau, max_phi)
        for i, player in enumerate(ids)
    }


def _sums(
    results: Sequence[tuple[K, K, float]], index: Mapping[K, int], mus: list[float],
    gs: list[float],
) -> tuple[list[float], list[float]]:
    """Each player's sum g^2 E (1 - E) (= 1 / v, Step 3) and sum g (s - E) (Step 4)."""
    information = [0.0] * len(mus)
    improvement = [0.0] * len(mus)
    exp = math.exp
    for a, b, score in results:
        i, j = index[a], index[b]
        if i == j or not 0.0 <= score <= 1.0:
            raise ValueError(f"not a rated result: {(a, b, score)}")
        g_a, g_b, difference = gs[i], gs[j], mus[i] - mus[j]
        expected_a = 1.0 / (1.0 + exp(-g_b * difference))
        expected_b = 1.0 / (1.0 + exp(g_a * difference))
        information[i] += g_b * g_b * expected_a * (1.0 - expected_a)
        improvement[i] += g_b * (score - expected_a)
        information[j] += g_a * g_a * expected_b * (1.0 - expected_b)
        improvement[j] += g_a * (1.0 - score - expected_b)
    return information, improvement


def _after(
    player: Glicko2, mu: float, information: float, improvement: float, tau: float,
    max_phi: float,
) -> Glicko2:
    phi = player.rd / SCALE
    if information < MIN_INFORMATION:  # no games: only the RD widens, the rest is kept exactly
        rd = SCALE * min(math.sqrt(phi * phi + player.volatility**2), max_phi)
        return Glicko2(player.rating, rd, player.volatility)
    mu_new, phi_new, sigma_new = period_update(
        mu, phi, player.volatility, information, improvement, tau, max_phi
    )
    return Glicko2(SCALE * mu_new + DEFAULT_RATING, SCALE * phi_new, sigma_new)


def _with_newcomers(
    ratings: Mapping[K, Glicko2], results: Sequence[tuple[K, K, float]]
) -> dict[K, Glicko2]:
    table = dict(ratings)
    for a, b, _ in results:
        if a not in table:
            table[a] = Glicko2()
        if b not in table:
            table[b] = Glicko2()
    return table
