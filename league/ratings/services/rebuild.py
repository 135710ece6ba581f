"""Rebuilding a club's rating periods from its confirmed results.

Every write is a delete-and-rebuild of the periods from one week on, in one transaction holding
the club's row lock, so a rebuild from any week leaves exactly what a rebuild from scratch would
(tests/ratings/test_season.py). Weeks that have ended are rated for good; the weeks after them
that already have results (this week's, and last week's in the hour before it is closed) are
rated too, as if they closed now (Glicko-2 rates a period from whatever results it holds,
Glickman, "Example of the Glicko-2 system"), and marked open: every confirmed result rates them
again, and the closing replaces them.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import date, datetime

from django.db import transaction
from django.utils import timezone

from league.clubs.models import Club
from league.competitions.base.outbox import due_in_club, is_done, mark_all_done
from league.competitions.base.page_versions import player_pages_changed
from league.competitions.models import Competition, FollowUp, Match
from league.core.statistics import analyze_after_commit
from league.ratings.algorithms import RatedResult, RatedUnit

from ..latest import latest_rows
from ..models import LatestRating, PlayerRating, RatingPeriod
from ..periods import (
    WEEK,
    Rating,
    RatingSettings,
    Standing,
    last_closed_week,
    rate_week,
    restored,
    weeks,
    weeks_between,
)
from ..signals import rating_periods_closed
from .latest import keep_latest, rated_from
from .results import week_of_moment, weekly_results

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class RatingRun:
    """What one rebuild did: the weeks rated (none when nothing had to change)."""

    club: str
    settings: RatingSettings
    from_scratch: bool
    first: date | None = None
    last: date | None = None
    periods: int = 0
    results: int = 0
    ratings: int = 0  # PlayerRating rows written

    def __str__(self) -> str:
        unit = Club.RatedUnit(self.settings.unit).label.lower()
        how = f"{self.settings.system.label}, {unit}"
        if not self.periods:
            return f"{self.club} ({how}): no week to rate."
        scope = "from scratch" if self.from_scratch else "from a week on"
        return (
            f"{self.club} ({how}): rated {self.periods} weeks {scope}, {self.first:%Y-%m-%d} to "
            f"{self.last:%Y-%m-%d}: {self.results} rated results, {self.ratings} player ratings."
        )


def recompute_ratings(club: Club, *, now: datetime | None = None) -> RatingRun:
    """Every rating period of the club rebuilt from its confirmed results."""
    return rebuild_ratings(club.pk, since=None, now=now)


def close_rating_periods(*, now: datetime | None = None) -> list[RatingRun]:
    """Rate every club's weeks that have ended and are not rated yet (the beat task)."""
    runs = [
        rebuild_ratings(club_id, since=date.max, now=now, closed_only=True)
        for club_id in Club.objects.order_by("pk").values_list("pk", flat=True)
    ]
    return [run for run in runs if run.periods]


def rate_confirmed_result(match_id: int, *, follow_up: int | None = None,
                          now: datetime | None = None) -> RatingRun | None:
    """After a result is confirmed, corrected or confirmed late: rebuild from the week it was
    played in, so the rating moves at once (provisionally while that week is open).

    Every other result of the club still waiting for its rating (a burst of confirmations) is
    rated by the same rebuild, from the earliest of their weeks, and its follow-up marked done
    with this one: its own task then finds it done and returns at once. The waiting rows are
    read after the club's lock is taken, so each was committed, with its result, before the
    rebuild reads the results. None when nothing is left to rate (the match is gone, has no
    result, or its rating was done by another task's rebuild meanwhile)."""
    found = Match.objects.filter(pk=match_id).values_list(
        "competition__season__club_id", flat=True).first()
    if found is None:
        log.info("ratings: match %s no longer exists", match_id)
        return None
    with transaction.atomic():
        Club.objects.select_for_update().filter(pk=found).values_list("pk").first()
        if is_done(follow_up):
            log.info("ratings: match %s was rated with another result of its club", match_id)
            return None
        due = due_in_club(FollowUp.Kind.RATE, found)
        matches = {match_id} | {match for _, match in due if match is not None}
        moments = Match.objects.filter(pk__in=matches, played_at__isnull=False).values_list(
            "played_at", flat=True)
        first = min(moments, default=None)
        mark_all_done([row for row, _ in due if row != follow_up])
        if first is None:
            # Never played, reported or confirmed (e.g. a match the bracket re-seated): not rated.
            log.info("ratings: match %s has no result to rate", match_id)
            return None
        return rebuild_ratings(found, since=week_of_moment(first), now=now)


def rate_again_from(competition_id: int, moment: datetime, *,
                    now: datetime | None = None) -> RatingRun | None:
    """After results were removed (a stage drawn again): the competition's club rebuilt from
    the week of the earliest removed result, which no longer counts."""
    club_id = (Competition.objects.filter(pk=competition_id)
               .values_list("season__club_id", flat=True).first())
    if club_id is None:
        log.info("ratings: competition %s no longer exists", competition_id)
        return None
    return rebuild_ratings(club_id, since=week_of_moment(moment), now=now)


def rebuild_ratings(club_id: int, *, since: date | None, now: datetime | None = None,
                    closed_only: bool = False) -> RatingRun:
    """Rate the club's weeks from since on (None: from scratch), the open ones provisionally.

    Weeks before since are kept when they exist, are closed, and were rated under the club's
    current settings; otherwise, and for weeks ended but not rated yet, the rebuild starts
    earlier. closed_only: nothing is done unless an ended week is waiting to be rated.
    """
    now = now or timezone.now()
    last = last_closed_week(timezone.localtime(now, timezone.get_default_timezone()).date())
    with transaction.atomic():
        club = Club.objects.select_for_update().get(pk=club_id)
        settings = RatingSettings.of(club)
        since = _kept_until(club, settings, since)
        results = weekly_results(club.pk, settings.unit, since, until=now)
        first = since if since is not None else min(results, default=None)
        if closed_only and (first is None or first > last):
            return RatingRun(club.name, settings, from_scratch=False)
        stored = RatingPeriod.objects.filter(club=club)
        closed_before = (stored.filter(is_open=False).order_by("-starts_on")
                         .values_list("starts_on", flat=True).first())
        deleted = rated_from(club.pk, since)  # their latest rows go with the weeks
        (stored if since is None else stored.filter(starts_on__gte=since)).delete()
        player_pages_changed(club_ids=[club.pk])  # its ratings and charts, written in bulk
        until = max(last, max(results, default=last))
        if first is None or first > until:
            keep_latest(deleted)
            return RatingRun(club.name, settings, from_scratch=since is None)
        ratings, totals = ({}, {}) if since is None else _state_before(first, results)
        periods, rated, rows = _rate_weeks(
            club, settings, weeks(first, until), results, ratings, totals, last
        )
        keep_latest([*deleted, *(row.player_id for row in rows)])
        _tell_closed(club, [p for p in periods if not p.is_open], closed_before)
        run = RatingRun(club.name, settings, since is None, first, until, len(periods), rated,
                        len(rows))
        analyze_after_commit(len(periods) + len(rows), RatingPeriod, PlayerRating,
                             LatestRating)
    log.info("ratings: %s", run)
    return run


def _tell_closed(club: Club, closed: list[RatingPeriod], closed_before: date | None) -> None:
    """The weeks closed by this rebuild and never closed before, told to the apps above."""
    new = [p for p in closed if closed_before is None or p.starts_on > closed_before]
    if new:
        rating_periods_closed.send(sender=RatingPeriod, club=club, periods=new)


def _kept_until(club: Club, settings: RatingSettings, since: date | None) -> date | None:
    """The first week to rebuild: the one after the latest stored week before since, or None
    (from scratch) when there is none or it was rated under other settings."""
    if since is None:
        return None
    latest = (club.rating_periods.filter(starts_on__lt=since, is_open=False)
              .order_by("-starts_on").first())
    if latest is None or settings_of(latest) != settings:
        return None
    return latest.starts_on + WEEK


def settings_of(period: RatingPeriod) -> RatingSettings:
    return RatingSettings(
        Club.RatingSystem(period.system), RatedUnit(period.rated_unit), tau=period.tau,
        k=period.elo_k,
    )


def _state_before(
    first: date, results: dict[date, list[RatedResult[int]]]
) -> tuple[dict[int, Rating], dict[int, int]]:
    """The rating entering week first of everyone who plays from it on: their latest row,
    widened by the weeks since. Nobody else's rating is needed, since the rebuild writes rows
    only for those who play, and a player enters every week's rating from this state."""
    players = {player for week in results.values() for result in week for player in result[:2]}
    rows = PlayerRating.objects.filter(pk__in=latest_rows(players, before=first)).values_list(
        "player_id", "starts_on", "rating", "rd", "volatility", "games", "total_games")
    ratings: dict[int, Rating] = {}
    totals: dict[int, int] = {}
    for player, starts_on, *values in rows:
        row = Standing(player, *values)
        ratings[player] = restored(row, weeks_between(starts_on, first) - 1)
        totals[player] = row.total_games
    return ratings, totals


def _rate_weeks(
    club: Club, settings: RatingSettings, mondays: list[date],
    results: dict[date, list[RatedResult[int]]], ratings: dict[int, Rating],
    totals: dict[int, int], last_closed: date,
) -> tuple[list[RatingPeriod], int, list[PlayerRating]]:
    """Rate the weeks in order and save them: the periods, the results rated and the rating
    rows written. The weeks after last_closed are open."""
    periods = RatingPeriod.objects.bulk_create(
        RatingPeriod(
            club=club, starts_on=monday, system=settings.system, rated_unit=settings.unit,
            tau=settings.tau, elo_k=settings.k, results=len(results.get(monday, ())),
            is_open=monday > last_closed,
        )
        for monday in mondays
    )
    rows = []
    for period in periods:
        ratings, totals, standings = rate_week(
            ratings, totals, results.get(period.starts_on, []), settings
        )
        rows.extend(_row(period, s) for s in standings)
    PlayerRating.objects.bulk_create(rows, batch_size=2000)
    return periods, sum(p.results for p in periods), rows


def _row(period: RatingPeriod, standing: Standing) -> PlayerRating:
    return PlayerRating(
        period=period, player_id=standing.player, starts_on=period.starts_on,
        rating=standing.rating, rd=standing.rd, volatility=standing.volatility,
        games=standing.games, total_games=standing.total_games,
    )
