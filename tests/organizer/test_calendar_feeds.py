"""Calendar feeds, parsed back with the icalendar package: a competition's fixtures and a
player's matches at a private address. Times are in the club's time zone (a VTIMEZONE and
TZID), UIDs stay the same, SEQUENCE and LAST-MODIFIED move when a time changes."""

from datetime import UTC, date, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
import time_machine
from django.urls import reverse
from icalendar import Calendar

from league.accounts.services import delete_account
from league.clubs.services.calendar import calendar_token, new_calendar_address
from league.competitions.models import Match
from league.competitions.schedule.feed_reads import (
    feed_matches_of_club,
    feed_matches_of_competition,
)
from league.competitions.schedule.services import set_match_time
from tests.factories import (
    ClubFactory,
    CompetitionFactory,
    EntryFactory,
    MatchFactory,
    PlayerFactory,
    RoundFactory,
    SeasonFactory,
    UserFactory,
)

pytestmark = pytest.mark.django_db
PACIFIC, SYDNEY = "America/Los_Angeles", "Australia/Sydney"


def competition_in(zone: str, **kwargs):
    club = ClubFactory(time_zone=zone)
    return CompetitionFactory(season=SeasonFactory(club=club), **kwargs)


def parsed(response) -> Calendar:
    assert response.status_code == 200
    assert response["Content-Type"] == "text/calendar; charset=utf-8"
    return Calendar.from_ical(response.content)


def events(cal: Calendar) -> list:
    return list(cal.walk("VEVENT"))


def fixtures(client, competition) -> Calendar:
    return parsed(client.get(reverse("competition-fixtures-ics", args=[competition.pk])))


@pytest.mark.parametrize("zone, local", [(PACIFIC, datetime(2025, 3, 14, 19, 30)),
                                         (SYDNEY, datetime(2025, 3, 14, 19, 30))])
def test_a_match_time_is_in_the_club_zone_with_its_vtimezone(client, zone, local):
    competition = competition_in(zone)
    moment = local.replace(tzinfo=ZoneInfo(zone))
    MatchFactory(competition=competition, scheduled_at=moment.astimezone(UTC), table="4")
    cal = fixtures(client, competition)
    (event,) = events(cal)
    start = event.decoded("dtstart")
    assert event["dtstart"].params["TZID"] == zone
    assert start.replace(tzinfo=None) == local and start == moment
    assert event.decoded("dtend") - start == timedelta(minutes=90)
    assert [str(tz["tzid"]) for tz in cal.walk("VTIMEZONE")] == [zone]
    assert str(event["location"]).startswith("Table 4")


def test_the_same_moment_reads_as_each_club_local_time(client):
    """02:00 UTC on 15 March 2025 is Friday 19:00 in Los Angeles (summer time, UTC-7) and
    Saturday 13:00 in Sydney (summer time, UTC+11): each feed says its club's wall time."""
    moment = datetime(2025, 3, 15, 2, tzinfo=UTC)
    pacific, sydney = competition_in(PACIFIC), competition_in(SYDNEY)
    for competition in (pacific, sydney):
        MatchFactory(competition=competition, scheduled_at=moment)
    (la,) = events(fixtures(client, pacific))
    (syd,) = events(fixtures(client, sydney))
    assert la.decoded("dtstart").replace(tzinfo=None) == datetime(2025, 3, 14, 19)
    assert syd.decoded("dtstart").replace(tzinfo=None) == datetime(2025, 3, 15, 13)
    assert la.decoded("dtstart") == syd.decoded("dtstart") == moment


def test_untimed_match_with_a_play_by_date_is_an_all_day_event_and_a_bye_has_none(client):
    competition = competition_in(SYDNEY)
    round_ = RoundFactory(competition=competition, play_by=date(2025, 4, 6))
    MatchFactory(competition=competition, round=round_)
    MatchFactory(competition=competition, round=round_, entry_b=None, kind=Match.Kind.BYE)
    MatchFactory(competition=competition, round=RoundFactory(competition=competition))
    (event,) = events(fixtures(client, competition))
    assert event.decoded("dtstart") == date(2025, 4, 6)
    assert event.decoded("dtend") == date(2025, 4, 7)
    assert str(event["status"]) == "TENTATIVE"


@pytest.mark.parametrize("undated", [0, 5])
def test_the_club_feed_reads_only_the_matches_that_are_events(undated):
    competition = competition_in(PACIFIC)
    timed = MatchFactory(competition=competition,
                         scheduled_at=datetime(2025, 1, 6, 3, tzinfo=UTC))
    round_ = RoundFactory(competition=competition, play_by=date(2025, 4, 6))
    by_round = MatchFactory(competition=competition, round=round_)
    own = MatchFactory(competition=competition, play_by=date(2025, 4, 9),
                       round=RoundFactory(competition=competition))
    MatchFactory(competition=competition, round=round_, entry_b=None, kind=Match.Kind.BYE)
    bare = RoundFactory(competition=competition)
    for _ in range(undated):  # a season not yet given dates: no event, nothing read
        MatchFactory(competition=competition, round=bare)
    club = competition.season.club
    read = {match.pk for match in feed_matches_of_club(club)}
    assert read == {timed.pk, by_round.pk, own.pk}
    assert {match.pk for match in feed_matches_of_competition(competition)} == read


@pytest.mark.parametrize("n", [2, 6])
def test_the_feed_has_an_event_per_timed_match_in_a_fixed_number_of_queries(client, django_assert_num_queries, n):
    competition = competition_in(PACIFIC, name="Winter, the long one")
    for day in range(n):
        MatchFactory(competition=competition, scheduled_at=datetime(2025, 1, 6 + day, 3, tzinfo=UTC))
    # whether the competition's club is public (cached from then on; the club itself is known
    # since the competition was written), its page version (its rounds, read when the version
    # is made), the competition, its rounds with a date, the matches, the entries of both sides
    # with their players, the club nights
    url = reverse("competition-fixtures-ics", args=[competition.pk])
    with django_assert_num_queries(7):
        first = client.get(url)
    with django_assert_num_queries(0):  # unchanged: the feed kept under its version
        assert client.get(url).content == first.content
    cal = parsed(first)
    found = events(cal)
    assert len(found) == n and len({str(e["uid"]) for e in found}) == n
    assert str(cal["x-wr-calname"]).startswith("Winter, the long one (")


def test_a_new_time_keeps_the_uid_and_raises_sequence_and_last_modified(client):
    competition = competition_in(PACIFIC)
    organizer = UserFactory()
    competition.season.club.organizers.add(organizer)
    match = MatchFactory(competition=competition)
    first = datetime(2025, 6, 1, 18, tzinfo=ZoneInfo(PACIFIC))
    set_match_time(match.pk, actor=organizer, at=first, table="1")
    (before,) = events(fixtures(client, competition))
    set_match_time(match.pk, actor=organizer, at=first + timedelta(days=2), table="1")
    (after,) = events(fixtures(client, competition))
    assert str(before["uid"]) == str(after["uid"])
    assert (int(before["sequence"]), int(after["sequence"])) == (1, 2)
    assert after.decoded("last-modified") >= before.decoded("last-modified")
    assert after.decoded("dtstart") == first + timedelta(days=2)


def test_a_confirmed_match_says_its_result(client):
    match = MatchFactory(status=Match.Status.CONFIRMED, games_a=2, games_b=1,
                         scheduled_at=datetime(2025, 5, 5, 18, tzinfo=UTC))
    match.winner = match.entry_a
    match.save()
    (event,) = events(fixtures(client, match.competition))
    assert str(event["description"]).endswith(f"Result: {match.entry_a.player.name} won, 2–1")


# The player's feed --------------------------------------------------------------------------------


def player_in_two_competitions():
    club = ClubFactory(time_zone=SYDNEY)
    player = PlayerFactory(club=club)
    season = SeasonFactory(club=club)
    matches = []
    for hour in (18, 20):
        competition = CompetitionFactory(season=season)
        entry = EntryFactory(competition=competition, player=player)
        matches.append(MatchFactory(competition=competition, entry_a=entry,
                                    scheduled_at=datetime(2025, 7, 1, hour, tzinfo=UTC)))
    MatchFactory(competition=competition, scheduled_at=datetime(2025, 7, 2, tzinfo=UTC))
    return player, matches


def test_the_player_feed_has_every_match_of_theirs_across_competitions(client):
    player, matches = player_in_two_competitions()
    url = reverse("player-ics", args=[calendar_token(player)])
    cal = parsed(client.get(url))
    uids = {str(e["uid"]) for e in events(cal)}
    assert uids == {f"match-{m.pk}@testserver" for m in matches}
    assert all(e["dtstart"].params["TZID"] == SYDNEY for e in events(cal))


def test_a_new_calendar_address_revokes_the_old_one(client):
    player, _ = player_in_two_competitions()
    old = reverse("player-ics", args=[calendar_token(player)])
    client.force_login(player.user)
    response = client.post(reverse("player-new-calendar", args=[player.pk]))
    assert response.status_code == 302
    player.refresh_from_db()
    assert client.get(old).status_code == 404
    assert client.get(reverse("player-ics", args=[calendar_token(player)])).status_code == 200


def test_the_calendar_address_stops_working_when_the_account_is_deleted(client):
    player, _ = player_in_two_competitions()
    address = reverse("player-ics", args=[calendar_token(player)])
    assert client.get(address).status_code == 200
    delete_account(player.user, password="cards-on-the-table")
    assert client.get(address).status_code == 404


def test_the_next_owner_of_a_player_gets_a_new_calendar_address(client):
    player, _ = player_in_two_competitions()
    old = calendar_token(player)
    delete_account(player.user, password="cards-on-the-table")
    player.refresh_from_db()
    player.user = UserFactory(username="next-owner")
    player.save()
    assert calendar_token(player) != old
    assert client.get(reverse("player-ics", args=[old])).status_code == 404
    assert client.get(reverse("player-ics", args=[calendar_token(player)])).status_code == 200


def test_the_address_stays_the_same_from_one_day_to_the_next():
    player, _ = player_in_two_competitions()
    with time_machine.travel("2026-03-02 12:00:00+00:00", tick=False):
        shown = calendar_token(player)
    with time_machine.travel("2026-03-03 12:00:01+00:00", tick=False):
        assert calendar_token(player) == shown


def test_an_altered_address_is_not_found(client):
    player, _ = player_in_two_competitions()
    token = calendar_token(player)
    assert client.get(reverse("player-ics", args=[token[:-2] + "xx"])).status_code == 404


def test_only_the_player_himself_makes_a_new_address(client):
    player, _ = player_in_two_competitions()
    client.force_login(UserFactory())
    response = client.post(reverse("player-new-calendar", args=[player.pk]))
    assert response.status_code == 403
    player.refresh_from_db()
    assert player.calendar_version == 0
    with pytest.raises(Exception, match="own account"):
        new_calendar_address(player.pk, actor=UserFactory())


def test_the_player_page_shows_his_own_address_only_to_him(client):
    player, _ = player_in_two_competitions()
    assert "Your calendar" not in client.get(reverse("player", args=[player.pk])).content.decode()
    client.force_login(player.user)
    html = client.get(reverse("player", args=[player.pk])).content.decode()
    assert "Your calendar" in html and calendar_token(player) in html


def test_the_player_page_shows_the_new_address_at_once(client):
    player, _ = player_in_two_competitions()
    client.force_login(player.user)
    old = calendar_token(player)
    assert old in client.get(reverse("player", args=[player.pk])).content.decode()
    client.post(reverse("player-new-calendar", args=[player.pk]))
    player.refresh_from_db()
    html = client.get(reverse("player", args=[player.pk])).content.decode()
    assert calendar_token(player) in html and old not in html
