"""The ratings services: the only code that writes ratings. Each owns its transaction."""

from .rebuild import (
    RatingRun,
    close_rating_periods,
    rate_again_from,
    rate_confirmed_result,
    rebuild_ratings,
    recompute_ratings,
)

__all__ = [
    "RatingRun",
    "close_rating_periods",
    "rate_again_from",
    "rate_confirmed_result",
    "rebuild_ratings",
    "recompute_ratings",
]
