"""Glicko-2 for one player: the rating, the period update and the predictions.

Source: Mark E. Glickman, "Example of the Glicko-2 system" (Boston University; the steps below
are numbered as in that text). The league rates a whole period with ``rate_period`` (period.py),
which runs the same arithmetic on plain floats.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

SCALE = 173.7178  # Step 2: mu = (r - 1500) / 173.7178, phi = RD / 173.7178
DEFAULT_RATING = 1500.0  # Step 1: an unrated player starts at 1500 / 350 / 0.06
DEFAULT_RD = 350.0
DEFAULT_VOLATILITY = 0.06
DEFAULT_TAU = 0.5  # Step 1 suggests tau between 0.3 and 1.2
TOLERANCE = 0.000001  # Step 5: the convergence tolerance epsilon
MAX_ITERATIONS = 100  # Illinois converges in a handful of steps; this only bounds a bad input
# A period whose games carry less information than this (players ~17,000 rating points apart)
# is treated as no games: v = 1 / information would overflow.
MIN_INFORMATION = 1e-100
_PI_SQUARED = math.pi * math.pi


@dataclass(frozen=True, slots=True)
class Glicko2:
    rating: float = DEFAULT_RATING
    rd: float = DEFAULT_RD
    volatility: float = DEFAULT_VOLATILITY

    def __post_init__(self) -> None:
        if not math.isfinite(self.rating):
            raise ValueError(f"rating must be finite, not {self.rating}")
        if not (math.isfinite(self.rd) and self.rd > 0):
            raise ValueError(f"rd must be positive and finite, not {self.rd}")
        if not (math.isfinite(self.volatility) and self.volatility > 0):
            raise ValueError(f"volatility must be positive and finite, not {self.volatility}")

    @property
    def mu(self) -> float:
        return (self.rating - DEFAULT_RATING) / SCALE

    @property
    def phi(self) -> float:
        return self.rd / SCALE


@dataclass(frozen=True, slots=True)
class OpponentTerm:
    """One game of the period seen from the rated player (Step 3's table)."""

    mu: float
    phi: float
    g: float
    expected: float
    score: float


@dataclass(frozen=True, slots=True)
class Glicko2Steps:
    """Every intermediate value of Steps 2-8 for one player's period, named as in the paper."""

    mu: float
    phi: float
    sigma: float
    opponents: tuple[OpponentTerm, ...]
    v: float  # Step 3 (math.inf when the games carry no information)
    delta: float  # Step 4
    volatility: float  # Step 5: sigma'
    phi_star: float  # Step 6
    phi_new: float  # Step 7: phi'
    mu_new: float  # Step 7: mu'

    @property
    def after(self) -> Glicko2:
        """Step 8: back to the Glicko scale."""
        return Glicko2(SCALE * self.mu_new + DEFAULT_RATING, SCALE * self.phi_new, self.volatility)


def g(phi: float) -> float:
    """Step 3: g(phi) = 1 / sqrt(1 + 3 phi^2 / pi^2)."""
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / _PI_SQUARED)


def expected_score(a: Glicko2, b: Glicko2) -> float:
    """Step 3's E(mu, mu_b, phi_b): a's expected score against b, b's RD alone discounting it."""
    return 1.0 / (1.0 + math.exp(-g(b.phi) * (a.mu - b.mu)))


def win_probability(a: Glicko2, b: Glicko2) -> float:
    """a's chance of beating b, both players' uncertainty counted.

    Glickman, "The Glicko system" (1995), expected outcome of a game between players i and j:
    E = 1 / (1 + 10^(-g(sqrt(RD_i^2 + RD_j^2)) (r_i - r_j) / 400)), written here on the Glicko-2
    scale: 1 / (1 + exp(-g(sqrt(phi_a^2 + phi_b^2)) (mu_a - mu_b))). Gin games have no draws,
    so the expected score is the win probability. win_probability(a, b) + win_probability(b, a)
    is 1.
    """
    spread = math.sqrt(a.phi * a.phi + b.phi * b.phi)
    return 1.0 / (1.0 + math.exp(-g(spread) * (a.mu - b.mu)))


def rating_interval(player: Glicko2) -> tuple[float, float]:
    """The 95% interval of the example text's introduction: rating minus and plus twice the RD."""
    return player.rating - 2.0 * player.rd, player.rating + 2.0 * player.rd


def is_provisional(
    player: Glicko2, games_played: int, *, max_rd: float = 110.0, min_games: int = 10
) -> bool:
    """A league convention, not Glickman's: provisional while RD > max_rd or few rated games.

    110 is the RD above which Lichess shows a Glicko-2 rating as provisional; min_games keeps a
    newcomer who has beaten a few strong players off the top of a table. Both are club settings.
    """
    return player.rd > max_rd or games_played < min_games


def volatility_after(phi: float, sigma: float, v: float, delta: float, tau: float) -> float:
    """Step 5: sigma' from f(x) = 0 by the Illinois algorithm, on x = ln(sigma^2)."""
    a = math.log(sigma * sigma)
    phi2_v = phi * phi + v
    delta2 = delta * delta
    tau2 = tau * tau

    def f(x: float) -> float:
        ex = math.exp(x)
        denominator = phi2_v + ex
        return ex * (delta2 - phi2_v - ex) / (2.0 * denominator * denominator) - (x - a) / tau2

    low = a  # Step 5.2: A = a; B from delta^2 against phi^2 + v
    if delta2 > phi2_v:
        high = math.log(delta2 - phi2_v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        high = a - k * tau
    f_low, f_high = f(low), f(high)
    for _ in range(MAX_ITERATIONS):  # Step 5.4: (a) secant point C, (b) keep the bracket, (c) B = C
        if abs(high - low) <= TOLERANCE:
            break
        c = low + (low - high) * f_low / (f_high - f_low)
        f_c = f(c)
        if f_c * f_high <= 0:
            low, f_low = high, f_high
        else:
            f_low /= 2.0
        high, f_high = c, f_c
    return math.exp(low / 2.0)


def period_update(
    mu: float, phi: float, sigma: float, information: float, improvement: float, tau: float,
    max_phi: float,
) -> tuple[float, float, float]:
    """Steps 3-7 from the period's two sums, on floats: (mu', phi', sigma').

    information = sum g(phi_j)^2 E_j (1 - E_j) = 1 / v; improvement = sum g(phi_j)(s_j - E_j).
    A period without (informative) games only widens phi (Step 6 with sigma kept).
    phi* is capped at max_phi: Glicko-2 has no cap, "The Glicko system" Step 1 caps RD at 350.
    """
    if information < MIN_INFORMATION:
        return mu, min(math.sqrt(phi * phi + sigma * sigma), max_phi), sigma
    v = 1.0 / information
    sigma_new = volatility_after(phi, sigma, v, v * improvement, tau)
    phi_star = min(math.sqrt(phi * phi + sigma_new * sigma_new), max_phi)
    phi_new = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + information)
    return mu + phi_new * phi_new * improvement, phi_new, sigma_new


def glicko2_steps(
    player: Glicko2, games: Iterable[tuple[Glicko2, float]], *, tau: float = DEFAULT_TAU,
    max_rd: float = DEFAULT_RD,
) -> Glicko2Steps:
    """The paper's Steps 2-8 for one player and the games of one period, every value kept."""
    check_settings(tau, max_rd)
    mu, phi, sigma = player.mu, player.phi, player.volatility
    terms = tuple(_opponent_term(mu, opponent, score) for opponent, score in games)
    information = sum(t.g * t.g * t.expected * (1.0 - t.expected) for t in terms)
    improvement = sum(t.g * (t.score - t.expected) for t in terms)
    mu_new, phi_new, sigma_new = period_update(
        mu, phi, sigma, information, improvement, tau, max_rd / SCALE
    )
    informative = information >= MIN_INFORMATION
    v = 1.0 / information if informative else math.inf
    phi_star = min(math.sqrt(phi * phi + sigma_new * sigma_new), max_rd / SCALE)
    return Glicko2Steps(
        mu, phi, sigma, terms, v, v * improvement if informative else 0.0, sigma_new, phi_star,
        phi_new, mu_new,
    )


def glicko2_period(
    player: Glicko2, games: Iterable[tuple[Glicko2, float]], *, tau: float = DEFAULT_TAU,
    max_rd: float = DEFAULT_RD,
) -> Glicko2:
    """One player's rating after a period: games are (opponent before the period, score).

    With no games only the RD widens (Step 6); rating and volatility are kept exactly.
    """
    steps = glicko2_steps(player, games, tau=tau, max_rd=max_rd)
    if math.isinf(steps.v):
        return Glicko2(player.rating, SCALE * steps.phi_star, player.volatility)
    return steps.after


def check_settings(tau: float, max_rd: float) -> None:
    if not (math.isfinite(tau) and tau > 0):
        raise ValueError(f"tau must be positive and finite, not {tau}")
    if not (math.isfinite(max_rd) and max_rd > 0):
        raise ValueError(f"max_rd must be positive and finite, not {max_rd}")


def check_score(score: float) -> None:
    if not 0.0 <= score <= 1.0:
        raise ValueError(f"a score is between 0 and 1, not {score}")


def _opponent_term(mu: float, opponent: Glicko2, score: float) -> OpponentTerm:
    check_score(score)
    g_j = g(opponent.phi)
    expected = 1.0 / (1.0 + math.exp(-g_j * (mu - opponent.mu)))
    return OpponentTerm(opponent.mu, opponent.phi, g_j, expected, score)
