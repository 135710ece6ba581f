"""A club's best current ratings, for its page: one query, written out rather than built by the
ORM (building its subqueries and windows took as long as running them). Plain SQL, as SQLite
and PostgreSQL both read it.

Each player's latest row is kept with his club (league.ratings.models.LatestRating, written by
the rebuild), so the club's rows are one range of its index, whatever the length of its
players' histories. The rows are ranked by their stored rating, and only the best are read and
restored: a week sat out leaves the rating as it was (Elo does not move; Glicko-2 widens only
the RD, its Step 6), so the stored ratings rank the players as their current ones do.
"""

from __future__ import annotations

from league.core.written_reads import fetched, table

from .models import LatestRating, RatingPeriod
from .selectors import CurrentRating, current_rating, day

_BEST_SQL = f"""
SELECT player_id, starts_on, last_week, system, rating, rd, volatility, games, total_games,
  is_open, rated
FROM (
  SELECT l.player_id, l.starts_on, w.last_week, l.system, l.rating, l.rd, l.volatility, l.games,
    l.total_games, l.is_open, RANK() OVER (ORDER BY l.rating DESC) AS place,
    COUNT(*) OVER () AS rated
  FROM {table(LatestRating)} l
    CROSS JOIN (SELECT MAX(starts_on) AS last_week FROM {table(RatingPeriod)}
      WHERE club_id = %s) w
  WHERE l.club_id = %s
) ranked
WHERE place <= %s
"""


def best_of_club(club_id: int, top: int) -> tuple[list[CurrentRating], int]:
    """The `top` highest current ratings of the club's players (more where several tie at the
    last place), in no set order, and how many of its players have one."""
    rows = fetched(_BEST_SQL, [club_id, club_id, top])
    ratings = [
        current_rating(player, day(starts_on), day(last_week), system, rating, rd, volatility,
                       games, total_games, bool(is_open))
        for (player, starts_on, last_week, system, rating, rd, volatility, games, total_games,
             is_open, _rated) in rows
    ]
    return ratings, (rows[0][-1] if rows else 0)
