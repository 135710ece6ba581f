"""Reported results nobody answered in time: each is confirmed automatically once its club's
hours for confirming have passed (a club may set no limit). Safe to run as often as wanted: a
result already confirmed, disputed or not yet due is left as it is."""

from __future__ import annotations

from datetime import datetime, timedelta

from django.db.models import F
from django.utils import timezone

from league.competitions.models import Match, ResultReport
from league.competitions.results.services import confirm_overdue


def overdue_match_ids(now: datetime) -> list[int]:
    """Reported matches whose open report is older than its club's hours (read, not locked)."""
    reports = ResultReport.objects.filter(
        status=ResultReport.Status.PENDING,
        match__status=Match.Status.REPORTED,
        match__competition__season__club__confirm_within_hours__isnull=False,
    ).values_list("match_id", "reported_at",
                  F("match__competition__season__club__confirm_within_hours"))
    return [match_id for match_id, reported_at, hours in reports
            if reported_at + timedelta(hours=hours) <= now]


def confirm_overdue_results(now: datetime | None = None) -> list[int]:
    """Confirm every overdue reported result; the ids of the matches confirmed now."""
    now = now or timezone.now()
    return [match_id for match_id in overdue_match_ids(now)
            if confirm_overdue(match_id, now=now) is not None]
