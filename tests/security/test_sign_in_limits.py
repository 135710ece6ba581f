"""Sign-in limits: failures counted per normalised login and per client, the client read
through the configured number of trusted proxies; password-reset mail and sign-ups limited; the
admin's sign-in is the site's, under the same limits."""

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.test import Client
from django.urls import reverse

from tests.factories import UserFactory

pytestmark = pytest.mark.django_db
PASSWORD = "cards-on-the-table"  # the factory's
PROXY = "10.0.0.1"
LIMITED = "Too many failed login attempts"


def sign_in(client, login: str, password: str, *, client_ip: str | None = None, **extra):
    if client_ip is not None:  # as the TLS proxy forwards it
        extra.update(REMOTE_ADDR=PROXY, HTTP_X_FORWARDED_FOR=client_ip)
    return client.post(reverse("login"), {"login": login, "password": password}, **extra)


def signed_in(response) -> bool:
    return response.status_code == 302 and "_auth_user_id" in response.wsgi_request.session


@pytest.fixture
def behind_one_proxy(settings):
    settings.ALLAUTH_TRUSTED_PROXY_COUNT = 1


def test_five_failures_refuse_even_the_right_password(client):
    UserFactory(username="sam")
    for _ in range(5):
        assert sign_in(client, "sam", "wrong").status_code == 200
    response = sign_in(client, "sam", PASSWORD)
    assert not signed_in(response)
    assert LIMITED in response.content.decode()


def test_a_fullwidth_spelling_of_the_name_counts_as_the_name(client):
    UserFactory(username="wes")
    for _ in range(5):
        sign_in(client, "wes", "wrong")
    response = sign_in(client, "ｗes", PASSWORD)  # fullwidth w: "wes" in NFKC
    assert not signed_in(response)
    assert LIMITED in response.content.decode()


def test_the_name_in_another_case_counts_as_the_name(client):
    UserFactory(username="wes")
    for _ in range(5):
        sign_in(client, "WES", "wrong")
    assert not signed_in(sign_in(client, "wes", PASSWORD))


def test_the_fullwidth_spelling_signs_in_when_nothing_failed(client):
    UserFactory(username="wes")
    assert signed_in(sign_in(client, "ｗes", PASSWORD))


def test_another_user_is_not_limited_by_failures_on_one_name(client):
    UserFactory(username="sam")
    UserFactory(username="sue")
    for _ in range(5):
        sign_in(client, "sam", "wrong")
    assert signed_in(sign_in(client, "sue", PASSWORD))


def test_many_names_tried_from_one_client_behind_the_proxy_are_limited(client,
                                                                       behind_one_proxy):
    UserFactory(username="victim")
    for number in range(20):  # one password against twenty names, from one client
        sign_in(client, f"user{number}", "summer2024", client_ip="203.0.113.7")
    response = sign_in(client, "victim", PASSWORD, client_ip="203.0.113.7")
    assert not signed_in(response)
    assert LIMITED in response.content.decode()


def test_the_proxys_own_address_does_not_lock_everyone_out(client, behind_one_proxy):
    UserFactory(username="victim")
    for number in range(25):  # an attacker's failures, all through the one proxy
        sign_in(client, f"user{number}", "summer2024", client_ip="203.0.113.7")
    assert signed_in(sign_in(client, "victim", PASSWORD, client_ip="198.51.100.20"))


def test_a_forged_forwarded_for_is_ignored_without_a_trusted_proxy(client):
    UserFactory(username="victim")
    for number in range(20):  # a new made-up address each time: still one client
        sign_in(client, f"user{number}", "x", HTTP_X_FORWARDED_FOR=f"192.0.2.{number}")
    assert not signed_in(sign_in(client, "victim", PASSWORD))


def test_the_client_is_the_address_the_proxy_wrote_not_the_one_the_client_sent(
        client, behind_one_proxy):
    UserFactory(username="victim")
    for number in range(20):  # the client prepends a made-up address; the proxy appends the real
        sign_in(client, f"user{number}", "x",
                client_ip=f"192.0.2.{number}, 203.0.113.7")
    assert not signed_in(sign_in(client, "victim", PASSWORD, client_ip="203.0.113.7"))


def test_password_reset_mail_is_limited_per_address(client):
    UserFactory(username="sam", email="sam@example.org")
    statuses = [client.post(reverse("account_reset_password"),
                            {"email": "sam@example.org"}).status_code for _ in range(5)]
    assert statuses[:3] == [302, 302, 302]
    assert statuses[3:] == [429, 429]
    assert len(mail.outbox) == 3


def test_password_reset_mail_is_limited_per_client(client):
    for number in range(12):
        UserFactory(username=f"p{number}", email=f"p{number}@example.org")
    statuses = [client.post(reverse("account_reset_password"),
                            {"email": f"p{number}@example.org"}).status_code
                for number in range(12)]
    assert statuses.count(302) == 10 and statuses[-1] == 429


def test_sign_ups_are_limited_per_client(client):
    statuses = []
    for number in range(11):
        statuses.append(client.post(reverse("account_signup"), {
            "email": f"new{number}@example.org", "username": f"new{number}",
            "password1": "gin-and-big-gin-31", "password2": "gin-and-big-gin-31"}).status_code)
        client.logout()
    assert statuses[:10] == [302] * 10 and statuses[10] == 429
    assert get_user_model().objects.filter(username__startswith="new").count() == 10


def test_the_admin_sign_in_is_the_sites(client):
    response = client.get("/admin/login/?next=/admin/")
    assert response.status_code == 302
    assert response["Location"] == f"{reverse('login')}?next=%2Fadmin%2F"


def test_staff_signed_in_through_the_site_reach_the_admin(client):
    UserFactory(username="boss", is_staff=True, is_superuser=True)
    assert signed_in(sign_in(client, "boss", PASSWORD))
    assert client.get("/admin/").status_code == 200


def test_the_admin_sign_in_is_limited_like_the_site(client):
    UserFactory(username="boss", is_staff=True, is_superuser=True)
    for _ in range(5):
        client.post("/admin/login/?next=/admin/", {"username": "boss", "password": "x"})
        sign_in(client, "boss", "wrong")
    assert not signed_in(sign_in(client, "boss", PASSWORD))
    assert client.post("/admin/login/", {"username": "boss", "password": PASSWORD}).status_code \
        == 302
    assert client.get("/admin/").status_code == 302  # still not signed in


def test_a_signed_in_user_who_is_not_staff_is_told_so(client):
    client.force_login(UserFactory(username="pat"))
    response = client.get("/admin/login/?next=/admin/")
    assert response.status_code == 403
    assert "not a staff account" in response.content.decode()


VENUE = "198.51.100.20"  # the club's venue: every phone there behind one address


def test_a_club_night_of_forty_signs_in_within_a_minute_from_one_address(behind_one_proxy):
    players = [UserFactory(username=f"player{number}") for number in range(40)]
    for player in players:
        response = sign_in(Client(), player.username, PASSWORD, client_ip=VENUE)
        assert signed_in(response), f"{player.username}: {response.status_code}"


def test_after_names_sprayed_from_the_venue_a_phone_that_signed_in_before_still_signs_in(
    behind_one_proxy,
):
    UserFactory(username="sam")
    phone = Client()
    assert signed_in(sign_in(phone, "sam", PASSWORD, client_ip=VENUE))
    phone.post(reverse("logout"))
    sprayer = Client()
    for number in range(20):  # wrong passwords for random names, from the venue's address
        sign_in(sprayer, f"someone{number}", "summer2024", client_ip=VENUE)
    for _ in range(5):  # and the player's own name locked by failures from a new device
        sign_in(sprayer, "sam", "summer2024", client_ip=VENUE)

    assert signed_in(sign_in(phone, "sam", PASSWORD, client_ip=VENUE))
    refused = sign_in(Client(), "sam", PASSWORD, client_ip=VENUE)  # a new device
    assert not signed_in(refused) and LIMITED in refused.content.decode()
    still_spraying = sign_in(sprayer, "someone99", "summer2024", client_ip=VENUE)
    assert LIMITED in still_spraying.content.decode()


def test_a_device_cookie_counts_only_for_the_login_it_signed_in_with(behind_one_proxy):
    UserFactory(username="sam")
    UserFactory(username="sue")
    device = Client()
    assert signed_in(sign_in(device, "sam", PASSWORD, client_ip=VENUE))
    device.post(reverse("logout"))
    for number in range(20):
        sign_in(device, f"someone{number}", "summer2024", client_ip=VENUE)
    refused = sign_in(device, "sue", PASSWORD, client_ip=VENUE)  # another name: untrusted
    assert not signed_in(refused) and LIMITED in refused.content.decode()


def test_a_trusted_device_is_held_to_its_own_five_failures(behind_one_proxy):
    UserFactory(username="sam")
    phone = Client()
    assert signed_in(sign_in(phone, "sam", PASSWORD, client_ip=VENUE))
    phone.post(reverse("logout"))
    for _ in range(5):
        assert not signed_in(sign_in(phone, "sam", "wrong", client_ip=VENUE))
    refused = sign_in(phone, "sam", PASSWORD, client_ip=VENUE)
    assert not signed_in(refused) and LIMITED in refused.content.decode()
