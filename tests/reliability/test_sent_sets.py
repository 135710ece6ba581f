"""A request's writes to the derived cache on Redis (league.sent_sets.SentSets): each SET is sent at
once, and its reply read once the response has been sent, so the page waits for none of them;
outside a request a SET waits for its reply, as django-redis's does; a Redis that stops
answering costs the request a write dropped, not an error."""

import pytest
from django.conf import settings
from django.core.cache import caches
from django.test import override_settings
from django_redis import get_redis_connection
from redis.connection import AbstractConnection

from league.cache_breaker import Breaker
from league.caches import caches_for
from league.core.cache import request_begins, request_ends
from tests.conftest import own_redis_url
from tests.reliability.test_caches import redis_answers

REDIS = own_redis_url(settings.REDIS_URL or "redis://127.0.0.1:6379/13")

pytestmark = [
    pytest.mark.skipif(not redis_answers(REDIS), reason="Redis does not answer on 127.0.0.1:6379"),
    pytest.mark.usefixtures("own_caches"),
]


@pytest.fixture
def own_caches():
    with override_settings(CACHES=caches_for(REDIS)):
        Breaker.of(REDIS).open_until = 0.0
        caches["derived"].delete_many(["answer", "other", "gone"])
        yield
        Breaker.of(REDIS).open_until = 0.0


def counted(monkeypatch, method: str) -> list:
    """The calls of a Redis connection's `method`, counted (one item each)."""
    calls = []
    real = getattr(AbstractConnection, method)

    def counting(self, *args, **kwargs):
        calls.append(1)
        return real(self, *args, **kwargs)

    monkeypatch.setattr(AbstractConnection, method, counting)
    return calls


@pytest.fixture
def replies(monkeypatch):
    """The replies read from Redis, counted."""
    return counted(monkeypatch, "read_response")


def in_use(pool) -> int:
    return len(pool._in_use_connections)


def test_a_requests_sets_are_sent_at_once_and_their_replies_read_after_its_response(replies):
    derived, pool = caches["derived"], get_redis_connection("derived").connection_pool
    request_begins()
    try:
        derived.set("answer", 42, 60)
        derived.set("other", ["a", "b"], None)
        assert replies == []  # the page waits for neither reply
        assert in_use(pool) == 1  # the connection they went out on is the request's own
        # Redis has taken both already: another connection reads them.
        assert get_redis_connection("derived").get(":1:answer") == b"42"
    finally:
        request_ends()
    assert len(replies) >= 3  # the read above, and the two SETs' replies
    assert in_use(pool) == 0
    assert derived.get("answer") == 42
    assert derived.get("other") == ["a", "b"]
    assert get_redis_connection("derived").pttl(":1:answer") > 50_000
    assert get_redis_connection("derived").ttl(":1:other") == -1  # kept without expiry


def test_a_requests_several_sets_go_out_in_one_write_and_are_known_to_its_read_ahead(
        replies, monkeypatch):
    from league.core.cache import read_ahead

    derived = caches["derived"]
    writes = counted(monkeypatch, "send_packed_command")
    request_begins()
    try:
        with read_ahead(["answer", "other"]):
            writes.clear(), replies.clear()
            assert derived.set_many({"answer": 42, "other": "b"}, 60) == []
            assert writes == [1] and replies == []  # one write, no reply waited for
            calls = len(writes)
            assert derived.get_many(["answer", "other"]) == {"answer": 42, "other": "b"}
            assert len(writes) == calls  # known to the read-ahead: no call to the cache
        assert get_redis_connection("derived").get(":1:answer") == b"42"
    finally:
        request_ends()
    assert derived.get("other") == "b"
    assert 50_000 < get_redis_connection("derived").pttl(":1:other") <= 60_000


def test_outside_a_request_a_set_waits_for_its_reply(replies):
    caches["derived"].set("answer", 7, 60)
    assert len(replies) == 1
    assert caches["derived"].get("answer") == 7


def test_a_set_that_expires_at_once_deletes_as_django_redis_does():
    derived = caches["derived"]
    derived.set("gone", "here", 60)
    request_begins()
    try:
        derived.set("gone", "never", 0)
        assert derived.get("gone") is None
    finally:
        request_ends()


def test_a_redis_that_stops_answering_drops_the_requests_writes_and_trips_the_breaker(
        monkeypatch, caplog):
    derived, pool = caches["derived"], get_redis_connection("derived").connection_pool
    request_begins()
    try:
        derived.set("answer", 42, 60)

        def stopped(self, *args, **kwargs):
            raise ConnectionError("Redis went away")

        monkeypatch.setattr(AbstractConnection, "read_response", stopped)
    finally:
        request_ends()
    assert in_use(pool) == 0
    assert not Breaker.of(REDIS).closed
    assert "writes dropped" in caplog.text


def test_a_request_that_ended_unsaid_has_its_replies_read_when_the_next_begins(replies):
    derived, pool = caches["derived"], get_redis_connection("derived").connection_pool
    request_begins()
    derived.set("answer", 42, 60)
    assert in_use(pool) == 1
    request_begins()  # no request_finished came for the one before (a test's bare middleware)
    try:
        assert in_use(pool) == 0 and len(replies) == 1
        derived.set("other", 43, 60)
    finally:
        request_ends()
    assert in_use(pool) == 0
    assert derived.get_many(["answer", "other"]) == {"answer": 42, "other": 43}
