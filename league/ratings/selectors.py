"""Reads of the ratings for pages, each a fixed number of queries whatever the history's size.

A current rating is the player's latest row, its Glicko-2 RD widened for every rated week the
player sat out since (league.ratings.periods.idle). A row of an open week (one not ended, rated as if it
closed now) makes the rating provisional until that week closes: `closes_at` says when.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date, datetime

from django.utils import timezone

from league.clubs.models import Club, Player
from league.competitions.models import Match
from league.core.written_reads import Columns, Read, answered, fetched, one_of, table
from league.ratings import algorithms as algorithms
from league.ratings.algorithms import Elo, Glicko2, elo_expected_score, rating_interval

from .models import PlayerRating, RatingPeriod
from .periods import WEEK, Rating, Standing, is_provisional_rating, restored, week_of, weeks_between
from .services.results import start_of_week


@dataclass(frozen=True, slots=True)
class CurrentRating:
    player_id: int
    system: Club.RatingSystem
    rating: float
    rd: float | None  # None for Elo
    volatility: float | None
    total_games: int
    as_of: date  # the week of the player's latest rated games
    idle_weeks: int  # rated weeks since, without games
    provisional: bool
    open_week: bool = False  # the latest row is of a week not ended: it moves until it closes

    @property
    def closes_at(self) -> datetime | None:
        """When the open week ends (midnight after its Sunday, in the site's zone); it is
        closed at the next run of the periodic work after that."""
        if not self.open_week:
            return None
        return start_of_week(self.as_of + WEEK)

    @property
    def interval(self) -> tuple[float, float] | None:
        """Glicko-2's 95% interval: rating minus and plus twice the RD."""
        if self.rd is None or self.volatility is None:
            return None
        return rating_interval(Glicko2(self.rating, self.rd, self.volatility))

    @property
    def margin(self) -> float | None:
        return None if self.rd is None else 2.0 * self.rd

    def for_algorithm(self) -> Rating:
        if self.rd is None or self.volatility is None:
            return Elo(self.rating, self.total_games)
        return Glicko2(self.rating, self.rd, self.volatility)


@dataclass(frozen=True, slots=True)
class HistoryPoint:
    week: date
    rating: float
    rd: float | None
    games: int  # rated games in the week
    total_games: int
    provisional: bool


@dataclass(frozen=True, slots=True)
class WinChances:
    """Each side's chance of winning a game, from the players' current ratings."""

    player_a: int
    player_b: int
    system: Club.RatingSystem
    chance_a: float
    provisional: bool  # either rating is provisional (or missing)

    @property
    def percent_a(self) -> int:
        return round(100 * self.chance_a)

    @property
    def percent_b(self) -> int:
        return 100 - self.percent_a


def week_closes(now: datetime | None = None) -> datetime:
    """When the rating week under way ends: midnight after its Sunday, in the site's zone."""
    today = timezone.localtime(now or timezone.now(), timezone.get_default_timezone()).date()
    return start_of_week(week_of(today) + WEEK)


# Written out, as the club page's board is (league.ratings.club_board): built by the ORM, its
# subqueries took longer to build than to run. Each player's latest row is one backward step
# of the (player, week) index, joined to him as on the board; his club's last rated week, the
# latest of its periods.
_CURRENT_SQL = f"""
SELECT r.player_id, r.starts_on,
  (SELECT MAX(w.starts_on) FROM {table(RatingPeriod)} w WHERE w.club_id = k.club_id),
  k.system, r.rating, r.rd, r.volatility, r.games, r.total_games, k.is_open
FROM {table(Player)} p
  JOIN {table(PlayerRating)} r ON r.id = (
    SELECT l.id FROM {table(PlayerRating)} l WHERE l.player_id = p.id
    ORDER BY l.starts_on DESC LIMIT 1)
  JOIN {table(RatingPeriod)} k ON k.id = r.period_id
WHERE {{players}}
"""


def ratings_for(players: Iterable[Player | int]) -> dict[int, CurrentRating]:
    """The current rating of each player who has one, by player id: one query (none for no
    player), one probe of the (player, week) index per player whatever the length of their
    history."""
    ids = [p if isinstance(p, int) else p.pk for p in players]
    if not ids:
        return {}
    among, params = one_of("p.id", ids)
    return _current_ratings(fetched(_CURRENT_SQL.format(players=among), params))


def _current_ratings(rows: list[tuple]) -> dict[int, CurrentRating]:
    return {player: current_rating(player, day(starts_on), day(last_week), system, rating, rd,
                                   volatility, games, total_games, bool(is_open))
            for (player, starts_on, last_week, system, rating, rd, volatility, games,
                 total_games, is_open) in rows}


def day(value: date | str) -> date:
    """A date as the database gives it: SQLite gives a week computed (MAX) as text."""
    return value if isinstance(value, date) else date.fromisoformat(value)


def player_rating(player: Player | int) -> CurrentRating | None:
    """The player's current rating, None before their first rated week: one query."""
    return answered(rating_read(player if isinstance(player, int) else player.pk))


def rating_read(player_id: int) -> Read[CurrentRating | None]:
    """`player_rating`, as a read a page asks together with its others."""
    return Read(_CURRENT_SQL.format(players="p.id = %s"), [player_id],
                lambda rows: next(iter(_current_ratings(rows).values()), None))


# Written out, as the ORM's query cost several times what the database took to answer it on a
# cold visit of a player's page (league.core.written_reads).
HISTORY = Columns(PlayerRating, "r", ["starts_on", "rating", "rd", "volatility", "games",
                                      "total_games"])
_HISTORY_SQL = (f"SELECT {HISTORY.sql} FROM {table(PlayerRating)} r WHERE r.player_id = %s "
                f"ORDER BY r.starts_on")


def rating_history(player: Player | int) -> tuple[HistoryPoint, ...]:
    """The player's rating after each week they played in, oldest first: one query."""
    return answered(history_read(player if isinstance(player, int) else player.pk))


def history_read(player_id: int) -> Read[tuple[HistoryPoint, ...]]:
    """`rating_history`, as a read a page asks together with its others."""
    return Read(_HISTORY_SQL, [player_id],
                lambda rows: tuple(_point(*HISTORY.values(row)) for row in rows))


def win_probability(match: Match | int) -> WinChances | None:
    """Each side's chance from the current ratings (new players at the system's start values):
    two queries. None while a side is not known."""
    match_id = match if isinstance(match, int) else match.pk
    found = Match.objects.filter(pk=match_id).values_list(
        "entry_a__player_id", "entry_b__player_id", "competition__season__club__rating_system"
    ).first()
    if found is None or None in found[:2]:
        return None
    player_a, player_b, system = found
    system = Club.RatingSystem(system)
    current = ratings_for([player_a, player_b])
    a, b = (_rating_in(current.get(p), system) for p in (player_a, player_b))
    if system is Club.RatingSystem.ELO:
        chance = elo_expected_score(a, b)
    else:
        chance = algorithms.win_probability(a, b)
    provisional = any(p not in current or current[p].provisional for p in (player_a, player_b))
    return WinChances(player_a, player_b, system, chance, provisional)


def _rating_in(current: CurrentRating | None, system: Club.RatingSystem) -> Rating:
    """A player's rating for a prediction in the club's system: the start value when they have
    none in it (new, or rated before the club changed systems)."""
    if current is None or current.system is not system:
        return Elo() if system is Club.RatingSystem.ELO else Glicko2()
    return current.for_algorithm()


def current_rating(
    player_id: int, starts_on: date, last_week: date, system: str, rating: float,
    rd: float | None, volatility: float | None, games: int, total_games: int,
    open_week: bool = False,
) -> CurrentRating:
    """The current rating from the player's latest row and his club's last rated week."""
    idle_weeks = weeks_between(starts_on, last_week)
    row = Standing(player_id, rating, rd, volatility, games, total_games)
    now = restored(row, idle_weeks)
    rd_now = now.rd if isinstance(now, Glicko2) else None
    return CurrentRating(
        player_id, Club.RatingSystem(system), now.rating, rd_now, volatility, total_games,
        starts_on, idle_weeks, is_provisional_rating(now, total_games), open_week,
    )


def _point(
    week: date, rating: float, rd: float | None, volatility: float | None, games: int,
    total_games: int,
) -> HistoryPoint:
    stored = Standing(0, rating, rd, volatility, games, total_games)
    return HistoryPoint(week, rating, rd, games, total_games,
                        is_provisional_rating(restored(stored, 0), total_games))
