"""Elo, the per-club alternative to Glicko-2.

Expected score on the 400-point logistic scale (A. Elo, "The Rating of Chessplayers, Past and
Present", 1978, and the FIDE rating regulations): E_a = 1 / (1 + 10^((R_b - R_a) / 400)).
The update is R' = R + K (S - E). A player's K is provisional_k until they have played provisional_games
rated games (FIDE uses K = 40 for a new player's first 30 games, 20 below 2400 after that;
the league's defaults are 20 / 40 / 20 games and are club settings).
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Iterable, Mapping
from dataclasses import dataclass
from typing import TypeVar

K = TypeVar("K", bound=Hashable)

ELO_SCALE = 400.0


@dataclass(frozen=True, slots=True)
class Elo:
    rating: float = 1500.0
    games: int = 0  # rated games played so far: decides the provisional K

    def __post_init__(self) -> None:
        if not math.isfinite(self.rating):
            raise ValueError(f"rating must be finite, not {self.rating}")
        if self.games < 0:
            raise ValueError(f"games cannot be negative: {self.games}")


@dataclass(frozen=True, slots=True)
class EloSettings:
    k: float = 20.0
    provisional_k: float = 40.0
    provisional_games: int = 20

    def k_for(self, player: Elo) -> float:
        return self.provisional_k if player.games < self.provisional_games else self.k


def elo_expected_score(a: Elo, b: Elo) -> float:
    """a's expected score against b; elo_expected_score(b, a) is 1 minus it."""
    return 1.0 / (1.0 + 10.0 ** ((b.rating - a.rating) / ELO_SCALE))


def elo_update(
    a: Elo, b: Elo, score_a: float, *, k: float = 20.0, provisional_k: float = 40.0,
    provisional_games: int = 20,
) -> tuple[Elo, Elo]:
    """Both players after one rated result; b scores 1 - score_a."""
    return _update(a, b, score_a, EloSettings(k, provisional_k, provisional_games))


def rate_period_elo(
    ratings: Mapping[K, Elo], results: Iterable[tuple[K, K, float]], *, k: float = 20.0,
    provisional_k: float = 40.0, provisional_games: int = 20,
) -> dict[K, Elo]:
    """Every player's Elo after a period, in the shape of ``rate_period``.

    Elo knows no periods: the results are applied one at a time in the order given (give them in
    the order played), each from the ratings left by the ones before. Players of the results
    missing from ``ratings`` start at ``Elo()``; players without games are unchanged.
    """
    settings = EloSettings(k, provisional_k, provisional_games)
    table = dict(ratings)
    for a, b, score in results:
        if a == b:
            raise ValueError(f"not a rated result: {(a, b, score)}")
        table[a], table[b] = _update(table.get(a, Elo()), table.get(b, Elo()), score, settings)
    return table


def _update(a: Elo, b: Elo, score_a: float, settings: EloSettings) -> tuple[Elo, Elo]:
    if not 0.0 <= score_a <= 1.0:
        raise ValueError(f"a score is between 0 and 1, not {score_a}")
    expected_a = elo_expected_score(a, b)
    change_a = settings.k_for(a) * (score_a - expected_a)
    change_b = settings.k_for(b) * (expected_a - score_a)  # (1 - s) - (1 - E_a)
    return Elo(a.rating + change_a, a.games + 1), Elo(b.rating + change_b, b.games + 1)
