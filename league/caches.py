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
what a Redis that accepts connections but never answers costs a page.
"""

from __future__ import annotations

import logging
import threading

from django.core.cache.backends.base import DEFAULT_TIMEOUT, BaseCache
from django.core.cache.backends.locmem import LocMemCache
from django_redis.cache import RedisCache
from django_redis.exceptions import ConnectionInterrupted
from django_redis.pool import ConnectionFactory
from redis.exceptions import RedisError

from league.core.cache import DERIVED

# Seconds. Redis on the local network answers in well under a millisecond.
SOCKET_CONNECT_TIMEOUT = 0.5
SOCKET_TIMEOUT = 0.5
LOGGER = "ginleague.cache"


def caches_for(redis_url: str) -> dict[str, dict]:
    """The CACHES setting for this Redis URL; an empty URL keeps them in process memory."""
    fragments = {"BACKEND": "league.fragment_cache.LocalThenShared", "LOCATION": "fragments",
                 "OPTIONS": {"MAX_ENTRIES": 2000, "SHARED": DERIVED}}
    if not redis_url:
        memory = "django.core.cache.backends.locmem.LocMemCache"
        return {"default": {"BACKEND": memory, "LOCATION": "counts"},
                DERIVED: {"BACKEND": memory, "LOCATION": DERIVED},
                "template_fragments": fragments}
    return {"default": {**_redis(redis_url, ignore_exceptions=False),
                        "BACKEND": "league.caches.RedisElseMemory"},
            DERIVED: _redis(redis_url, ignore_exceptions=True),
            "template_fragments": fragments}


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

    @property
    def client(self):
        """django-redis's client (django_redis.get_redis_connection reads it)."""
        return self._redis.client

    def _call(self, name: str, *args):
        try:
            return getattr(self._redis, name)(*args)
        except (ConnectionInterrupted, RedisError, OSError) as error:
            failure = error.__cause__ or error
            logging.getLogger(LOGGER).warning(
                "Cache unreachable, keeping counts in this process: %s: %s",
                type(failure).__name__, failure)
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
