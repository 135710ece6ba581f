"""Reading a schedule in a club's time zone: its today, a match's play-by date and whether the
match is overdue (its play-by date has passed and its result is not confirmed)."""

from __future__ import annotations

import zoneinfo
from datetime import date, datetime, time, timedelta

from django.utils import timezone

from league.clubs.models import Club
from league.competitions.models import Match
from league.core.dates import FIRST_DAY, LAST_DAY

NOT_OVERDUE = (Match.Status.CONFIRMED, Match.Status.VOID, Match.Status.PENDING)


def club_zone(club: Club) -> zoneinfo.ZoneInfo:
    try:
        return zoneinfo.ZoneInfo(club.time_zone)
    except (zoneinfo.ZoneInfoNotFoundError, ValueError):
        return zoneinfo.ZoneInfo("UTC")


def club_today(club: Club, now: datetime | None = None) -> date:
    return (now or timezone.now()).astimezone(club_zone(club)).date()


def play_by_of(match: Match) -> date | None:
    """The match's own extension, else its round's play-by date."""
    return match.play_by or match.round.play_by


def deadline_of(match: Match, club: Club) -> datetime | None:
    """The moment play-by ends: midnight after the play-by date, in the club's zone. A date
    stored beyond the last day the site accepts ends with that day (the day after 9999-12-31
    does not exist, and its midnight west of UTC is no time Python can hold)."""
    day = play_by_of(match)
    if day is None:
        return None
    day = min(max(day, FIRST_DAY), LAST_DAY)
    return datetime.combine(day + timedelta(days=1), time.min, tzinfo=club_zone(club))


def is_overdue(match: Match, club: Club, now: datetime | None = None) -> bool:
    if match.status in NOT_OVERDUE or match.entry_a_id is None or match.entry_b_id is None:
        return False
    deadline = deadline_of(match, club)
    return deadline is not None and (now or timezone.now()) >= deadline
