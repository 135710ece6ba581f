"""The caches, from one Redis URL (production: every process shares them) or none (each process's
memory).

"derived" (league.core.cache) holds what the database can always answer again: the pages' versions,
who may see and organize a club, the unread counts. The rendered fragments are kept in each
process's memory in front of it (league/fragment_cache.py). When its Redis does not answer, a
read finds nothing and a write is dropped, so the page is rendered afresh and served; each
failed call is logged as one warning (`UnreachableCacheWarning`).

"default" holds what cannot be answered again: django-allauth's counts of failed sign-ins,
password-reset mails and sign-ups (allauth reads them from Django's default cache). When its
Redis does not answer, the counts are kept in this process's memory until it answers again
(`RedisElseMemory`), so the limits still hold in each process rather than let unlimited
password guesses through.

One connection pool per URL in each process (`OnePoolPerURL`); the short socket timeouts bound
what a Redis that accepts connections but never answers costs a page, and the circuit breaker
(`Breaker`, one per URL in each process) makes it cost one call, not every call: after a failed
call the process leaves that Redis alone for BREAK_SECONDS (a read misses, a write is dropped, a
count is kept in memory), then tries it again with the next call.

A version's delete the cache did not take (it failed, or the breaker was open) is not lost: the
process keeps it and deletes it as soon as that Redis answers again, before any other call of
its own, and in the background every BREAK_SECONDS until it is done, so a page never stays on
the version from before a change it missed.
"""

from __future__ import annotations

import logging
import threading

from django.core.cache.backends.base import DEFAULT_TIMEOUT, BaseCache
from django.core.cache.backends.locmem import LocMemCache
from django_redis.cache import RedisCache
from django_redis.exceptions import ConnectionInterrupted
from django_redis.pool import ConnectionFactory

from league.cache_breaker import UNREACHABLE, Breaker
from league.core.cache import DERIVED, FRAGMENTS, NEW_FRAGMENTS, ReadAhead
from league.sent_sets import SentSets

# Seconds. Redis on the local network answers in well under a millisecond.
SOCKET_CONNECT_TIMEOUT = 0.5
SOCKET_TIMEOUT = 0.5
UNTAKEN = object()  # a delete the cache did not take
MISSING = object()


def caches_for(redis_url: str) -> dict[str, dict]:
    """The CACHES setting for this Redis URL; an empty URL keeps them in process memory."""
    fragments = {"BACKEND": "league.fragment_cache.LocalThenShared", "LOCATION": "fragments",
                 "OPTIONS": {"MAX_ENTRIES": 2000, "SHARED": DERIVED}}
    kept = {FRAGMENTS: fragments,
            NEW_FRAGMENTS: {**fragments, "BACKEND": "league.fragment_cache.NewFragments"}}
    if not redis_url:
        memory = "django.core.cache.backends.locmem.LocMemCache"
        return {"default": {"BACKEND": memory, "LOCATION": "counts"},
                DERIVED: {"BACKEND": "league.caches.DerivedMemory", "LOCATION": DERIVED},
                **kept}
    return {"default": {**_redis(redis_url, ignore_exceptions=False),
                        "BACKEND": "league.caches.RedisElseMemory"},
            DERIVED: {**_redis(redis_url, ignore_exceptions=False),
                      "BACKEND": "league.caches.DerivedRedis"},
            **kept}


def _redis(url: str, *, ignore_exceptions: bool) -> dict:
    return {"BACKEND": "django_redis.cache.RedisCache", "LOCATION": url,
            "OPTIONS": {"CONNECTION_FACTORY": "league.caches.OnePoolPerURL",
                        "SOCKET_CONNECT_TIMEOUT": SOCKET_CONNECT_TIMEOUT,
                        "SOCKET_TIMEOUT": SOCKET_TIMEOUT,
                        "IGNORE_EXCEPTIONS": ignore_exceptions}}


class OnePoolPerURL(ConnectionFactory):
    """django-redis's factory, which keeps the pool of each URL for the whole process, with its
    one check-then-create under a lock: threads that first use the cache at the same moment
    would otherwise each make a pool, and keep the ones that lost the race."""

    _lock = threading.Lock()

    def get_or_create_connection_pool(self, params):
        with self._lock:
            return super().get_or_create_connection_pool(params)


class UnreachableCacheWarning(logging.Filter):
    """django-redis reports a cache call it let fail as an error with a traceback. The page is
    served all the same, uncached, so it is a warning of one line naming the failure."""

    def filter(self, record: logging.LogRecord) -> bool:
        if getattr(record, "cache_unreachable", False) or not record.exc_info:
            return True  # already rewritten (a second filter pass), or written as a warning
        record.cache_unreachable = True
        wrapped = record.exc_info[1] if record.exc_info else None
        failure = getattr(wrapped, "__cause__", None) or wrapped  # the Redis error itself
        record.levelno, record.levelname = logging.WARNING, "WARNING"
        record.msg = "Cache unreachable, serving uncached: %s: %s"
        record.args = (type(failure).__name__, failure)
        record.exc_info = record.exc_text = None
        return True


class RedisElseMemory(BaseCache):
    """django-redis's cache that, for a call its Redis does not answer, uses this process's
    memory instead, with a warning: what is kept in it still counts, in each process, while
    Redis is away. Each call goes to Redis first, so the shared counts are used again as soon as
    it answers."""

    def __init__(self, location: str, params: dict) -> None:
        super().__init__(params)
        self._redis = RedisCache(location, params)
        self._memory = LocMemCache(f"redis-else-memory:{location}", params)
        self._breaker = Breaker.of(location)

    @property
    def client(self):
        """django-redis's client (django_redis.get_redis_connection reads it)."""
        return self._redis.client

    def _call(self, name: str, *args):
        if not self._breaker.closed:
            return getattr(self._memory, name)(*args)
        try:
            return getattr(self._redis, name)(*args)
        except UNREACHABLE as error:
            self._breaker.trip(error, "keeping counts in this process")
            return getattr(self._memory, name)(*args)

    def get(self, key, default=None, version=None):
        return self._call("get", key, default, version)

    def set(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        return self._call("set", key, value, timeout, version)

    def add(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        return self._call("add", key, value, timeout, version)

    def touch(self, key, timeout=DEFAULT_TIMEOUT, version=None):
        return self._call("touch", key, timeout, version)

    def delete(self, key, version=None):
        return self._call("delete", key, version)

    def has_key(self, key, version=None):
        return self._call("has_key", key, version)

    def incr(self, key, delta=1, version=None):
        return self._call("incr", key, delta, version)

    def get_many(self, keys, version=None):
        return self._call("get_many", keys, version)

    def set_many(self, data, timeout=DEFAULT_TIMEOUT, version=None):
        return self._call("set_many", data, timeout, version)

    def delete_many(self, keys, version=None):
        return self._call("delete_many", keys, version)

    def clear(self):
        self._memory.clear()
        return self._call("clear")

    def close(self, **kwargs):
        self._redis.close(**kwargs)


class AddingRedisCache(RedisCache):
    """django-redis's cache that also adds several keys at once (`add_many`), and that during a
    request sends a SET without waiting for its reply (`SentSets`): a page that fills the cache
    with five answers it read from the database waits for none of the five round trips."""

    def __init__(self, location: str, params: dict) -> None:
        super().__init__(location, params)
        self._breaker = Breaker.of(location)

    def set(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        if self._sent({key: value}, timeout, version):
            return True
        return super().set(key, value, timeout, version)

    def set_many(self, data: dict, timeout=DEFAULT_TIMEOUT, version=None) -> list:
        """Each key of `data` set to its value; during a request, sent in one write without
        waiting for the replies, as `set` sends one. No key is reported as not set (a Redis
        that did not take them trips the breaker when the replies are read)."""
        if not data or self._sent(data, timeout, version):
            return []
        return super().set_many(data, timeout, version) or []

    def _sent(self, data: dict, timeout, version) -> bool:
        """Whether the SETs of `data` were sent during a request, in one write and unanswered
        (SentSets); not outside a request, nor for a set that deletes (a timeout of zero or
        less), which django-redis then does as it does them."""
        timeout = self.default_timeout if timeout is DEFAULT_TIMEOUT else timeout
        expiry = None if timeout is None else int(timeout * 1000)
        if expiry is not None and expiry <= 0:
            return False
        redis = self.client.get_client(write=True)
        sent = SentSets.of(redis.connection_pool, self._breaker)
        if sent is None:
            return False
        expires = () if expiry is None else ("PX", expiry)
        try:
            sent.send([("SET", self.client.make_key(key, version=version),
                        self.client.encode(value), *expires) for key, value in data.items()])
        except UNREACHABLE as error:
            raise ConnectionInterrupted(connection=redis) from error
        return True

    def add_many(self, data: dict, timeout=DEFAULT_TIMEOUT, version=None) -> dict:
        """Each key of `data` set to its value where the cache holds nothing under it, then
        what each key holds: its value, or what another writer put there first. One round trip
        (a pipeline of SET NX and an MGET). A key forgotten in between is left out."""
        client = self.client
        keys = {key: client.make_key(key, version=version) for key in data}
        timeout = self.default_timeout if timeout is DEFAULT_TIMEOUT else timeout
        expiry = None if timeout is None else max(1, int(timeout * 1000))
        pipeline = client.get_client(write=True).pipeline(transaction=False)
        for key, value in data.items():
            pipeline.set(keys[key], client.encode(value), nx=True, px=expiry)
        pipeline.mget(list(keys.values()))
        held = pipeline.execute()[-1]
        return {key: client.decode(value) for key, value in zip(keys, held, strict=True)
                if value is not None}


class RedisElseNothing(BaseCache):
    """django-redis's cache for what the database can answer again: a call its Redis does not
    answer, or made while the breaker is open, is a miss (a read) or dropped (a write), with one
    warning per trip. A dropped delete is kept and done once the Redis answers (`Breaker`)."""

    def __init__(self, location: str, params: dict) -> None:
        super().__init__(params)
        self._redis = AddingRedisCache(location, params)
        self._breaker = Breaker.of(location)

    @property
    def client(self):
        """django-redis's client (django_redis.get_redis_connection reads it)."""
        return self._redis.client

    def _call(self, name: str, *args, otherwise=None):
        if not self._breaker.closed:
            return otherwise
        if self._breaker.pending and not self._flush():
            return otherwise
        try:
            return getattr(self._redis, name)(*args)
        except UNREACHABLE as error:
            self._breaker.trip(error, "serving uncached")
            return otherwise

    def _flush(self) -> bool:
        """Do the kept deletes; whether the Redis took them (those it did not are kept)."""
        groups = list(self._breaker.take_pending().items())
        for index, (version, keys) in enumerate(groups):
            try:
                self._redis.delete_many(keys, version)
            except UNREACHABLE as error:
                self._breaker.trip(error, "serving uncached")
                for later_version, later_keys in groups[index:]:
                    self._breaker.keep_deletes(later_keys, later_version, self._flush)
                return False
        return True

    def _delete(self, keys: list, version) -> bool:
        deleted = self._call("delete_many", keys, version, otherwise=UNTAKEN)
        if deleted is UNTAKEN:
            self._breaker.keep_deletes(keys, version, self._flush)
            return False
        return bool(deleted)

    def get(self, key, default=None, version=None):
        return self._call("get", key, default, version, otherwise=default)

    def get_many(self, keys, version=None):
        return self._call("get_many", keys, version, otherwise={})

    def has_key(self, key, version=None):
        return self._call("has_key", key, version, otherwise=False)

    def set(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        return self._call("set", key, value, timeout, version, otherwise=False)

    def add(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        return self._call("add", key, value, timeout, version, otherwise=False)

    def add_many(self, data, timeout=DEFAULT_TIMEOUT, version=None):
        return self._call("add_many", data, timeout, version, otherwise={})

    def set_many(self, data, timeout=DEFAULT_TIMEOUT, version=None):
        return self._call("set_many", data, timeout, version, otherwise=list(data))

    def touch(self, key, timeout=DEFAULT_TIMEOUT, version=None):
        return self._call("touch", key, timeout, version, otherwise=False)

    def incr(self, key, delta=1, version=None):
        value = self._call("incr", key, delta, version, otherwise=None)
        if value is None:
            raise ValueError(f"Key {key!r} not found (or the cache unreachable)")
        return value

    def delete(self, key, version=None):
        return self._delete([key], version)

    def delete_many(self, keys, version=None):
        self._delete(list(keys), version)

    def clear(self):
        self._breaker.take_pending()
        return self._call("clear")

    def close(self, **kwargs):
        self._redis.close(**kwargs)


class DerivedRedis(ReadAhead, RedisElseNothing):
    """The derived cache on Redis, its keys read ahead answered from memory
    (league.core.cache.read_ahead)."""


class AddingMemory(LocMemCache):
    """This process's memory as a cache that also adds several keys at once, as
    `AddingRedisCache` does."""

    def add_many(self, data, timeout=DEFAULT_TIMEOUT, version=None) -> dict:
        # LocMemCache's own add and get: not those of a layer above it (league.core.cache)
        for key, value in data.items():
            LocMemCache.add(self, key, value, timeout, version)
        held = {key: LocMemCache.get(self, key, MISSING, version) for key in data}
        return {key: value for key, value in held.items() if value is not MISSING}


class DerivedMemory(ReadAhead, AddingMemory):
    """The derived cache in this process's memory (no Redis), read ahead in the same way."""
