"""A session not in the cache is read from the database, as Django's store reads it: the
session under its key that has not expired, decoded, then kept in the cache for the next page;
an expired or unknown session is no session, and the visitor starts a new one."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.sessions.backends.db import SessionStore as DjangoDbStore
from django.contrib.sessions.models import Session
from django.core.cache import caches
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from league.accounts.sessions import SessionStore
from league.core.cache import DERIVED, derived
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def signed_in_client(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def session_key(client: Client) -> str:
    return client.cookies["sessionid"].value


def test_a_session_read_from_the_database_holds_what_djangos_store_reads():
    stored = SessionStore()
    stored.update({"reader": "Ana", "seats": [1, 2], "table": {"number": 7}})
    stored.create()
    derived.delete(stored.cache_key)

    read = SessionStore(stored.session_key)
    assert read.load() == DjangoDbStore(stored.session_key).load()
    assert read["table"] == {"number": 7} and read.session_key == stored.session_key


def test_the_session_read_is_kept_in_the_cache_for_the_next_page(django_assert_num_queries):
    stored = SessionStore()
    stored["reader"] = "Ana"
    stored.create()
    derived.delete(stored.cache_key)
    with django_assert_num_queries(1):
        assert SessionStore(stored.session_key).load() == {"reader": "Ana"}
    with django_assert_num_queries(0):
        assert SessionStore(stored.session_key).load() == {"reader": "Ana"}


def test_a_signed_in_reader_whose_session_left_the_cache_stays_signed_in():
    user = UserFactory()
    client = signed_in_client(user)
    caches[DERIVED].clear()
    page = client.get(reverse("gameplay:rules"))
    assert page.wsgi_request.user == user


def test_an_expired_session_is_no_session_and_the_reader_is_signed_out():
    user = UserFactory()
    client = signed_in_client(user)
    key = session_key(client)
    Session.objects.filter(session_key=key).update(
        expire_date=timezone.now() - timedelta(seconds=1))
    caches[DERIVED].clear()

    store = SessionStore(key)
    assert store.load() == {}
    assert store.session_key is None  # a new session gets a new key
    assert not client.get(reverse("gameplay:rules")).wsgi_request.user.is_authenticated


def test_a_session_about_to_expire_is_still_read():
    stored = SessionStore()
    stored["reader"] = "Ana"
    stored.create()
    Session.objects.filter(session_key=stored.session_key).update(
        expire_date=timezone.now() + timedelta(minutes=1))
    derived.delete(stored.cache_key)
    assert SessionStore(stored.session_key).load() == {"reader": "Ana"}


def test_an_unknown_session_key_starts_a_new_session():
    store = SessionStore("k" * 32)
    assert store.load() == {}
    assert store.session_key is None
