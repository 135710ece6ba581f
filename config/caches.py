"""The caches, from one Redis URL (production: every process shares them) or none (each process's
memory).

"default" holds what the pages can do without: the competition pages' versions and rendered
fragments (competitions.page_versions, config/fragment_cache.py). When its Redis does not
answer, a read finds nothing and a write is dropped, so the page is rendered afresh and served;
each failed call is logged as one warning (`UnreachableCacheWarning`).

"sign_in_limits" does not hide a failure. Nothing keeps counts in it now: django-allauth keeps
its sign-in, reset and sign-up counts in "default", so while Redis does not answer they are not
counted.

One connection pool per URL in each process (`OnePoolPerURL`); the short socket timeouts bound
what a Redis that accepts connections but never answers costs a page.
"""

from __future__ import annotations

import logging
import threading

from django_redis.pool import ConnectionFactory

# Seconds. Redis on the local network answers in well under a millisecond.
SOCKET_CONNECT_TIMEOUT = 0.5
SOCKET_TIMEOUT = 0.5
LOGGER = "ginleague.cache"


def caches_for(redis_url: str) -> dict[str, dict]:
    """The CACHES setting for this Redis URL; an empty URL keeps them in process memory."""
    fragments = {"BACKEND": "config.fragment_cache.LocalThenShared", "LOCATION": "fragments",
                 "OPTIONS": {"MAX_ENTRIES": 2000}}
    if not redis_url:
        memory = "django.core.cache.backends.locmem.LocMemCache"
        return {"default": {"BACKEND": memory},
                "sign_in_limits": {"BACKEND": memory, "LOCATION": "sign-in-limits"},
                "template_fragments": fragments}
    return {"default": _redis(redis_url, ignore_exceptions=True),
            "sign_in_limits": _redis(redis_url, ignore_exceptions=False),
            "template_fragments": fragments}


def _redis(url: str, *, ignore_exceptions: bool) -> dict:
    return {"BACKEND": "django_redis.cache.RedisCache", "LOCATION": url,
            "OPTIONS": {"CONNECTION_FACTORY": "config.caches.OnePoolPerURL",
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
        if getattr(record, "cache_unreachable", False):  # already rewritten (a second filter pass)
            return True
        record.cache_unreachable = True
        wrapped = record.exc_info[1] if record.exc_info else None
        failure = getattr(wrapped, "__cause__", None) or wrapped  # the Redis error itself
        record.levelno, record.levelname = logging.WARNING, "WARNING"
        record.msg = "Cache unreachable, serving uncached: %s: %s"
        record.args = (type(failure).__name__, failure)
        record.exc_info = record.exc_text = None
        return True
