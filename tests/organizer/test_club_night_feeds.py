"""Club nights in the calendar feeds: the competition's, the club's and the player's. Each night
is an event at its place (else the club's name) and time, in the club's zone."""

from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from django.urls import reverse
from django.utils import timezone
from icalendar import Calendar

from league.clubs.services.calendar import calendar_token
from league.competitions.models import ClubNight, Competition
from league.competitions.nights.services import schedule_night
from tests.factories import (
    ClubFactory,
    CompetitionFactory,
    EntryFactory,
    PlayerFactory,
    SeasonFactory,
    UserFactory,
)

pytestmark = pytest.mark.django_db
LONDON = "Europe/London"


@pytest.fixture
def swiss():
    club = ClubFactory(time_zone=LONDON, name="Bath Gin Club", slug="bath")
    organizer = UserFactory()
    club.organizers.add(organizer)
    competition = CompetitionFactory(season=SeasonFactory(club=club), name="Winter Swiss",
                                     format=Competition.Format.SWISS)
    competition.organizer = organizer
    return competition


def saturday_evening() -> datetime:
    """The next Saturday at 19:30 in London (at least a day ahead)."""
    day = timezone.localdate(timezone=ZoneInfo(LONDON)) + timedelta(days=1)
    day += timedelta(days=(5 - day.weekday()) % 7)
    return datetime(day.year, day.month, day.day, 19, 30, tzinfo=ZoneInfo(LONDON))


def nights_in(response) -> list:
    assert response.status_code == 200
    cal = Calendar.from_ical(response.content)
    return [e for e in cal.walk("VEVENT") if str(e["uid"]).startswith("night-")]


def test_a_scheduled_night_is_in_the_competitions_feed_with_place_and_time(client, swiss):
    at = saturday_evening()
    night = schedule_night(swiss.pk, actor=swiss.organizer, starts_at=at,
                           place="Guildhall, Room 2")
    (event,) = nights_in(client.get(reverse("competition-fixtures-ics", args=[swiss.pk])))
    assert str(event["uid"]) == f"night-{night.pk}@testserver"
    assert event["dtstart"].params["TZID"] == LONDON
    assert event.decoded("dtstart").replace(tzinfo=None) == at.replace(tzinfo=None)
    assert event.decoded("dtend") - event.decoded("dtstart") == timedelta(hours=3)
    assert str(event["location"]) == "Guildhall, Room 2"
    assert str(event["summary"]) == "Club night: Winter Swiss"
    assert str(event["url"]).endswith(reverse("club-night", args=[night.pk]))


def test_a_night_without_a_place_is_at_the_club(client, swiss):
    schedule_night(swiss.pk, actor=swiss.organizer, starts_at=saturday_evening())
    (event,) = nights_in(client.get(reverse("competition-fixtures-ics", args=[swiss.pk])))
    assert str(event["location"]) == "Bath Gin Club"


def test_a_closed_night_ends_when_it_closed(client, swiss):
    start = datetime(2026, 3, 7, 19, 30, tzinfo=UTC)
    ClubNight.objects.create(competition=swiss, starts_at=start, status=ClubNight.Status.CLOSED,
                             closed_at=start + timedelta(hours=4, minutes=10))
    (event,) = nights_in(client.get(reverse("competition-fixtures-ics", args=[swiss.pk])))
    assert event.decoded("dtend") - event.decoded("dtstart") == timedelta(hours=4, minutes=10)


def test_the_clubs_feed_has_the_nights_of_its_competitions_not_finished(client, swiss):
    schedule_night(swiss.pk, actor=swiss.organizer, starts_at=saturday_evening())
    old = CompetitionFactory(season=swiss.season, status=Competition.Status.FINISHED)
    ClubNight.objects.create(competition=old, starts_at=datetime(2025, 1, 4, 19, tzinfo=UTC),
                             status=ClubNight.Status.CLOSED)
    elsewhere = CompetitionFactory(format=Competition.Format.SWISS)
    ClubNight.objects.create(competition=elsewhere, starts_at=saturday_evening())
    response = client.get(reverse("club-fixtures-ics", args=["bath"]))
    assert [str(e["summary"]) for e in nights_in(response)] == ["Club night: Winter Swiss"]
    assert reverse("club-fixtures-ics", args=["bath"]) in client.get(
        reverse("club", args=["bath"])).content.decode()


def test_the_clubs_feed_says_of_each_night_what_its_competitions_feed_says(client, swiss):
    later = CompetitionFactory(season=swiss.season, name="Spring League",
                               format=Competition.Format.LEAGUE)
    schedule_night(later.pk, actor=swiss.organizer, starts_at=saturday_evening() + timedelta(
        days=7), place="The Crown")
    schedule_night(swiss.pk, actor=swiss.organizer, starts_at=saturday_evening())
    club = nights_in(client.get(reverse("club-fixtures-ics", args=["bath"])))
    own = [*nights_in(client.get(reverse("competition-fixtures-ics", args=[swiss.pk]))),
           *nights_in(client.get(reverse("competition-fixtures-ics", args=[later.pk])))]
    assert [str(e["summary"]) for e in club] == ["Club night: Winter Swiss",
                                                "Club night: Spring League"]  # by time
    fields = ("uid", "dtstart", "dtend", "summary", "location", "description", "url", "status")
    assert [[str(e[f]) for f in fields] for e in club] == [
        [str(e[f]) for f in fields] for e in own]
    assert all(e["dtstart"].params["TZID"] == LONDON for e in club)


def test_a_members_only_clubs_feed_is_refused_to_a_stranger(client, swiss):
    club = swiss.season.club
    club.is_public = False
    club.save(update_fields=["is_public"])
    response = client.get(reverse("club-fixtures-ics", args=[club.slug]))
    assert response.status_code == 403


def test_the_players_feed_has_the_nights_of_his_competitions(client, swiss):
    player = PlayerFactory(club=swiss.season.club)
    EntryFactory(competition=swiss, player=player)
    night = schedule_night(swiss.pk, actor=swiss.organizer, starts_at=saturday_evening())
    other = CompetitionFactory(season=swiss.season, format=Competition.Format.SWISS)
    ClubNight.objects.create(competition=other, starts_at=saturday_evening())  # not his
    withdrawn = CompetitionFactory(season=swiss.season, format=Competition.Format.SWISS)
    EntryFactory(competition=withdrawn, player=player, withdrawn_at=timezone.now())
    ClubNight.objects.create(competition=withdrawn, starts_at=saturday_evening())
    response = client.get(reverse("player-ics", args=[calendar_token(player)]))
    assert [str(e["uid"]) for e in nights_in(response)] == [f"night-{night.pk}@testserver"]


def test_the_place_is_typed_when_the_night_is_scheduled(client, swiss):
    client.force_login(swiss.organizer)
    at = saturday_evening()
    response = client.post(reverse("club-night-new", args=[swiss.pk]),
                           {"action": "schedule", "starts_at": at.strftime("%Y-%m-%dT%H:%M"),
                            "place": "  The Crown,\n upstairs "})
    assert response.status_code == 302
    assert ClubNight.objects.get(competition=swiss).place == "The Crown, upstairs"


def test_the_nights_page_says_where_it_is_played(client, swiss):
    night = schedule_night(swiss.pk, actor=swiss.organizer, starts_at=saturday_evening(),
                           place="Guildhall, Room 2")
    page = client.get(reverse("club-night", args=[night.pk])).content.decode()
    assert "· at Guildhall, Room 2" in page
