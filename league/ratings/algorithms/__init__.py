"""Player ratings: Glicko-2 (the league's default) and Elo (a per-club alternative).

Pure functions on frozen values; the services load ratings and results, call these and save.
"""

from league.ratings.algorithms.elo import (
    Elo,
    EloSettings,
    elo_expected_score,
    elo_update,
    rate_period_elo,
)
from league.ratings.algorithms.glicko2 import (
    DEFAULT_RATING,
    DEFAULT_RD,
    DEFAULT_TAU,
    DEFAULT_VOLATILITY,
    SCALE,
    Glicko2,
    Glicko2Steps,
    OpponentTerm,
    expected_score,
    glicko2_period,
    glicko2_steps,
    is_provisional,
    rating_interval,
    win_probability,
)
from league.ratings.algorithms.period import rate_period
from league.ratings.algorithms.results import MatchResult, RatedResult, RatedUnit, rated_results

__all__ = [
    "DEFAULT_RATING",
    "DEFAULT_RD",
    "DEFAULT_TAU",
    "DEFAULT_VOLATILITY",
    "SCALE",
    "Elo",
    "EloSettings",
    "Glicko2",
    "Glicko2Steps",
    "MatchResult",
    "OpponentTerm",
    "RatedResult",
    "RatedUnit",
    "elo_expected_score",
    "elo_update",
    "expected_score",
    "glicko2_period",
    "glicko2_steps",
    "is_provisional",
    "rate_period",
    "rate_period_elo",
    "rated_results",
    "rating_interval",
    "win_probability",
]
