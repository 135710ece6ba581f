"""Failed sign-ins counted per username and address in Django's cache: after MAX_FAILURES in
WINDOW the sign-in is refused until the window ends. A successful sign-in clears the count.

The counts live in the "sign_in_limits" cache (config/caches.py), which does not hide a
failure. When it does not answer, the limit fails closed: `is_blocked` raises `Unavailable`
and the sign-in is refused with UNAVAILABLE, so guessing is never unlimited; a failure to count
or clear after the password was checked is logged and the sign-in's answer stands.
"""

from __future__ import annotations

import hashlib
import logging

from django.core.cache import caches
from redis import RedisError

MAX_FAILURES = 5
WINDOW_SECONDS = 15 * 60
MESSAGE = ("Too many failed sign-ins for this username from your address. Wait 15 minutes and "
           "try again, or reset your password.")
UNAVAILABLE = "Signing in is unavailable for a moment. Please try again in a few minutes."

logger = logging.getLogger(__name__)
STORE_FAILURES = (RedisError,)  # what the cache raises when its Redis does not answer


class Unavailable(Exception):
    """The failure counts cannot be read, so no sign-in is let through."""


def _store():
    return caches["sign_in_limits"]


def _key(username: str, address: str) -> str:
    digest = hashlib.sha256(f"{username.strip().lower()}|{address}".encode()).hexdigest()
    return f"sign-in-failures:{digest}"


def is_blocked(username: str, address: str) -> bool:
    try:
        return _store().get(_key(username, address), 0) >= MAX_FAILURES
    except STORE_FAILURES as failure:
        logger.warning("Sign-in refused: the sign-in limits cannot be read: %r", failure)
        raise Unavailable from failure


def record_failure(username: str, address: str) -> int:
    """Count one failure; the window starts at the first failure. Returns the count (0 when
    it could not be counted)."""
    key, store = _key(username, address), _store()
    try:
        store.add(key, 0, timeout=WINDOW_SECONDS)
        try:
            return store.incr(key)
        except ValueError:  # expired between add and incr
            store.set(key, 1, timeout=WINDOW_SECONDS)
            return 1
    except STORE_FAILURES as failure:
        logger.warning("A failed sign-in was not counted: %r", failure)
        return 0


def clear(username: str, address: str) -> None:
    try:
        _store().delete(_key(username, address))
    except STORE_FAILURES as failure:
        logger.warning("The failed sign-ins of a signed-in user were not cleared: %r", failure)
