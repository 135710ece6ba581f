"""A newcomer's account: sign up with an email address, confirm it from the mail, sign in by
user name or email, change the address and the password, delete the account (players stay)."""

import re

import pytest
from allauth.account.models import EmailAddress
from django.contrib.auth import get_user_model
from django.core import mail
from django.test import Client
from django.urls import reverse

from league.accounts.services import delete_account
from league.clubs.models import Player
from league.competitions.models import Match, ResultReport
from league.competitions.results.services import confirm_result, report_result
from league.core.errors import ServiceError
from tests.factories import ClubFactory, PlayerFactory, UserFactory, decided_match

pytestmark = pytest.mark.django_db
User = get_user_model()
PASSWORD = "gin-and-big-gin-31"
FACTORY_PASSWORD = "cards-on-the-table"


def sign_up(client, **fields):
    data = {"email": "nora@example.org", "username": "nora", "password1": PASSWORD,
            "password2": PASSWORD} | fields
    return client.post(reverse("account_signup"), data)


def test_sign_up_makes_the_account_signs_in_and_mails_the_confirmation(client):
    response = sign_up(client)
    assert response.status_code == 302
    user = User.objects.get(username="nora")
    assert client.get(reverse("home")).wsgi_request.user == user
    assert len(mail.outbox) == 1 and mail.outbox[0].to == ["nora@example.org"]
    assert not EmailAddress.objects.get(user=user).verified


def test_the_mailed_link_confirms_the_address(client):
    sign_up(client)
    link = re.search(r"http://testserver(/accounts/confirm-email/\S+/)", mail.outbox[0].body)
    page = client.get(link.group(1))
    assert "nora@example.org" in page.content.decode()
    assert client.post(link.group(1)).status_code == 302
    assert EmailAddress.objects.get(email="nora@example.org").verified


def test_without_a_user_name_one_is_made_from_the_address(client):
    assert sign_up(client, username="").status_code == 302
    assert User.objects.get(email="nora@example.org").username.startswith("nora")


def test_the_user_name_is_stored_in_its_normal_form(client):
    sign_up(client, username="  ｎｏｒａ ")
    assert User.objects.filter(username="nora").exists()


@pytest.mark.parametrize("taken", ["NORA", "ｎｏｒａ", " nora "])
def test_a_user_name_taken_in_any_case_or_width_is_a_form_error(client, taken):
    UserFactory(username="nora")
    response = sign_up(client, username=taken, email="other@example.org")
    assert response.status_code == 200
    assert "That username is taken" in response.content.decode()
    assert User.objects.filter(username__iexact="nora").count() == 1


@pytest.mark.parametrize("name", ["no\u200bra", "\u202enora", "\u200b"])
def test_a_user_name_with_invisible_characters_is_a_form_error(client, name):
    response = sign_up(client, username=name)
    assert response.status_code == 200
    assert "invisible or control character" in response.content.decode()
    assert not User.objects.filter(email="nora@example.org").exists()


def test_an_address_already_used_is_a_form_error(client):
    UserFactory(username="sam", email="nora@example.org")
    EmailAddress.objects.create(user=User.objects.get(username="sam"), email="nora@example.org",
                                primary=True, verified=True)
    response = sign_up(client)
    assert response.status_code == 200
    assert "already registered" in response.content.decode()


@pytest.mark.parametrize("login", ["sam", "sam@example.org", "SAM@example.org"])
def test_sign_in_by_user_name_or_email(client, login):
    UserFactory(username="sam", email="sam@example.org")
    response = client.post(reverse("login"), {"login": login, "password": FACTORY_PASSWORD})
    assert response.status_code == 302


def test_a_wrong_password_is_said_so(client):
    UserFactory(username="sam")
    response = client.post(reverse("login"), {"login": "sam", "password": "nope"})
    assert response.status_code == 200
    assert "not correct" in response.content.decode()


def test_the_email_address_is_changed_after_confirming_the_new_one(client):
    sign_up(client)
    mail.outbox.clear()
    response = client.post(reverse("account_email"), {"action_add": "", "email": "n@example.net"})
    assert response.status_code == 302
    assert mail.outbox[-1].to == ["n@example.net"]
    link = re.search(r"http://testserver(/accounts/confirm-email/\S+/)", mail.outbox[-1].body)
    client.post(link.group(1))
    user = User.objects.get(username="nora")
    assert user.email == "n@example.net"
    assert list(EmailAddress.objects.filter(user=user).values_list("email", flat=True)) == [
        "n@example.net"]


def test_the_password_is_changed_with_the_old_one(client):
    user = UserFactory(username="sam")
    client.force_login(user)
    refused = client.post(reverse("account_change_password"), {
        "oldpassword": "wrong", "password1": PASSWORD, "password2": PASSWORD})
    assert refused.status_code == 200
    response = client.post(reverse("account_change_password"), {
        "oldpassword": FACTORY_PASSWORD, "password1": PASSWORD, "password2": PASSWORD})
    assert response.status_code == 302
    user.refresh_from_db()
    assert user.check_password(PASSWORD)


def test_account_pages_render_with_their_menu(client):
    client.force_login(UserFactory(username="sam", email="sam@example.org"))
    for name in ["account_email", "account_change_password", "account-delete"]:
        html = client.get(reverse(name)).content.decode()
        assert "Delete the account" in html and "Password" in html, name


# Deleting one's account --------------------------------------------------------------------------


def test_deleting_the_account_keeps_its_players_unlinked(client):
    player = PlayerFactory(name="Pat")
    client.force_login(player.user)
    response = client.post(reverse("account-delete"), {"password": FACTORY_PASSWORD})
    assert response.status_code == 302
    assert not User.objects.filter(pk=player.user_id).exists()
    assert Player.objects.get(pk=player.pk).user is None
    assert "_auth_user_id" not in client.session


def test_a_player_who_reported_and_confirmed_results_deletes_the_account_and_they_stay(client):
    match = decided_match()
    ada, hal = match.entry_a.player.user, match.entry_b.player.user
    report_result(match.pk, actor=ada)
    confirm_result(match.pk, actor=hal)
    client.force_login(ada)
    response = client.post(reverse("account-delete"), {"password": FACTORY_PASSWORD})
    assert response.status_code == 302
    assert not User.objects.filter(pk=ada.pk).exists()
    report = ResultReport.objects.get(match=match)
    assert (report.status, report.reported_by, report.decided_by) == ("confirmed", None, hal)
    assert Match.objects.get(pk=match.pk).status == Match.Status.CONFIRMED
    page = Client()
    page.force_login(hal)
    history = page.get(reverse("match", args=[match.pk])).content.decode()
    assert ('<td data-label="Who">a deleted account</td><td data-label="What">Result reported</td>'
            in history)
    assert (f'<td data-label="Who">{match.entry_b.player.name}</td>'
            '<td data-label="What">Result confirmed</td>' in history)


def test_a_result_reported_by_a_deleted_account_waits_and_is_confirmed_by_the_opponent(client):
    match = decided_match()
    ada, hal = match.entry_a.player.user, match.entry_b.player.user
    club = match.competition.season.club
    club.organizers.add(organizer := UserFactory())
    report_result(match.pk, actor=ada)
    delete_account(ada, password=FACTORY_PASSWORD)
    client.force_login(organizer)
    dashboard = client.get(reverse("organizer-club", args=[club.slug])).content.decode()
    assert "Reported by a deleted account on" in dashboard
    client.force_login(hal)
    page = client.get(reverse("match", args=[match.pk])).content.decode()
    assert '<p class="report-line">A deleted account reported a win for' in page
    confirm_result(match.pk, actor=hal)
    assert Match.objects.get(pk=match.pk).status == Match.Status.CONFIRMED


def test_deleting_needs_the_password(client):
    user = UserFactory()
    client.force_login(user)
    response = client.post(reverse("account-delete"), {"password": "wrong"})
    assert response.status_code == 422
    assert "not your password" in response.content.decode()
    assert User.objects.filter(pk=user.pk).exists()


def test_the_only_organizer_of_a_club_cannot_delete_the_account():
    user = UserFactory()
    club = ClubFactory(name="The Knock Club")
    club.organizers.add(user)
    with pytest.raises(ServiceError, match="only organizer of The Knock Club"):
        delete_account(user, password=FACTORY_PASSWORD)
    assert User.objects.filter(pk=user.pk).exists()


def test_an_organizer_with_a_co_organizer_can_delete_the_account():
    user, other = UserFactory(), UserFactory()
    club = ClubFactory()
    club.organizers.add(user, other)
    delete_account(user, password=FACTORY_PASSWORD)
    assert list(club.organizers.all()) == [other]


def test_deleting_is_for_the_signed_in(client):
    response = client.get(reverse("account-delete"))
    assert response.status_code == 302 and response.url.startswith(reverse("login"))
