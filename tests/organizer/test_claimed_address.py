"""A player claimed through the link mailed to him: his account carries that address, confirmed,
so mail and password resets reach him; a link handed over without mail carries no address."""

import re

import pytest
from allauth.account.models import EmailAddress
from django.core import mail
from django.urls import reverse

from league.clubs.services.players import add_player, claim_player
from tests.factories import UserFactory

from .test_accounts import GOOD_PASSWORD, claim_url

pytestmark = pytest.mark.django_db


def mailed_token(people, capture, *, name="Emil", email="emil@example.org") -> str:
    with capture(execute=True):
        add_player(people.club, actor=people.organizer, name=name, email=email,
                   site="https://gin.example.org")
    link = re.search(r"/claim/(\S+)/", mail.outbox[-1].body).group(1)
    return link


def test_a_newcomer_signing_up_by_the_mailed_link_has_that_address_confirmed(
        client, people, django_capture_on_commit_callbacks):
    token = mailed_token(people, django_capture_on_commit_callbacks)
    response = client.post(reverse("player-claim", args=[token]),
                           {"username": "emil", "password1": GOOD_PASSWORD,
                            "password2": GOOD_PASSWORD})
    assert response.status_code == 302
    address = EmailAddress.objects.get(user__username="emil")
    assert (address.email, address.verified, address.primary) == ("emil@example.org", True, True)
    assert address.user.email == "emil@example.org"


def test_the_claimed_account_resets_its_password_by_that_address(
        client, people, django_capture_on_commit_callbacks):
    token = mailed_token(people, django_capture_on_commit_callbacks)
    client.post(reverse("player-claim", args=[token]),
                {"username": "emil", "password1": GOOD_PASSWORD, "password2": GOOD_PASSWORD})
    client.logout()
    mail.outbox.clear()
    client.post(reverse("account_reset_password"), {"email": "emil@example.org"})
    assert [message.to for message in mail.outbox] == [["emil@example.org"]]
    assert "/accounts/password/reset/key/" in mail.outbox[0].body  # not "no account here"


def test_a_signed_in_account_with_an_address_gains_the_mailed_one_as_a_second(
        people, django_capture_on_commit_callbacks):
    user = UserFactory(email="old@example.org")
    EmailAddress.objects.create(user=user, email="old@example.org", verified=True, primary=True)
    token = mailed_token(people, django_capture_on_commit_callbacks)
    claim_player(token, user=user)
    addresses = {a.email: (a.verified, a.primary) for a in EmailAddress.objects.filter(user=user)}
    assert addresses == {"old@example.org": (True, True), "emil@example.org": (True, False)}


def test_an_address_another_account_has_confirmed_stays_that_accounts(
        people, django_capture_on_commit_callbacks):
    owner = UserFactory(email="emil@example.org")
    EmailAddress.objects.create(user=owner, email="emil@example.org", verified=True, primary=True)
    token = mailed_token(people, django_capture_on_commit_callbacks)
    claimer = UserFactory(email="")
    claim_player(token, user=claimer)
    assert not EmailAddress.objects.filter(user=claimer).exists()


def test_a_link_handed_over_without_mail_adds_no_address(people):
    player = add_player(people.club, actor=people.organizer, name="Nora")
    user = UserFactory(email="")
    token = claim_url(people, player).removeprefix("/claim/").removesuffix("/")
    claim_player(token, user=user)
    assert not EmailAddress.objects.filter(user=user).exists()
