"""Failed sign-ins counted per username and address in Django's cache: after MAX_FAILURES in
WINDOW the sign-in is refused until the window ends. A successful sign-in clears the count."""

from __future__ import annotations

import hashlib

from django.core.cache import cache

MAX_FAILURES = 5
WINDOW_SECONDS = 15 * 60
MESSAGE = ("Too many failed sign-ins for this username from your address. Wait 15 minutes and "
           "try again, or reset your password.")


def _key(username: str, address: str) -> str:
    digest = hashlib.sha256(f"{username.strip().lower()}|{address}".encode()).hexdigest()
    return f"sign-in-failures:{digest}"


def is_blocked(username: str, address: str) -> bool:
    return cache.get(_key(username, address), 0) >= MAX_FAILURES


def record_failure(username: str, address: str) -> int:
    """Count one failure; the window starts at the first failure. Returns the count."""
    key = _key(username, address)
    cache.add(key, 0, timeout=WINDOW_SECONDS)
    try:
        return cache.incr(key)
    except ValueError:  # expired between add and incr
        cache.set(key, 1, timeout=WINDOW_SECONDS)
        return 1


def clear(username: str, address: str) -> None:
    cache.delete(_key(username, address))
