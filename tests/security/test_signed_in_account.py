"""A signed-in person's session and account are read from the cache on each page, and every
change to the account reaches the next page: a new password signs out the other devices, a
deactivated account is signed out, a deleted one is gone. A wrong password is checked once.
Sessions that name django-allauth's own backend (from before the site's) stay signed in."""

from __future__ import annotations

import pytest
from allauth.account.auth_backends import AuthenticationBackend
from django.conf import settings
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
from django.test import Client
from django.urls import reverse

from league.accounts.backends import ACCOUNT_KEY
from league.core.cache import derived
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db
PASSWORD = "cards-on-the-table"  # the factory's
ALLAUTH = "allauth.account.auth_backends.AuthenticationBackend"


def user_of(client: Client):
    return client.get(reverse("gameplay:rules")).wsgi_request.user


def signed_in_client(user) -> Client:
    client = Client()
    client.force_login(user, backend=settings.AUTHENTICATION_BACKENDS[0])
    return client


def test_a_second_page_reads_the_account_from_the_cache(django_assert_num_queries):
    user = UserFactory()
    client = signed_in_client(user)
    assert user_of(client) == user
    assert derived.get(ACCOUNT_KEY.format(user.pk)) == user
    with django_assert_num_queries(0):  # the session and the account (the header's too)
        assert user_of(client).pk == user.pk


def test_a_new_password_signs_out_the_other_devices():
    user = UserFactory()
    phone = signed_in_client(user)
    assert user_of(phone).is_authenticated  # the account is now cached
    user.set_password("a-new-password-for-the-club")
    user.save()
    assert not user_of(phone).is_authenticated


def test_a_deactivated_account_is_signed_out():
    user = UserFactory()
    phone = signed_in_client(user)
    assert user_of(phone).is_authenticated
    user.is_active = False
    user.save()
    assert not user_of(phone).is_authenticated


def test_a_deleted_account_is_signed_out():
    user = UserFactory()
    phone = signed_in_client(user)
    assert user_of(phone).is_authenticated
    user.delete()
    assert not user_of(phone).is_authenticated
    assert derived.get(ACCOUNT_KEY.format(user.pk)) is None


def test_a_changed_name_shows_on_the_next_page():
    user = UserFactory(username="sam")
    phone = signed_in_client(user)
    assert user_of(phone).username == "sam"
    user.username = "samuel"
    user.save()
    assert user_of(phone).username == "samuel"


def test_a_wrong_password_is_checked_once(client, monkeypatch):
    UserFactory(username="sam")
    checked = []
    real = AuthenticationBackend.authenticate

    def counted(self, request, **credentials):
        checked.append(type(self).__name__)
        return real(self, request, **credentials)

    monkeypatch.setattr(AuthenticationBackend, "authenticate", counted)
    response = client.post(reverse("login"), {"login": "sam", "password": "wrong"})
    assert response.status_code == 200
    assert checked == ["AccountBackend"]


def test_the_right_password_signs_in_with_the_sites_backend(client):
    UserFactory(username="sam")
    response = client.post(reverse("login"), {"login": "sam", "password": PASSWORD})
    assert response.status_code == 302
    assert client.session[BACKEND_SESSION_KEY] == settings.AUTHENTICATION_BACKENDS[0]


def test_a_session_naming_allauths_backend_stays_signed_in(client):
    user = UserFactory()
    session = client.session
    session[SESSION_KEY] = str(user.pk)
    session[BACKEND_SESSION_KEY] = ALLAUTH
    session[HASH_SESSION_KEY] = user.get_session_auth_hash()
    session.save()
    client.cookies[settings.SESSION_COOKIE_NAME] = session.session_key
    assert user_of(client) == user


def test_the_account_is_read_as_djangos_backend_reads_it():
    from django.contrib.auth.backends import ModelBackend

    from league.accounts.backends import AccountBackend

    user = UserFactory(first_name="Ann", email="ann@example.org")
    ours, django = AccountBackend().get_user(user.pk), ModelBackend().get_user(user.pk)
    fields = [f.attname for f in type(user)._meta.concrete_fields]
    assert [getattr(ours, f) for f in fields] == [getattr(django, f) for f in fields]
    assert (ours._state.adding, ours._state.db) == (False, "default")
    assert ours.check_password(PASSWORD)
    derived.delete(ACCOUNT_KEY.format(user.pk))
    type(user).objects.filter(pk=user.pk).update(is_active=False)
    assert AccountBackend().get_user(user.pk) is None  # may not sign in
    assert AccountBackend().get_user(user.pk + 1000) is None  # no such account
