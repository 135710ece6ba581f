"""Dates and times the site accepts are in the years 1900 to 2100: a form refuses any other next
to its field, a service refuses it too, and a date stored before (at the very edge of what Python
holds) leaves every page, deadline and feed working."""

from datetime import UTC, date, datetime, timedelta
from io import StringIO
from zoneinfo import ZoneInfo

import pytest
from django.core.management import call_command
from django.db import connection
from django.urls import reverse
from django.utils import timezone

from league.competitions.base.dates import deadline_of
from league.competitions.entries.sign_ups import open_registration
from league.competitions.models import AuditEntry, Match
from league.competitions.nights.services import schedule_night
from league.competitions.schedule.services import (
    extend_match,
    propose_time,
    set_match_time,
    set_round_dates,
)
from league.core.dates import OUT_OF_BOUNDS
from league.core.errors import ServiceError
from tests.factories import MatchFactory, RoundFactory
from tests.organizer.test_schedule import PACIFIC, organized
from tests.reliability.conftest import ON_POSTGRES

pytestmark = pytest.mark.django_db
KIRIBATI = "Pacific/Kiritimati"  # UTC+14
LAST_HOUR = "9999-12-31T23:00"


def pages_of(match: Match, *, organizer: bool) -> list[str]:
    """The match, competition, feed, club and home pages; the organizer's pages too."""
    competition = match.competition
    club = competition.season.club
    pages = [reverse("match", args=[match.pk]), reverse("competition", args=[competition.pk]),
             reverse("competition-fixtures-ics", args=[competition.pk]),
             reverse("club", args=[club.slug]), reverse("home")]
    if organizer:
        pages += [reverse("organizer-matches", args=[competition.pk]),
                  reverse("organizer-club", args=[club.slug])]
    return pages


def assert_pages_work(client, match: Match, organizer, player) -> None:
    for user in (organizer, player):
        client.force_login(user)
        for url in pages_of(match, organizer=user == organizer):
            assert client.get(url).status_code == 200, url


@pytest.mark.parametrize("zone, typed", [(PACIFIC, LAST_HOUR), ("UTC", "9999-12-31T23:30"),
                                         (KIRIBATI, "0001-01-01T00:00"),
                                         ("UTC", "2101-01-01T00:00")])
def test_a_match_time_outside_the_years_is_refused_next_to_the_field(client, zone, typed):
    competition, organizer = organized(zone)
    match = MatchFactory(competition=competition)
    client.force_login(match.entry_a.player.user)
    response = client.post(reverse("match-propose-time", args=[match.pk]), {"propose-at": typed})
    assert response.status_code == 422 and OUT_OF_BOUNDS in response.content.decode()
    client.force_login(organizer)
    response = client.post(reverse("match-set-time", args=[match.pk]),
                           {"time-at": typed, "time-table": "3"})
    assert response.status_code == 422 and OUT_OF_BOUNDS in response.content.decode()
    match.refresh_from_db()
    assert (match.proposed_at, match.scheduled_at, match.table) == (None, None, "")
    assert not match.audit.exists()


def test_a_play_by_date_outside_the_years_is_refused_next_to_the_field(client):
    competition, organizer = organized(PACIFIC)
    round_ = RoundFactory(competition=competition)
    match = MatchFactory(competition=competition, round=round_)
    client.force_login(organizer)
    response = client.post(reverse("round-dates", args=[round_.pk]),
                           {f"r{round_.pk}-play_by": "9999-12-31"})
    assert response.status_code == 422 and OUT_OF_BOUNDS in response.content.decode()
    response = client.post(reverse("match-overdue", args=[match.pk]),
                           {f"o{match.pk}-choice": "extend", f"o{match.pk}-play_by": "9999-12-31"})
    assert response.status_code == 422 and OUT_OF_BOUNDS in response.content.decode()
    round_.refresh_from_db()
    match.refresh_from_db()
    assert (round_.play_by, match.play_by) == (None, None)


def test_the_date_inputs_offer_only_the_years_the_site_accepts(client):
    competition, organizer = organized(PACIFIC)
    MatchFactory(competition=competition, round=RoundFactory(competition=competition))
    client.force_login(organizer)
    html = client.get(reverse("organizer-matches", args=[competition.pk])).content.decode()
    assert 'min="1900-01-01"' in html and 'max="2100-12-31"' in html


def test_the_services_refuse_dates_and_times_outside_the_years():
    competition, organizer = organized(PACIFIC)
    round_ = RoundFactory(competition=competition)
    match = MatchFactory(competition=competition, round=round_)
    far = datetime(9999, 12, 31, 23, tzinfo=ZoneInfo(PACIFIC))
    early = datetime(1, 1, 1, tzinfo=ZoneInfo(KIRIBATI))
    attempts = [
        lambda: propose_time(match.pk, actor=match.entry_a.player.user, at=far),
        lambda: set_match_time(match.pk, actor=organizer, at=early),
        lambda: set_round_dates(round_.pk, actor=organizer, starts_on=date(1899, 12, 31),
                                play_by=None),
        lambda: set_round_dates(round_.pk, actor=organizer, starts_on=None,
                                play_by=date(9999, 12, 31)),
        lambda: extend_match(match.pk, actor=organizer, play_by=date(9999, 12, 31)),
        lambda: schedule_night(competition.pk, actor=organizer, starts_at=far),
        lambda: open_registration(competition.pk, actor=organizer, closes_at=far),
    ]
    for attempt in attempts:
        with pytest.raises(ServiceError, match=OUT_OF_BOUNDS):
            attempt()
    match.refresh_from_db()
    assert (match.proposed_at, match.scheduled_at, match.play_by) == (None, None, None)


def test_a_play_by_date_stored_at_the_last_day_python_holds_leaves_the_pages_working(client):
    competition, organizer = organized(PACIFIC)
    match = MatchFactory(competition=competition,
                         round=RoundFactory(competition=competition, play_by=date(9999, 12, 31)))
    club = competition.season.club
    assert deadline_of(match, club) == datetime(2101, 1, 1, tzinfo=ZoneInfo(PACIFIC))
    assert_pages_work(client, match, organizer, match.entry_a.player.user)


def test_a_match_time_stored_in_the_last_half_hour_python_holds_leaves_the_feed_working(client):
    competition, organizer = organized("UTC")
    match = MatchFactory(competition=competition,
                         scheduled_at=datetime(9999, 12, 31, 23, 30, tzinfo=UTC))
    assert_pages_work(client, match, organizer, match.entry_a.player.user)


def test_an_audit_entry_of_a_time_past_the_years_leaves_the_match_page_working(client):
    competition, organizer = organized(PACIFIC)
    match = MatchFactory(competition=competition)
    AuditEntry.objects.create(match=match, actor=match.entry_a.player.user,
                              action=AuditEntry.Action.TIME_PROPOSED,
                              after={"at": "9999-12-31T23:00:00-08:00"})
    client.force_login(organizer)
    response = client.get(reverse("match", args=[match.pk]))
    assert response.status_code == 200
    assert "at 9999-12-31T23:00:00-08:00" in response.content.decode()


@pytest.mark.postgres
@pytest.mark.skipif(not ON_POSTGRES, reason="PostgreSQL stores year 10000: DATABASE_URL=postgres://…")
def test_year_10000_in_utc_is_never_stored_and_the_pages_keep_working(client):
    competition, organizer = organized(PACIFIC)
    match = MatchFactory(competition=competition)
    client.force_login(match.entry_a.player.user)
    response = client.post(reverse("match-propose-time", args=[match.pk]),
                           {"propose-at": LAST_HOUR})
    assert response.status_code == 422 and OUT_OF_BOUNDS in response.content.decode()
    assert not Match.objects.filter(pk=match.pk, proposed_at__isnull=False).exists()
    soon = timezone.now() + timedelta(days=1)
    client.force_login(organizer)
    response = client.post(reverse("match-set-time", args=[match.pk]),
                           {"time-at": f"{soon:%Y-%m-%dT%H:%M}", "time-table": ""})
    assert response.status_code == 302
    assert_pages_work(client, match, organizer, match.entry_a.player.user)


def repaired(club) -> str:
    out = StringIO()
    call_command("repair_club", club=club.slug, stdout=out)
    return out.getvalue()


def test_the_club_repair_clears_dates_stored_outside_the_years():
    competition, _ = organized("UTC")
    round_ = RoundFactory(competition=competition, play_by=date(9999, 12, 31))
    match = MatchFactory(competition=competition, round=round_, play_by=date(1, 1, 1),
                         scheduled_at=datetime(9999, 12, 31, 23, 30, tzinfo=UTC))
    kept = MatchFactory(competition=competition, round=round_, play_by=date(2100, 12, 31))
    said = repaired(competition.season.club)
    assert "1 match times outside the years 1900 to 2100 cleared." in said
    assert "1 play-by dates of rounds outside the years 1900 to 2100 cleared." in said
    match.refresh_from_db()
    round_.refresh_from_db()
    kept.refresh_from_db()
    assert (match.scheduled_at, match.play_by, round_.play_by) == (None, None, None)
    assert kept.play_by == date(2100, 12, 31)
    assert "cleared" not in repaired(competition.season.club)


@pytest.mark.postgres
@pytest.mark.skipif(not ON_POSTGRES, reason="PostgreSQL stores year 10000: DATABASE_URL=postgres://…")
def test_a_time_stored_in_year_10000_is_cleared_by_the_club_repair_and_the_pages_work_again(
        client):
    competition, organizer = organized(PACIFIC)
    match = MatchFactory(competition=competition)
    with connection.cursor() as cursor:
        cursor.execute(f"UPDATE {Match._meta.db_table} SET proposed_at = %s, "
                       "proposed_by_id = entry_a_id WHERE id = %s",
                       ["10000-01-01 07:00:00+00", match.pk])
    assert "1 proposed times outside" in repaired(competition.season.club)
    assert not Match.objects.filter(pk=match.pk, proposed_at__isnull=False).exists()
    assert_pages_work(client, match, organizer, match.entry_a.player.user)
