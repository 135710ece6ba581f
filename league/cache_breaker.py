"""A Redis this process leaves alone for a while after a call to it failed (league/caches.py).

A call that fails trips the breaker of its Redis (one per URL in each process): for BREAK_SECONDS
the process makes no call to it, so a Redis that accepts connections but never answers costs a
page one call, not every call. The version deletes it did not take meanwhile are kept and done
as soon as it answers again.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable

from django_redis.exceptions import ConnectionInterrupted
from redis.exceptions import RedisError

LOGGER = "ginleague.cache"
# Seconds a process leaves a Redis alone after a call to it failed.
BREAK_SECONDS = 30
UNREACHABLE = (ConnectionInterrupted, RedisError, OSError)


class Breaker:
    """A Redis this process leaves alone for BREAK_SECONDS after a call to it failed (one per
    URL, shared by the threads and the aliases of the process), and the version deletes it did
    not take, kept until it answers again."""

    _all: dict[str, Breaker] = {}
    _all_lock = threading.Lock()

    def __init__(self) -> None:
        self.open_until = 0.0
        self.pending: set[tuple[str, int | None]] = set()
        self.lock = threading.Lock()
        self.retrying: threading.Timer | None = None

    @classmethod
    def of(cls, location: str) -> Breaker:
        with cls._all_lock:
            return cls._all.setdefault(location, cls())

    @property
    def closed(self) -> bool:
        return time.monotonic() >= self.open_until

    def trip(self, error: BaseException, consequence: str) -> None:
        """After a failed call: skip this Redis for BREAK_SECONDS; one warning of one line."""
        self.open_until = time.monotonic() + BREAK_SECONDS
        failure = error.__cause__ or error
        logging.getLogger(LOGGER).warning(
            "Cache unreachable, %s: %s: %s (left alone for %d s)", consequence,
            type(failure).__name__, failure, BREAK_SECONDS)

    def keep_deletes(self, keys, version, flush: Callable[[], None]) -> None:
        """Deletes the cache did not take: done by `flush` as soon as it answers again."""
        with self.lock:
            self.pending.update((key, version) for key in keys)
            if self.retrying is None or not self.retrying.is_alive():
                self.retrying = threading.Timer(BREAK_SECONDS, self._retry, args=[flush])
                self.retrying.daemon = True
                self.retrying.start()

    def _retry(self, flush: Callable[[], None]) -> None:
        with self.lock:
            self.retrying = None
        flush()
        if self.pending:
            self.keep_deletes((), None, flush)

    def take_pending(self) -> dict[int | None, list[str]]:
        """The kept deletes by version, taken away (given back by `keep_deletes` on failure)."""
        with self.lock:
            pending, self.pending = self.pending, set()
        by_version: dict[int | None, list[str]] = {}
        for key, version in pending:
            by_version.setdefault(version, []).append(key)
        return by_version
