"""The periodic task's notices of a schedule: the day before a play-by date each player of a
match still to play is reminded, and once the date has passed an open match is told to the
club's organizers who do not play in it. Each is told once per match and date, at the end of
the date in the club's own time zone; an extension is a new date, told again."""

from datetime import UTC, date, datetime, timedelta

import pytest
import time_machine
from django.core import mail

from league.competitions.models import Match
from league.competitions.schedule.services import extend_match
from league.notifications.models import Channel, Kind, Notification, Preference
from league.notifications.tasks import periodic
from tests.factories import MatchFactory, UserFactory

pytestmark = pytest.mark.django_db

SUNDAY = date(2026, 12, 6)
# The end of Sunday 6 December, in each club's zone, in UTC.
ZONES = {
    "America/Los_Angeles": datetime(2026, 12, 7, 8, 0, tzinfo=UTC),  # PST, UTC-8
    "Australia/Sydney": datetime(2026, 12, 6, 13, 0, tzinfo=UTC),  # AEDT, UTC+11
}


def a_match(zone: str, *, play_by: date = SUNDAY, **fields) -> Match:
    match = MatchFactory(competition__season__club__time_zone=zone, round__play_by=play_by,
                         round__name="Round 3", **fields)
    organizer = UserFactory(username=f"organizer-{match.pk}")
    match.competition.season.club.organizers.add(organizer)
    match.organizer = organizer
    return match


def run_at(moment: datetime) -> None:
    with time_machine.travel(moment, tick=False):
        periodic()


def told(user, kind) -> list[Notification]:
    return list(Notification.objects.filter(user=user, kind=kind).order_by("pk"))


def users(match: Match):
    return match.entry_a.player.user, match.entry_b.player.user


@pytest.mark.parametrize("zone", ZONES)
def test_each_player_is_reminded_once_the_day_before_the_play_by_date_ends(zone):
    match = a_match(zone)
    deadline = ZONES[zone]
    run_at(deadline - timedelta(hours=25))
    assert not Notification.objects.exists()
    run_at(deadline - timedelta(hours=23))
    run_at(deadline - timedelta(hours=2))  # the task runs every half hour: nobody told twice
    a, b = users(match)
    [to_a] = told(a, Kind.DEADLINE_NEAR)
    [to_b] = told(b, Kind.DEADLINE_NEAR)
    assert to_a.text == (f"Reminder: play your match against {match.entry_b.player.name} in "
                         f"{match.competition} (Round 3) by the end of Sun 6 Dec 2026 ({zone}).")
    assert match.entry_a.player.name in to_b.text
    assert to_a.link == match.get_absolute_url()
    assert len([m for m in mail.outbox if m.to == [a.email]]) == 1


@pytest.mark.parametrize("zone", ZONES)
def test_an_open_match_past_its_date_is_told_once_to_the_organizers_who_do_not_play_it(zone):
    match = a_match(zone, status=Match.Status.IN_PROGRESS)
    a, b = users(match)
    match.competition.season.club.organizers.add(a)  # an organizer playing in it is not told
    deadline = ZONES[zone]
    run_at(deadline - timedelta(minutes=1))
    assert not Notification.objects.filter(kind=Kind.MATCH_OVERDUE).exists()
    run_at(deadline + timedelta(minutes=1))
    run_at(deadline + timedelta(hours=5))
    [notice] = told(match.organizer, Kind.MATCH_OVERDUE)
    assert notice.text == (f"{match} in {match.competition} (Round 3) was to be played by "
                           f"the end of Sun 6 Dec 2026 ({zone}) and is still in progress. Give "
                           "it a later date, or record a forfeit or a double forfeit.")
    assert notice.link == f"/competitions/{match.competition_id}/manage/#overdue-{match.pk}"
    assert told(a, Kind.MATCH_OVERDUE) == told(b, Kind.MATCH_OVERDUE) == []


def test_the_link_opens_the_organizer_page_at_the_match_and_its_choices(client):
    match = a_match("Australia/Sydney", status=Match.Status.IN_PROGRESS)
    moment = ZONES["Australia/Sydney"] + timedelta(hours=1)
    run_at(moment)
    [notice] = told(match.organizer, Kind.MATCH_OVERDUE)
    client.force_login(match.organizer)
    with time_machine.travel(moment, tick=False):
        page = client.get(notice.link).content.decode()
    assert f'id="overdue-{match.pk}"' in page and "play_by" in page


def test_the_same_moment_is_past_the_date_in_sydney_and_not_yet_in_california():
    sydney = a_match("Australia/Sydney")
    pacific = a_match("America/Los_Angeles")
    run_at(datetime(2026, 12, 6, 14, 0, tzinfo=UTC))  # Mon 01:00 in Sydney, Sun 06:00 in LA
    assert len(told(sydney.organizer, Kind.MATCH_OVERDUE)) == 1
    assert told(pacific.organizer, Kind.MATCH_OVERDUE) == []
    assert told(pacific.entry_a.player.user, Kind.DEADLINE_NEAR) != []  # due within the day


def test_an_extension_is_reminded_and_told_of_again():
    match = a_match("America/Los_Angeles")
    deadline = ZONES["America/Los_Angeles"]
    run_at(deadline - timedelta(hours=20))
    run_at(deadline + timedelta(hours=1))
    with time_machine.travel(deadline + timedelta(hours=2), tick=False):
        extend_match(match.pk, actor=match.organizer, play_by=SUNDAY + timedelta(days=7))
    later = deadline + timedelta(days=7)
    run_at(later - timedelta(hours=20))
    run_at(later - timedelta(hours=19))
    run_at(later + timedelta(hours=1))
    a, _ = users(match)
    reminders = told(a, Kind.DEADLINE_NEAR)
    assert [("Sun 6 Dec" in r.text, "Sun 13 Dec" in r.text) for r in reminders] == [
        (True, False), (False, True)]
    overdue = told(match.organizer, Kind.MATCH_OVERDUE)
    assert [("Sun 6 Dec" in n.text, "Sun 13 Dec" in n.text) for n in overdue] == [
        (True, False), (False, True)]


def test_a_finished_or_long_overdue_match_is_not_told_of():
    confirmed = a_match("Australia/Sydney", status=Match.Status.CONFIRMED)
    old = a_match("Australia/Sydney", play_by=SUNDAY - timedelta(days=30))
    undated = MatchFactory()
    run_at(ZONES["Australia/Sydney"] - timedelta(hours=1))
    run_at(ZONES["Australia/Sydney"] + timedelta(hours=1))
    assert not Notification.objects.filter(user__in=[
        *users(confirmed), *users(old), *users(undated), confirmed.organizer,
        old.organizer]).exists()


@pytest.mark.parametrize(("channel", "site", "mails"), [
    (Channel.NOTHING, 0, 0), (Channel.IN_APP, 1, 0), (Channel.EMAIL, 1, 1)])
def test_the_organizers_choice_is_kept(channel, site, mails):
    match = a_match("America/Los_Angeles")
    Preference.objects.create(user=match.organizer, kind=Kind.MATCH_OVERDUE, channel=channel)
    run_at(ZONES["America/Los_Angeles"] + timedelta(hours=1))
    assert len(told(match.organizer, Kind.MATCH_OVERDUE)) == site
    sent = [m for m in mail.outbox if m.to == [match.organizer.email]]
    assert len(sent) == mails
    if mails:
        assert "Stop these mails with one click: http" in sent[0].body
        assert sent[0].subject == "Gin League: A match is overdue"
