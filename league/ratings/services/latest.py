"""Each player's latest rating row, kept (league.ratings.models.LatestRating) by the rebuild that
writes the rows, in its transaction: a club's board then reads its best players from one index."""

from __future__ import annotations

from collections.abc import Iterable

from ..latest import latest_rows
from ..models import LatestRating, PlayerRating, RatingPeriod

LATEST = ("player_id", "player__club_id", "starts_on", "period__system", "period__is_open",
          "rating", "rd", "volatility", "games", "total_games")


def keep_latest(players: Iterable[int]) -> int:
    """The kept latest rows of these players made what their rating rows now say (a player
    without any row keeps none): one delete, one read and one insert. Returns the rows kept."""
    players = sorted(set(players))
    if not players:
        return 0
    LatestRating.objects.filter(player_id__in=players).delete()
    rows = PlayerRating.objects.filter(pk__in=latest_rows(players)).values_list(*LATEST)
    kept = LatestRating.objects.bulk_create(
        LatestRating(player_id=player, club_id=club, starts_on=starts_on, system=system,
                     is_open=is_open, rating=rating, rd=rd, volatility=volatility, games=games,
                     total_games=total_games)
        for player, club, starts_on, system, is_open, rating, rd, volatility, games, total_games
        in rows)
    return len(kept)


def rated_from(club_id: int, since=None) -> list[int]:
    """The club's players with a rating row of a week from `since` on (of any week: None): those
    whose latest row a rebuild from `since` deletes, read before it does. Two queries, each
    following an index whatever the week: the weeks' ids, then their rows by week (one query
    naming the week by a parameter would be planned once for every week, and scan the club's
    whole history for the latest)."""
    periods = RatingPeriod.objects.filter(club_id=club_id)
    if since is not None:
        periods = periods.filter(starts_on__gte=since)
    weeks = list(periods.values_list("pk", flat=True))
    if not weeks:
        return []
    return list(PlayerRating.objects.filter(period_id__in=weeks).order_by()
                .values_list("player_id", flat=True).distinct())
