"""Rating periods and one period's rating step, on plain values (no queries).

A period is an ISO week, Monday to Sunday. Glicko-2 is rated "simultaneously" per period
(Glickman, "Example of the Glicko-2 system", introduction); Elo has no periods of its own and
applies the week's results one at a time in the order played (league.ratings.algorithms.elo).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date, timedelta

from league.clubs.models import Club
from league.ratings.algorithms import (
    Elo,
    EloSettings,
    Glicko2,
    RatedResult,
    RatedUnit,
    is_provisional,
    rate_period,
    rate_period_elo,
)

WEEK = timedelta(days=7)
ELO_PROVISIONAL_GAMES = EloSettings().provisional_games  # while the provisional K applies

Rating = Glicko2 | Elo


@dataclass(frozen=True, slots=True)
class RatingSettings:
    """The club settings a rating depends on; a change of any of them rebuilds all periods."""

    system: Club.RatingSystem
    unit: RatedUnit
    tau: float | None = None  # Glicko-2 only
    k: float | None = None  # Elo only

    @classmethod
    def of(cls, club: Club) -> RatingSettings:
        system = Club.RatingSystem(club.rating_system)
        if system is Club.RatingSystem.ELO:
            return cls(system, RatedUnit(club.rated_unit), k=float(club.elo_k))
        return cls(system, RatedUnit(club.rated_unit), tau=float(club.glicko2_tau))

    @property
    def is_elo(self) -> bool:
        return self.system is Club.RatingSystem.ELO


@dataclass(frozen=True, slots=True)
class Standing:
    """A player's rating after a period they played in: what a PlayerRating row holds."""

    player: int
    rating: float
    rd: float | None  # None for Elo
    volatility: float | None
    games: int  # rated results in the period
    total_games: int  # rated results so far


def week_of(day: date) -> date:
    """The Monday of day's ISO week."""
    return day - timedelta(days=day.weekday())


def last_closed_week(today: date) -> date:
    """The latest week that has ended by today: the one before today's."""
    return week_of(today) - WEEK


def weeks(first: date, last: date) -> list[date]:
    """The Mondays from first to last, both included."""
    return [first + WEEK * i for i in range((last - first).days // 7 + 1)]


def weeks_between(earlier: date, later: date) -> int:
    return (later - earlier).days // 7


def rate_week(
    ratings: Mapping[int, Rating], totals: Mapping[int, int],
    results: Sequence[RatedResult[int]], settings: RatingSettings,
) -> tuple[dict[int, Rating], dict[int, int], list[Standing]]:
    """Everyone's ratings and game totals after a week, and the standings of those who played."""
    if settings.is_elo:
        after = rate_period_elo(ratings, results, k=settings.k)
    else:
        after = rate_period(ratings, results, tau=settings.tau)
    games = Counter(player for result in results for player in result[:2])
    new_totals = dict(totals)
    for player, count in games.items():
        new_totals[player] = new_totals.get(player, 0) + count
    standings = [standing(p, after[p], games[p], new_totals[p]) for p in sorted(games)]
    return after, new_totals, standings


def standing(player: int, rating: Rating, games: int, total_games: int) -> Standing:
    if isinstance(rating, Elo):
        return Standing(player, rating.rating, None, None, games, total_games)
    return Standing(player, rating.rating, rating.rd, rating.volatility, games, total_games)


def restored(row: Standing, idle_periods: int) -> Rating:
    """The rating a player carries into a period, from their latest row and the periods since."""
    if row.rd is None or row.volatility is None:
        return Elo(row.rating, row.total_games)
    return idle(Glicko2(row.rating, row.rd, row.volatility), idle_periods)


def idle(player: Glicko2, periods: int) -> Glicko2:
    """Glicko-2 after periods without games: only the RD widens (Step 6).

    Done by rate_period itself, one period at a time, so a rebuild starting from a stored row
    carries exactly the floats a rebuild from scratch would; the RD stops moving at its cap.
    """
    for _ in range(periods):
        after = rate_period({0: player}, ())[0]
        if after == player:
            break
        player = after
    return player


def is_provisional_rating(rating: Rating, total_games: int) -> bool:
    """Glicko-2: the league's is_provisional (high RD or few games); Elo: while the provisional
    K applies (EloSettings.provisional_games)."""
    if isinstance(rating, Elo):
        return total_games < ELO_PROVISIONAL_GAMES
    return is_provisional(rating, total_games)
