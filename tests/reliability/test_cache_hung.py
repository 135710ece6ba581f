"""A Redis that accepts connections and never answers costs each process one timeout, not one
per cache call: the pages are then served within about their uncached time, and the health check
at once. A version's delete it did not take is done once it answers again, so no page stays on
the version from before a change."""

from __future__ import annotations

import socket
import statistics
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
import redis
from django.conf import settings
from django.core.cache import caches
from django.test import override_settings
from django.urls import reverse

from league import cache_breaker
from league.caches import caches_for
from league.competitions.models import Competition
from tests.conftest import own_redis_url
from tests.views.conftest import main_of
from tests.views.test_competition_page import play, started

pytestmark = pytest.mark.django_db


class FakeRedis:
    """A listening socket on 127.0.0.1 that forwards to `upstream` (a real Redis) or, with none
    or while hung, accepts connections and never answers. A connection that saw the hang never
    forwards again: what was sent during it is lost, as with a Redis that stopped."""

    def __init__(self, upstream: tuple[str, int] | None = None) -> None:
        self.upstream = upstream
        self.hung = upstream is None
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.held: list[socket.socket] = []
        self.closing = False
        threading.Thread(target=self._accept, daemon=True).start()

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def _accept(self) -> None:
        while not self.closing:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            self.held.append(client)
            if not self.hung:
                server = socket.create_connection(self.upstream)
                self.held.append(server)
                lost = threading.Event()
                for source, target in ((client, server), (server, client)):
                    threading.Thread(target=self._pump, args=(source, target, lost),
                                     daemon=True).start()

    def _pump(self, source, target, lost: threading.Event) -> None:
        while True:
            try:
                data = source.recv(65536)
            except OSError:
                return
            if not data:
                return
            if self.hung:
                lost.set()
            if not lost.is_set():
                target.sendall(data)

    def close(self) -> None:
        self.closing = True
        self.listener.close()
        for held in self.held:
            held.close()


@contextmanager
def cache_at(url: str) -> Iterator[None]:
    with override_settings(CACHES=caches_for(url)):
        yield
    for alias in ("default", "derived", "template_fragments"):
        caches[alias].close()


def timed(client, url: str, *, fresh: bool = False) -> float:
    started_at = time.perf_counter()
    if fresh:  # the cache emptied: the page rendered from the database
        caches["derived"].clear()
        caches["template_fragments"].clear()
    assert client.get(url).status_code == 200
    return time.perf_counter() - started_at


def test_pages_are_served_within_their_uncached_time_after_the_first_timeout(client):
    competition = started(Competition.Format.SINGLE_ELIMINATION, 4)
    play(competition, "Ada", "Dot", winner="Ada")
    player = competition.entries.select_related("player").first().player
    pages = [reverse("competition", args=[competition.pk]), reverse("player", args=[player.pk]),
             reverse("home"), reverse("healthz")]
    normal = {}
    with cache_at(""):  # each process's memory: the page's time rendered afresh
        for url in pages:
            timed(client, url, fresh=True)
            normal[url] = statistics.median(timed(client, url, fresh=True) for _ in range(3))
    hung = FakeRedis()
    try:
        with cache_at(hung.url):
            first = time.perf_counter()
            client.get(pages[0])  # the first call times out
            assert time.perf_counter() - first < 3
            for url in pages:
                taken = statistics.median(timed(client, url) for _ in range(3))
                assert taken <= 1.5 * normal[url] + 0.05, (url, taken, normal[url])
    finally:
        hung.close()


def redis_url() -> str:
    """This test worker's own Redis database (own_redis_url): another worker empties REDIS_URL's
    own at the start of each of its tests."""
    url = getattr(settings, "REDIS_URL", "")
    if not url:
        pytest.skip("needs Redis: set REDIS_URL=redis://…")
    return own_redis_url(url)


def test_a_version_delete_dropped_while_redis_hung_is_done_once_it_answers(client, monkeypatch):
    real = redis.Redis.from_url(redis_url())
    where = real.connection_pool.connection_kwargs
    db = where.get("db", 0)
    monkeypatch.setattr(cache_breaker, "BREAK_SECONDS", 0.3)
    proxy = FakeRedis(upstream=(where["host"], where["port"]))
    competition = started(Competition.Format.SINGLE_ELIMINATION, 4)
    url = reverse("competition", args=[competition.pk])
    key_pattern = f"*competition-page-version:{competition.pk}"
    try:
        with cache_at(proxy.url.rsplit("/", 1)[0] + f"/{db}"):
            before = main_of(client.get(url).content.decode())
            assert real.keys(key_pattern), "the page's version is not in Redis"
            proxy.hung = True
            play(competition, "Ada", "Dot", winner="Ada")  # its version delete is dropped
            proxy.hung = False
            deadline = time.monotonic() + 5
            while real.keys(key_pattern) and time.monotonic() < deadline:
                time.sleep(0.1)  # nothing asks this process's cache meanwhile
            assert not real.keys(key_pattern), "the dropped version delete was never done"
            after = main_of(client.get(url).content.decode())
            assert after != before
    finally:
        proxy.close()
