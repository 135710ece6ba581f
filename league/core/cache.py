"""The cache of what the database can always answer again: the pages' versions, whether a club
is public and who organizes it, the unread counts (the "derived" alias of settings.CACHES).

When it does not answer, a read misses and a write is dropped: the answer is read from the
database and the page is served, uncached (league/caches.py).

A page that will read several keys asks for them at once first (`read_ahead`): one round trip
to the cache instead of one per key. Inside the block a read of one of those keys is answered
from what that one call found (by the derived cache's backends, which are `ReadAhead`); a write
or delete of a key forgets what was found for it, so the next read asks the cache again.

A write to the database that changes what a key holds forgets the key twice (`forget`): at
once, and again when the transaction commits, since a reader in between may have put back what
it read from the database as it was before the commit.

The frame around every page (its header) reads keys of its own for the viewer. The app that
renders the frame names them at start-up (`frame_reads`), so that a page of an app below it
reads them ahead with its own (`frame_keys`) without importing it.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from django.core.cache import caches
from django.core.cache.backends.base import DEFAULT_TIMEOUT
from django.db import transaction
from django.utils.connection import ConnectionProxy

from league.core.fills import Filling, filled
from league.core.written_reads import answered

DERIVED = "derived"
# The rendered fragments, each process's memory in front of the derived cache
# (league/fragment_cache.py); NEW_FRAGMENTS: the same, for a page under a version its visit has
# just minted, which looks for nothing in the derived cache: nothing is kept under it yet.
FRAGMENTS = "template_fragments"
NEW_FRAGMENTS = "new_fragments"

# Like django.core.cache.cache for "default": each thread gets its own connection.
derived = ConnectionProxy(caches, DERIVED)

ABSENT = object()  # read ahead and not in the cache
_ahead: ContextVar[dict | None] = ContextVar("derived_read_ahead", default=None)
# The tokens of the versions this request minted (None outside a request): nothing is kept yet
# under a key that names one, in any process (`names_new_version`).
_minted: ContextVar[set[str] | None] = ContextVar("versions_minted", default=None)
# What the request leaves to do once its response has been sent (None outside a request).
_after_response: ContextVar[list[Callable[[], None]] | None] = ContextVar(
    "after_response", default=None)


def request_begins() -> None:
    """A request starts: no version minted yet (league.fragment_cache's middleware). What a
    request before it left for after its response, if it ended without saying so, is done
    first."""
    if _after_response.get() is not None:
        request_ends()
    _minted.set(set())
    _after_response.set([])


def request_ends() -> None:
    """The request's response was sent: what it minted is no longer its own to know, and what
    it left for this moment is done (`after_response`)."""
    _minted.set(None)
    calls = _after_response.get()
    _after_response.set(None)
    for call in calls or ():
        call()


def after_response(call: Callable[[], None]) -> bool:
    """`call()` once this request's response has been sent; False outside a request, and then
    nothing is left to do."""
    calls = _after_response.get()
    if calls is None:
        return False
    calls.append(call)
    return True


def add_versions(new: dict[str, tuple[str, object]]) -> dict:
    """Versions this request has just minted, each kept under its key (`key: (its token, what
    is kept)`) where the cache holds none, never to expire: one call. What each key holds then:
    this request's, or another visitor's added first (so two first visitors at once agree). The
    tokens kept are remembered as this request's (`names_new_version`)."""
    held = derived.add_many({key: kept for key, (_token, kept) in new.items()}, timeout=None)
    if (known := _minted.get()) is not None:
        known.update(token for key, (token, kept) in new.items() if held.get(key) == kept)
    return held


def versions_of(keys: tuple[str, ...]) -> str:
    """The version tokens under these keys, joined: those missing minted and added in one call
    (`add_versions`: another visitor's, added first, is taken). A token forgotten again at once
    (a write committed meanwhile) gives a token of this visit's alone: it renders afresh, under
    a version nobody reads again."""
    stored = derived.get_many(keys)
    missing = {key: secrets.token_hex(8) for key in keys if not isinstance(stored.get(key), str)}
    if missing:
        added = add_versions({key: (token, token) for key, token in missing.items()})
        stored.update((key, added.get(key)) for key in missing)
    tokens = [stored.get(key) for key in keys]
    if not all(isinstance(token, str) for token in tokens):
        return secrets.token_hex(8)
    return ".".join(tokens)


def names_new_version(key: str) -> bool:
    """Whether `key` names a version this request minted: nothing can be kept under it yet, so
    the shared cache need not be asked for it. (A token is 16 random hexadecimal digits.)"""
    known = _minted.get()
    return bool(known) and any(token in key for token in known)


_frame_readers: list[Callable[..., Iterable[str]]] = []


def frame_reads(keys_of: Callable[..., Iterable[str]]) -> None:
    """Name the keys the page frame reads for a user: `keys_of(user_id)` (None: a visitor).
    Called once per reader (a second call with the same one changes nothing)."""
    if keys_of not in _frame_readers:
        _frame_readers.append(keys_of)


def frame_keys(user_id: int | None) -> list[str]:
    """The keys the page frame will read for the user with this id (None: a visitor), to read
    ahead with a page's own."""
    return [key for keys_of in _frame_readers for key in keys_of(user_id)]


@contextmanager
def read_ahead(keys: Iterable[str]) -> Iterator[None]:
    """Read these keys of the derived cache in one call now; reads of them inside the block
    use what it found. The keys it did not find that an app fills (league.core.fills) are read
    from the database together, in one round trip, and kept in the cache as their readers
    would keep them."""
    keys = list(dict.fromkeys(keys))
    found = derived.get_many(keys) if keys else {}
    token = _ahead.set({key: found.get(key, ABSENT) for key in keys})
    try:
        kept: dict[int, dict] = {}  # by the seconds each is kept
        for key, (value, seconds) in filled(key for key in keys if key not in found).items():
            kept.setdefault(seconds, {})[key] = value
        for seconds, values in kept.items():
            derived.set_many(values, timeout=seconds)  # and known to the block (set_many)
        yield
    finally:
        _ahead.reset(token)


def filled_alone(key: str, how: Filling):
    """The answer of a key a reader missed outside a read-ahead, read by its filling and kept
    as the filling keeps it (league.core.fills): one query, and the same in the cache as a
    read-ahead would have put there."""
    answer = answered(how.read)
    if (entry := how.kept(answer)) is not None:
        derived.set(key, *entry)
    return answer


def forget(keys: Iterable[str]) -> None:
    """Forget these keys of the derived cache now and again once the transaction commits
    (outside one: at once, twice). Nothing when there are none."""
    keys = list(keys)
    if not keys:
        return
    derived.delete_many(keys)
    transaction.on_commit(lambda: derived.delete_many(keys))


def _found(key, version):
    ahead = _ahead.get()
    if ahead is None or version is not None:
        return None
    return ahead.get(key)


def _forget(keys: Iterable[str]) -> None:
    ahead = _ahead.get()
    if ahead is not None:
        for key in keys:
            ahead.pop(key, None)


def _learn(held: dict) -> None:
    """What keys read ahead hold now, as this request just wrote or was told: read again, they
    need not ask the cache."""
    ahead = _ahead.get()
    if ahead is not None:
        for key in ahead.keys() & held.keys():
            ahead[key] = held[key]


class ReadAhead:
    """A cache backend's reads answered from the keys read ahead (`read_ahead`), its writes
    forgetting what was read of them, or, where the write says what they hold now (`set`,
    `add_many`), keeping that instead. Put before the backend's class."""

    def get(self, key, default=None, version=None):
        found = _found(key, version)
        if found is None:
            return super().get(key, default, version)
        return default if found is ABSENT else found

    def get_many(self, keys, version=None):
        keys = list(keys)
        known = {key: _found(key, version) for key in keys}
        rest = [key for key in keys if known[key] is None]
        found = super().get_many(rest, version) if rest else {}
        found.update((key, value) for key, value in known.items()
                     if value is not None and value is not ABSENT)
        return found

    def set(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        try:
            written = super().set(key, value, timeout, version)
        except BaseException:
            _forget((key,))
            raise
        if version is None:
            _learn({key: value})
        else:
            _forget((key,))
        return written

    def set_many(self, data, timeout=DEFAULT_TIMEOUT, version=None):
        try:
            failed = super().set_many(data, timeout, version) or []
        except BaseException:
            _forget(data)
            raise
        if version is None:
            _learn({key: value for key, value in data.items() if key not in failed})
        _forget(failed if version is None else data)
        return failed

    def add(self, key, *args, **kwargs):
        _forget((key,))
        return super().add(key, *args, **kwargs)

    def add_many(self, data, timeout=DEFAULT_TIMEOUT, version=None) -> dict:
        """Each key of `data` added where the cache holds nothing under it, and what each key
        holds then (its value, or another writer's that came first), in one call; a key the
        cache does not hold after all (forgotten at that moment, the cache not answering) is
        left out."""
        try:
            held = super().add_many(data, timeout, version)
        except BaseException:
            _forget(data)
            raise
        if version is None:
            _learn({key: held.get(key, ABSENT) for key in data})
        else:
            _forget(data)
        return held

    def delete(self, key, *args, **kwargs):
        _forget((key,))
        return super().delete(key, *args, **kwargs)

    def delete_many(self, keys, *args, **kwargs):
        keys = list(keys)
        _forget(keys)
        return super().delete_many(keys, *args, **kwargs)
