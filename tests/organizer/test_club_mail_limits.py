"""The mail a club sends on an organizer's word (claim links, invitations) goes only for an
organizer whose own address is verified, and within caps per sender and per club, per hour and
per day. A refusal says so on the page; nothing of a refused list is saved, nobody is mailed;
players added without an address need none of it."""

import pytest
import time_machine
from django.core import mail
from django.urls import reverse

from league.clubs.models import Player
from league.clubs.services.clubs import create_club, invite_by_email
from league.clubs.services.players import add_player, add_players, split_pasted
from league.core.errors import ServiceError
from tests.factories import UserFactory, with_verified_address

from .conftest import sign_in

pytestmark = pytest.mark.django_db
SITE = "http://testserver/"


def pasted(count: int, start: int = 0) -> list[list[str]]:
    return split_pasted("\n".join(f"Victim {n}, victim{n}@example.net"
                                  for n in range(start, start + count)))


@pytest.fixture
def spammer_club():
    """A new account's club, its address never verified."""
    return create_club(actor=UserFactory(username="newcomer"),
                       name="Cheap pills at evil example dot com")


def test_a_new_account_cannot_mail_three_hundred_strangers(client, spammer_club,
                                                         django_capture_on_commit_callbacks):
    sign_in(client, spammer_club.organizers.get())
    text = "\n".join(f"Victim {n}, victim{n}@example.net" for n in range(300))
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(reverse("organizer-add-players", args=[spammer_club.slug]),
                               {"text": text, "save": "1"})
    assert response.status_code == 422
    assert "Verify your own email address" in response.content.decode()
    assert reverse("account_email") in response.content.decode()
    assert mail.outbox == [] and not Player.objects.filter(club=spammer_club).exists()


def test_a_verified_organizer_is_held_to_the_hourly_cap_and_nothing_of_the_list_is_saved(
        client, spammer_club, django_capture_on_commit_callbacks):
    organizer = with_verified_address(spammer_club.organizers.get())
    sign_in(client, organizer)
    text = "\n".join(f"Victim {n}, victim{n}@example.net" for n in range(300))
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(reverse("organizer-add-players", args=[spammer_club.slug]),
                               {"text": text, "save": "1"})
    assert response.status_code == 422
    assert "You may send at most 50 mails an hour" in response.content.decode()
    assert "50 more now, and this needs 300" in response.content.decode()
    assert mail.outbox == [] and not Player.objects.filter(club=spammer_club).exists()


def test_an_unverified_organizer_is_told_on_the_players_form(client, spammer_club):
    sign_in(client, spammer_club.organizers.get())
    response = client.post(reverse("organizer-add-player", args=[spammer_club.slug]),
                           {"name": "Victim", "email": "victim@example.net"})
    assert response.status_code == 422
    assert "Verify your own email address" in response.content.decode()
    assert not Player.objects.filter(club=spammer_club).exists() and mail.outbox == []


def test_players_added_without_an_address_need_no_verified_address(client, spammer_club):
    organizer = spammer_club.organizers.get()
    sign_in(client, organizer)
    response = client.post(reverse("organizer-add-player", args=[spammer_club.slug]),
                           {"name": "Ann", "email": ""})
    assert response.status_code == 302
    added = add_players(spammer_club, actor=organizer, rows=split_pasted("Bob\nCat"))
    assert [p.name for p in added.created] == ["Bob", "Cat"]
    assert set(spammer_club.players.values_list("name", flat=True)) == {"Ann", "Bob", "Cat"}


def test_an_unverified_organizer_sends_no_invitation_and_is_told_so(client, spammer_club,
                                                                   django_capture_on_commit_callbacks):
    sign_in(client, spammer_club.organizers.get())
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(reverse("club-invite", args=[spammer_club.slug]),
                               {"email": "victim@example.net"})
    assert response.status_code == 422
    assert "Verify your own email address" in response.content.decode()
    assert mail.outbox == [] and not spammer_club.invitations.exists()


@pytest.mark.parametrize("setting", ["CLUB_MAILS_PER_CLUB_HOUR", "CLUB_MAILS_PER_CLUB_DAY"])
def test_the_clubs_cap_holds_across_its_organizers(people, settings, setting):
    setattr(settings, setting, 3)
    helper = with_verified_address(UserFactory(username="helper"))
    people.club.organizers.add(helper)
    add_players(people.club, actor=people.organizer, rows=pasted(2), site=SITE)
    with pytest.raises(ServiceError, match="The Knock Club may send at most 3 mails"):
        add_players(people.club, actor=helper, rows=pasted(2, start=2), site=SITE)
    invite_by_email(people.club, actor=helper, email="one@example.net", site=SITE)
    with pytest.raises(ServiceError, match="0 more now"):
        add_player(people.club, actor=helper, name="One more", email="x@example.net", site=SITE)
    assert people.club.players.filter(name__startswith="Victim").count() == 2


@pytest.mark.parametrize("setting", ["CLUB_MAILS_PER_SENDER_HOUR", "CLUB_MAILS_PER_SENDER_DAY"])
def test_the_senders_cap_holds_across_his_clubs(people, settings, setting):
    setattr(settings, setting, 3)
    other = create_club(actor=people.organizer, name="Second Club")
    add_players(people.club, actor=people.organizer, rows=pasted(2), site=SITE)
    with pytest.raises(ServiceError, match="You may send at most 3 mails"):
        add_players(other, actor=people.organizer, rows=pasted(2), site=SITE)
    assert not other.players.exists()


def test_the_hourly_cap_frees_up_after_an_hour_and_the_daily_one_after_a_day(people, settings):
    settings.CLUB_MAILS_PER_SENDER_HOUR, settings.CLUB_MAILS_PER_SENDER_DAY = 2, 3
    with time_machine.travel("2026-03-02 10:00:00+00:00", tick=False):
        add_players(people.club, actor=people.organizer, rows=pasted(2), site=SITE)
    with (time_machine.travel("2026-03-02 10:59:00+00:00", tick=False),
          pytest.raises(ServiceError, match="at most 2 mails an hour")):
        add_players(people.club, actor=people.organizer, rows=pasted(1, 2), site=SITE)
    with time_machine.travel("2026-03-02 11:01:00+00:00", tick=False):
        add_players(people.club, actor=people.organizer, rows=pasted(1, 2), site=SITE)
        with pytest.raises(ServiceError, match="at most 3 mails a day"):
            add_players(people.club, actor=people.organizer, rows=pasted(1, 3), site=SITE)
    with time_machine.travel("2026-03-03 10:01:00+00:00", tick=False):
        add_players(people.club, actor=people.organizer, rows=pasted(1, 3), site=SITE)
    assert people.club.players.filter(name__startswith="Victim").count() == 4
