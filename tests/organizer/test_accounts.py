"""Sign-in extras: a person claims their player with the organizer's one-time link (signing up
or signed in), and a forgotten password is reset by email."""

import re
from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.core import mail, signing
from django.urls import reverse

from league.accounts.services import delete_account
from league.clubs.models import Player
from league.clubs.services.players import (
    CLAIM_DAYS,
    add_player,
    claim_player,
    claim_token,
    sign_up_and_claim,
)
from league.core.errors import NotAllowed, ServiceError
from tests.factories import PlayerFactory, UserFactory

from .conftest import sign_in

pytestmark = pytest.mark.django_db
User = get_user_model()
GOOD_PASSWORD = "gin-and-big-gin-31"


@pytest.fixture
def newcomer(people) -> Player:
    return add_player(people.club, actor=people.organizer, name="  Nora   Newcomer ")


def claim_url(people, player) -> str:
    return reverse("player-claim", args=[claim_token(player, actor=people.organizer)])


# Adding a player ---------------------------------------------------------------------------------


def test_an_organizer_adds_a_player_by_name_with_spaces_tidied(people, newcomer):
    assert newcomer.name == "Nora Newcomer"
    assert newcomer.club == people.club and newcomer.user is None


@pytest.mark.parametrize("role", ["player", "other_organizer", "staff"])
def test_only_an_organizer_adds_players(people, role):
    with pytest.raises(NotAllowed):
        add_player(people.club, actor=people.role(role), name="Intruder")
    assert not Player.objects.filter(name="Intruder").exists()


def test_a_second_player_of_the_same_name_is_refused_on_the_name(people, newcomer):
    with pytest.raises(ServiceError) as refused:
        add_player(people.club, actor=people.organizer, name="Nora Newcomer")
    assert refused.value.field == "name"
    assert Player.objects.filter(name="Nora Newcomer").count() == 1


def test_with_an_email_the_new_player_is_sent_the_claim_link(people, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        player = add_player(people.club, actor=people.organizer, name="Emil",
                            email="emil@example.org", site="https://gin.example.org")
    assert len(mail.outbox) == 1
    assert mail.outbox[0].to == ["emil@example.org"]
    link = re.search(r"https://gin\.example\.org(/claim/\S+/)", mail.outbox[0].body).group(1)
    assert Player.objects.get(pk=player.pk).user is None
    token = link.removeprefix("/claim/").removesuffix("/")
    assert claim_player(token, user=UserFactory()).pk == player.pk


# Claiming ----------------------------------------------------------------------------------------


def test_a_newcomer_signs_up_through_the_link_and_owns_the_player(client, people, newcomer):
    url = claim_url(people, newcomer)
    assert "Create your account" in client.get(url).content.decode()
    response = client.post(url, {"username": "nora", "password1": GOOD_PASSWORD,
                                 "password2": GOOD_PASSWORD})
    assert response.status_code == 302 and response.url == newcomer.get_absolute_url()
    newcomer.refresh_from_db()
    assert newcomer.user.username == "nora"
    assert client.get(reverse("home")).wsgi_request.user == newcomer.user  # signed in


def test_a_signed_in_user_claims_with_one_button(client, people, newcomer):
    someone = UserFactory()
    sign_in(client, someone)
    url = claim_url(people, newcomer)
    assert "Claim Nora Newcomer for this account" in client.get(url).content.decode()
    assert client.post(url).status_code == 302
    newcomer.refresh_from_db()
    assert newcomer.user == someone


def test_the_link_works_once(client, people, newcomer):
    url = claim_url(people, newcomer)
    client.post(url, {"username": "nora", "password1": GOOD_PASSWORD, "password2": GOOD_PASSWORD})
    client.logout()
    response = client.post(url, {"username": "mallory", "password1": GOOD_PASSWORD,
                                 "password2": GOOD_PASSWORD})
    assert response.status_code == 422
    assert "already belongs to another account" in response.content.decode()
    assert not User.objects.filter(username="mallory").exists()  # nothing half-saved
    assert Player.objects.get(pk=newcomer.pk).user.username == "nora"


def test_a_claim_link_never_works_again_once_the_claiming_account_is_deleted(client, people,
                                                                           newcomer):
    people.club.is_public = False
    people.club.save()
    url = claim_url(people, newcomer)
    client.post(url, {"username": "nora", "password1": GOOD_PASSWORD, "password2": GOOD_PASSWORD})
    delete_account(User.objects.get(username="nora"), password=GOOD_PASSWORD)
    outsider = UserFactory(username="mallory")
    sign_in(client, outsider)
    response = client.post(url)
    assert response.status_code == 422
    assert "used already" in response.content.decode()
    assert Player.objects.get(pk=newcomer.pk).user is None
    assert not people.club.is_member(outsider)
    with pytest.raises(ServiceError, match="used already"):
        claim_player(url.split("/")[2], user=outsider)


def test_after_the_account_is_deleted_a_new_claim_link_works(people, newcomer):
    claim_player(claim_url(people, newcomer).split("/")[2], user=UserFactory(username="nora"))
    delete_account(User.objects.get(username="nora"), password="cards-on-the-table")
    newcomer.refresh_from_db()
    claim_player(claim_url(people, newcomer).split("/")[2], user=UserFactory(username="nina"))
    assert Player.objects.get(pk=newcomer.pk).user.username == "nina"


def test_a_user_with_a_player_in_the_club_cannot_claim_a_second(client, people, newcomer):
    pat = User.objects.get(players__name="Pat")
    sign_in(client, pat)
    response = client.post(claim_url(people, newcomer))
    assert response.status_code == 422
    assert "already has a player in The Knock Club: Pat" in response.content.decode()
    assert Player.objects.get(pk=newcomer.pk).user is None


def test_a_user_may_claim_players_of_two_clubs(people, newcomer):
    elsewhere = PlayerFactory(name="Pat elsewhere")
    claim_player(claim_url(people, newcomer).split("/")[2], user=elsewhere.user)
    assert Player.objects.get(pk=newcomer.pk).user == elsewhere.user


def test_an_organizer_cannot_make_a_link_for_a_claimed_player(people):
    pat = Player.objects.get(name="Pat")
    with pytest.raises(ServiceError, match="already belongs to an account"):
        claim_token(pat, actor=people.organizer)


def test_a_player_cannot_make_claim_links(people, newcomer):
    with pytest.raises(NotAllowed):
        claim_token(newcomer, actor=people.player)


def test_an_altered_link_is_refused(client, people, newcomer):
    response = client.get(claim_url(people, newcomer)[:-3] + "xx/")
    assert response.status_code == 422
    assert "This link is not valid" in response.content.decode()


def test_a_link_older_than_its_days_is_refused(client, people, newcomer, monkeypatch):
    url = claim_url(people, newcomer)
    real_loads = signing.loads

    def later(token, **kwargs):
        kwargs["max_age"] = timedelta(seconds=-1)  # as if CLAIM_DAYS had passed
        return real_loads(token, **kwargs)

    monkeypatch.setattr(signing, "loads", later)
    response = client.post(url, {"username": "late", "password1": GOOD_PASSWORD,
                                 "password2": GOOD_PASSWORD})
    assert f"more than {CLAIM_DAYS} days old" in response.content.decode()
    assert not User.objects.filter(username="late").exists()


def test_sign_up_refusals_keep_what_was_typed_and_save_nothing(client, people, newcomer):
    url = claim_url(people, newcomer)
    response = client.post(url, {"username": "nora", "password1": GOOD_PASSWORD,
                                 "password2": "something else"})
    html = response.content.decode()
    assert response.status_code == 422
    assert "The two passwords differ" in html
    assert 'value="nora"' in html
    response = client.post(url, {"username": "olive", "password1": "123", "password2": "123"})
    html = response.content.decode()
    assert "That username is taken" in html
    assert "too short" in html
    assert not User.objects.filter(username="nora").exists()
    assert Player.objects.get(pk=newcomer.pk).user is None


def test_sign_up_service_refuses_a_taken_username_in_any_case(people, newcomer):
    token = claim_url(people, newcomer).split("/")[2]
    with pytest.raises(ServiceError) as refused:
        sign_up_and_claim(token, username="OLIVE", password=GOOD_PASSWORD)
    assert refused.value.field == "username"
    assert Player.objects.get(pk=newcomer.pk).user is None


# Password reset ----------------------------------------------------------------------------------


def test_a_forgotten_password_is_reset_through_the_emailed_link(client, people):
    UserFactory(username="sam", email="sam@example.org")
    response = client.post(reverse("account_reset_password"), {"email": "sam@example.org"})
    assert response.status_code == 302
    assert len(mail.outbox) == 1
    message = mail.outbox[0]
    assert message.to == ["sam@example.org"] and message.subject.startswith("Gin League: ")
    link = re.search(r"http://testserver(/accounts/password/reset/key/\S+/)", message.body).group(1)
    form_page = client.get(link, follow=True)
    assert "Choose a new password" in form_page.content.decode()
    done = client.post(form_page.redirect_chain[-1][0],
                       {"password1": GOOD_PASSWORD, "password2": GOOD_PASSWORD})
    assert done.status_code == 302
    assert client.login(username="sam", password=GOOD_PASSWORD)


def test_a_claim_sign_up_with_a_fullwidth_taken_name_is_refused_on_the_form(client, people,
                                                                            newcomer):
    UserFactory(username="alice")
    response = client.post(claim_url(people, newcomer), {
        "username": "ａｌｉｃｅ", "password1": GOOD_PASSWORD, "password2": GOOD_PASSWORD})
    assert response.status_code == 422
    assert "That username is taken" in response.content.decode()
    assert User.objects.filter(username__iexact="alice").count() == 1


def test_the_claim_service_stores_the_user_name_in_its_normal_form(people, newcomer):
    token = claim_url(people, newcomer).split("/")[2]
    user = sign_up_and_claim(token, username=" ｎｏｒａ ", password=GOOD_PASSWORD)
    assert user.username == "nora"


def test_the_claim_service_refuses_a_taken_name_in_another_width(people, newcomer):
    UserFactory(username="alice")
    token = claim_url(people, newcomer).split("/")[2]
    with pytest.raises(ServiceError) as refused:
        sign_up_and_claim(token, username="ａｌｉｃｅ", password=GOOD_PASSWORD)
    assert refused.value.field == "username"
