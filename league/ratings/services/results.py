"""A club's rated results, read from its confirmed, played matches and their games.

Which week a result belongs to: the week it was played (Match.played_at, stored when the result
is confirmed or corrected, league.competitions.base.played), so that a result confirmed late is
rated where it was played and a correction never moves it. A week's results are a range of the
(competition, played_at) index, whatever the length of the club's history.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date, datetime, time, tzinfo

from django.db.models import QuerySet
from django.utils import timezone

from league.competitions.models import Match
from league.games.models import Game
from league.ratings.algorithms import MatchResult, RatedResult, RatedUnit, rated_results

from ..periods import week_of

MatchRow = tuple[int, int, int, int | None, int, int, datetime]


def rated_matches(club_id: int) -> QuerySet[Match]:
    """The club's matches whose result is rated: confirmed, played, two players, with the
    moment they were played stored (league.competitions.base.played)."""
    return Match.objects.filter(
        competition__season__club_id=club_id,
        status=Match.Status.CONFIRMED,
        kind=Match.Kind.PLAYED,
        entry_a__isnull=False,
        entry_b__isnull=False,
        played_at__isnull=False,
    )


def site_zone() -> tzinfo:
    """Rating weeks are the site's (settings.TIME_ZONE), whatever zone a page has activated
    to show a club's times."""
    return timezone.get_default_timezone()


def week_of_moment(moment: datetime, zone: tzinfo | None = None) -> date:
    """The week of a moment, in the site's time zone (settings.TIME_ZONE)."""
    return week_of(moment.astimezone(zone or site_zone()).date())


def start_of_week(week: date) -> datetime:
    return timezone.make_aware(datetime.combine(week, time.min), site_zone())


def weekly_results(
    club_id: int, unit: RatedUnit, since: date | None = None, until: datetime | None = None
) -> dict[date, list[RatedResult[int]]]:
    """The rated results of each week from since on, played by until (when given), each week's
    in the order played."""
    matches = rated_matches(club_id)
    if since is not None:
        matches = matches.filter(played_at__gte=start_of_week(since))
    if until is not None:
        matches = matches.filter(played_at__lte=until)
    rows: list[MatchRow] = list(
        matches.order_by("played_at", "pk").values_list(
            "pk", "entry_a__player_id", "entry_b__player_id", "winner__player_id",
            "games_a", "games_b", "played_at",
        )
    )
    winners = _game_seats([row[0] for row in rows])
    zone = site_zone()
    by_week: dict[date, list[MatchResult[int]]] = {}
    for row in rows:
        by_week.setdefault(week_of_moment(row[6], zone), []).append(
            _match_result(row, winners.get(row[0], []))
        )
    return {week: rated_results(found, unit) for week, found in by_week.items()}


# Match ids per query: well under the bound databases set on a statement's parameters (SQLite's
# is 32,766 since 3.32, 999 before).
IDS_PER_QUERY = 900


def _game_seats(match_ids: list[int]) -> dict[int, list[str]]:
    """The winning seat ("A" or "B") of each finished game, per match, in the order played."""
    seats: dict[int, list[str]] = {}
    for start in range(0, len(match_ids), IDS_PER_QUERY):
        games = Game.objects.filter(match_id__in=match_ids[start:start + IDS_PER_QUERY],
                                    status=Game.Status.FINISHED)
        for match_id, seat in (games.order_by("match_id", "number")
                               .values_list("match_id", "winner")):
            seats.setdefault(match_id, []).append(seat)
    return seats


def _match_result(row: MatchRow, seats: Iterable[str]) -> MatchResult[int]:
    """The confirmed result is the authority; its games give the order they were won in when
    they agree with it (an organizer may correct the tally without re-entering games)."""
    _, player_a, player_b, winner, games_a, games_b, _ = row
    seats = list(seats)
    if (seats.count("A"), seats.count("B")) != (games_a, games_b):
        seats = ["A"] * games_a + ["B"] * games_b
    players = {"A": player_a, "B": player_b}
    return MatchResult(player_a, player_b, tuple(players[s] for s in seats), winner)
