"""A club's best current ratings, for its page: one query, written out rather than built by the
ORM (building its subqueries and windows took as long as running them). Plain SQL, as SQLite
and PostgreSQL both read it.

Each of the club's players gives his latest row by one backward step of the (player, week)
index, joined to him: as a join, PostgreSQL takes each player's step once (a list of the steps'
rows took each twice). The rows are ranked by their stored rating, and only the best are read
and restored: a week sat out leaves the rating as it was (Elo does not move; Glicko-2 widens
only the RD, its Step 6), so the stored ratings rank the players as their current ones do.
"""

from __future__ import annotations

from league.clubs.models import Player
from league.core.written_reads import fetched, table

from .models import PlayerRating, RatingPeriod
from .selectors import CurrentRating, current_rating, day

_BEST_SQL = f"""
SELECT player_id, starts_on, last_week, system, rating, rd, volatility, games, total_games,
  is_open, rated
FROM (
  SELECT r.player_id, r.starts_on, w.last_week, k.system, r.rating, r.rd, r.volatility, r.games,
    r.total_games, k.is_open, RANK() OVER (ORDER BY r.rating DESC) AS place,
    COUNT(*) OVER () AS rated
  FROM {table(Player)} p
    JOIN {table(PlayerRating)} r ON r.id = (
      SELECT l.id FROM {table(PlayerRating)} l WHERE l.player_id = p.id
      ORDER BY l.starts_on DESC LIMIT 1)
    JOIN {table(RatingPeriod)} k ON k.id = r.period_id
    CROSS JOIN (SELECT MAX(starts_on) AS last_week FROM {table(RatingPeriod)}
      WHERE club_id = %s) w
  WHERE p.club_id = %s
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
