"""A signed-in page reads its viewer's account with its other keys, in its one call to the shared
cache: the account's id comes from the session, and the account is not read before that call.
Missing from the cache, the account is read from the database with the page's other missing
keys."""

from __future__ import annotations

import pytest
from django.contrib.auth import BACKEND_SESSION_KEY, SESSION_KEY
from django.test import RequestFactory
from django.urls import reverse

from league.accounts.backends import ACCOUNT_KEY, THIS_BACKEND, account_keys, signed_in_id
from league.competitions.models import Match
from league.core.cache import derived
from tests.factories import MatchFactory, PlayerFactory, UserFactory, game_played
from tests.views.conftest import record_shared_calls

pytestmark = pytest.mark.django_db


def with_session(values: dict):
    request = RequestFactory().get("/")
    request.session = dict(values)
    return request


def test_the_viewer_is_named_by_the_session_of_this_backend_alone():
    assert signed_in_id(RequestFactory().get("/")) is None  # no session at all
    assert signed_in_id(with_session({})) is None  # a visitor
    assert signed_in_id(with_session({SESSION_KEY: "12", BACKEND_SESSION_KEY: THIS_BACKEND})) == 12
    other = "allauth.account.auth_backends.AuthenticationBackend"
    assert signed_in_id(with_session({SESSION_KEY: "12", BACKEND_SESSION_KEY: other})) is None
    assert signed_in_id(with_session({SESSION_KEY: "x", BACKEND_SESSION_KEY: THIS_BACKEND})) is None
    assert account_keys(12) == [ACCOUNT_KEY.format(12)] and account_keys(None) == []


@pytest.mark.parametrize("page", ["home", "player", "club", "match", "scoresheet"])
def test_a_signed_in_page_reads_the_account_in_its_one_call(client, monkeypatch, page):
    match = MatchFactory(status=Match.Status.IN_PROGRESS)
    user = match.entry_a.player.user
    game = game_played(match=match, number=1, ruleset=match.competition.ruleset, target_score=100)
    client.force_login(user)
    address = {"home": reverse("home"), "player": reverse("player", args=[match.entry_a.player_id]),
               "club": reverse("club", args=[match.competition.season.club.slug]),
               "match": reverse("match", args=[match.pk]),
               "scoresheet": reverse("gameplay:scoresheet", args=[game.pk])}[page]
    assert client.get(address).status_code == 200  # the first visit keeps what it read
    calls = []
    record_shared_calls(monkeypatch, ("get", "get_many"),
                        lambda name, first: calls.append((name, first)))
    assert client.get(address).status_code == 200
    account = ACCOUNT_KEY.format(user.pk)
    assert ("get", account) not in calls  # never asked for alone
    session, (name, keys), *_rest = calls  # the session, then the page's read-ahead
    assert session[0] == "get" and name == "get_many" and account in keys


def test_an_account_missing_from_the_cache_is_read_with_the_pages_other_missing_keys(
        client, django_assert_num_queries):
    player = PlayerFactory(user=UserFactory())
    client.force_login(player.user)
    address = reverse("player", args=[player.pk])
    assert client.get(address).status_code == 200
    key = ACCOUNT_KEY.format(player.user.pk)
    derived.delete(key)
    # the account, with the page's other keys missing from the cache (none here): one query
    with django_assert_num_queries(1):
        html = client.get(address).content.decode()
    assert "/accounts/logout/" in html  # still signed in
    assert derived.get(key).pk == player.user.pk  # kept again


def test_a_phone_polling_an_unchanged_sheet_does_not_read_the_account(client, monkeypatch):
    match = MatchFactory(status=Match.Status.IN_PROGRESS)
    game = game_played(match=match, number=1, ruleset=match.competition.ruleset, target_score=100)
    client.force_login(match.entry_a.player.user)
    address = reverse("gameplay:scoresheet", args=[game.pk])
    tag = client.get(address)["ETag"]
    calls = []
    record_shared_calls(monkeypatch, ("get", "get_many"),
                        lambda name, first: calls.append((name, first)))
    answer = client.get(address, headers={"HX-Request": "true", "If-None-Match": tag})
    assert answer.status_code == 304
    assert all(ACCOUNT_KEY.split(":")[0] not in str(first) for _name, first in calls)
