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

from league.core.written_reads import Read, answered, table

from .models import LatestRating, RatingPeriod
from .selectors import CurrentRating, current_rating, day

# The best rows are those rated at least as high as the `top`-th (its ties included, as a rank
# would include them), found from the top of the club's range of the board's index; with fewer
# rows than `top`, all of them.
_BEST_SQL = f"""
SELECT l.player_id, l.starts_on, w.last_week, l.system, l.rating, l.rd, l.volatility, l.games,
  l.total_games, l.is_open, n.rated
FROM {table(LatestRating)} l
  CROSS JOIN (SELECT MAX(starts_on) AS last_week FROM {table(RatingPeriod)}
    WHERE club_id = %s) w
  CROSS JOIN (SELECT COUNT(*) AS rated FROM {table(LatestRating)} WHERE club_id = %s) n
WHERE l.club_id = %s AND l.rating >= COALESCE(
  (SELECT b.rating FROM {table(LatestRating)} b WHERE b.club_id = %s
   ORDER BY b.rating DESC LIMIT 1 OFFSET %s),
  (SELECT MIN(b.rating) FROM {table(LatestRating)} b WHERE b.club_id = %s))
"""


def best_of_club(club_id: int, top: int) -> tuple[list[CurrentRating], int]:
    """The `top` highest current ratings of the club's players (more where several tie at the
    last place), in no set order, and how many of its players have one."""
    return answered(best_of_club_read(club_id, top))


def best_of_club_read(club_id: int, top: int) -> Read[tuple[list[CurrentRating], int]]:
    """`best_of_club`, as a read the club's page asks with its others."""
    return Read(_BEST_SQL, [club_id, club_id, club_id, club_id, max(top, 1) - 1, club_id],
                _best)


def _best(rows: list[tuple]) -> tuple[list[CurrentRating], int]:
    ratings = [
        current_rating(player, day(starts_on), day(last_week), system, rating, rd, volatility,
                       games, total_games, bool(is_open))
        for (player, starts_on, last_week, system, rating, rd, volatility, games, total_games,
             is_open, _rated) in rows
    ]
    return ratings, (rows[0][-1] if rows else 0)
