"""With the cache's Redis down, the site degrades instead of failing: pages are rendered afresh
and served, each failed cache call is logged as a warning, and the limit on failed sign-ins
still holds, counted in the process's memory; never a 500."""

import logging
import socket

import pytest
from django.test import override_settings
from django.urls import reverse

from league.cache_breaker import LOGGER
from league.caches import caches_for
from league.competitions.models import Competition
from tests.factories import UserFactory
from tests.security.test_sign_in_limits import PASSWORD
from tests.views.test_competition_page import play, started

pytestmark = pytest.mark.django_db


def closed_port() -> int:
    """A port on the loopback on which nothing listens."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture
def redis_down():
    with override_settings(CACHES=caches_for(f"redis://127.0.0.1:{closed_port()}/0")):
        yield


def cache_warnings(caplog) -> list[logging.LogRecord]:
    return [r for r in caplog.records if r.name == LOGGER and r.levelno == logging.WARNING]


def test_a_competition_page_is_served_uncached_and_a_warning_logged(redis_down, client, caplog):
    # The first failed call (the first write) warns; the cache is then left alone a while.
    competition = started(Competition.Format.SINGLE_ELIMINATION, 4)
    play(competition, "Ada", "Dot", winner="Ada")  # writes forget the page's version
    url = reverse("competition", args=[competition.pk])
    pages = [client.get(url), client.get(url + "?round=all"),
             client.get(url + "?round=all", HTTP_HX_REQUEST="true")]
    assert [page.status_code for page in pages] == [200, 200, 200]
    assert all("Ada" in page.content.decode() for page in pages)
    warnings = cache_warnings(caplog)
    assert warnings, "a cache call failed without a warning"
    assert "Cache unreachable, serving uncached" in warnings[0].getMessage()
    assert warnings[0].exc_info is None  # one line, not a traceback per cache call
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


def test_the_sign_in_page_is_served(redis_down, client):
    assert client.get(reverse("login")).status_code == 200


def test_failed_sign_ins_are_still_counted_and_limited(redis_down, client, caplog):
    user = UserFactory(username="sam")
    attempts = [client.post(reverse("login"), {"login": "sam", "password": "wrong"})
                for _ in range(5)]
    assert [a.status_code for a in attempts] == [200] * 5
    right = client.post(reverse("login"), {"login": "sam", "password": PASSWORD})
    assert "_auth_user_id" not in right.wsgi_request.session
    assert "Too many failed login attempts" in right.content.decode()
    assert cache_warnings(caplog)  # one warning for the trip (the session's read may come first)
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert user.pk  # the account is untouched: only its sign-ins wait


def test_a_sign_in_with_nothing_failed_goes_through(redis_down, client):
    UserFactory(username="sam")
    response = client.post(reverse("login"), {"login": "sam", "password": PASSWORD})
    assert response.status_code == 302 and "_auth_user_id" in response.wsgi_request.session
