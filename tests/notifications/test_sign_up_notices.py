"""Opening sign-ups tells the club's players who may sign up, each as he chose; their home
pages list the competitions taking sign-ups."""

from datetime import timedelta

import pytest
from django.core import mail
from django.urls import reverse
from django.utils import timezone

from league.competitions.entries.sign_ups import close_registration, open_registration, sign_up
from league.competitions.formats.competitions import create_competition, register_players
from league.competitions.models import Competition
from league.notifications.models import Channel, Kind, Notification, Preference
from tests.factories import PlayerFactory, SeasonFactory, UserFactory, with_verified_address

pytestmark = pytest.mark.django_db


@pytest.fixture
def draft(commit):
    season = SeasonFactory(club__time_zone="Europe/London")
    organizer = with_verified_address(UserFactory(username="director"))
    season.club.organizers.add(organizer)
    with commit():
        competition = create_competition(season, actor=organizer, name="Spring Swiss",
                                         format=Competition.Format.SWISS, swiss_rounds=3)
    competition.organizer = organizer
    return competition


def told(kind=Kind.SIGN_UPS_OPEN):
    return {n.user.username: n for n in Notification.objects.filter(kind=kind)}


def test_opening_sign_ups_tells_each_player_of_the_club_once(draft, commit):
    club = draft.season.club
    ann = PlayerFactory(club=club, user=with_verified_address(UserFactory(username="ann")))
    PlayerFactory(club=club, user=UserFactory(username="bea"))
    PlayerFactory(club=club, user=None, name="No Account")
    PlayerFactory(user=UserFactory(username="stranger"))  # another club's
    with commit():
        open_registration(draft.pk, actor=draft.organizer,
                          closes_at=timezone.now() + timedelta(days=3))
    with commit():  # opened again with a cap: nobody is told twice
        open_registration(draft.pk, actor=draft.organizer, cap=8)
    notices = told()
    assert set(notices) == {"ann", "bea"}
    assert "Sign-ups are open for Spring Swiss" in notices["ann"].text
    assert "(Europe/London)" in notices["ann"].text
    assert notices["ann"].link == reverse("competition-sign-up", args=[draft.pk])
    assert [m.to for m in mail.outbox if "Sign-ups" in m.subject] == [[ann.user.email],
                                                                       ["bea@example.org"]]


def test_the_entered_and_the_retired_are_not_told(draft, commit):
    club = draft.season.club
    entered = PlayerFactory(club=club, user=UserFactory(username="entered"))
    PlayerFactory(club=club, user=UserFactory(username="retired"), retired_at=timezone.now())
    register_players(draft, [entered], actor=draft.organizer)
    with commit():
        open_registration(draft.pk, actor=draft.organizer)
    assert told() == {}


def test_each_player_is_told_as_he_chose(draft, commit):
    club = draft.season.club
    quiet = PlayerFactory(club=club, user=UserFactory(username="quiet")).user
    site = PlayerFactory(club=club, user=UserFactory(username="site")).user
    Preference.objects.create(user=quiet, kind=Kind.SIGN_UPS_OPEN, channel=Channel.NOTHING)
    Preference.objects.create(user=site, kind=Kind.SIGN_UPS_OPEN, channel=Channel.IN_APP)
    with commit():
        open_registration(draft.pk, actor=draft.organizer)
    assert set(told()) == {"site"}
    assert told()["site"].emailed_at is None and not mail.outbox


def test_sign_ups_closed_before_the_task_runs_tell_nobody(draft, django_capture_on_commit_callbacks):
    PlayerFactory(club=draft.season.club, user=UserFactory(username="late"))
    with django_capture_on_commit_callbacks() as sent:
        open_registration(draft.pk, actor=draft.organizer)
    close_registration(draft.pk, actor=draft.organizer)
    for callback in sent:
        callback()
    assert told() == {}


def test_the_home_page_lists_the_competitions_taking_sign_ups(client, draft, commit):
    me = PlayerFactory(club=draft.season.club, user=UserFactory(username="me")).user
    client.force_login(me)
    assert "Sign-ups open" not in client.get(reverse("home")).content.decode()
    with commit():
        open_registration(draft.pk, actor=draft.organizer,
                          closes_at=timezone.now() + timedelta(days=3))
    html = client.get(reverse("home")).content.decode()
    assert "Sign-ups open" in html and "Spring Swiss" in html and "You may sign up until" in html
    assert reverse("competition-sign-up", args=[draft.pk]) in html
    sign_up(draft.pk, user=me)
    assert "You are entered." in client.get(reverse("home")).content.decode()


def test_another_clubs_sign_ups_are_not_on_the_home_page(client, draft, commit):
    client.force_login(PlayerFactory(user=UserFactory(username="elsewhere")).user)
    with commit():
        open_registration(draft.pk, actor=draft.organizer)
    assert "Spring Swiss" not in client.get(reverse("home")).content.decode()


def unread(user) -> int:
    return Notification.objects.filter(user=user, read_at__isnull=True,
                                       done_at__isnull=True).count()


def test_the_notice_is_done_once_he_signs_up_and_for_all_once_sign_ups_close(draft, commit):
    club = draft.season.club
    ann = PlayerFactory(club=club, user=UserFactory(username="ann")).user
    bea = PlayerFactory(club=club, user=UserFactory(username="bea")).user
    with commit():
        open_registration(draft.pk, actor=draft.organizer)
    assert (unread(ann), unread(bea)) == (1, 1)
    with commit():
        sign_up(draft.pk, user=ann)
    assert (unread(ann), unread(bea)) == (0, 1)
    with commit():
        close_registration(draft.pk, actor=draft.organizer)
    assert (unread(ann), unread(bea)) == (0, 0)
    assert set(told()) == {"ann", "bea"}  # still listed, as done
