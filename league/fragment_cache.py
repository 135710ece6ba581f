"""The cache of rendered template fragments (the {% cache %} tag's "template_fragments"): each
process's own memory in front of the "derived" cache (league.core.cache), which the processes share.

Only for values that never change under their key: a competition page's fragments are keyed by
the page's version (league.competitions.base.page_versions), so a fragment found in this process's memory
is the fragment any process would render. A fragment is rendered once for all processes, and
read from the shared cache (a network round trip) once per process.

During a request (`HoldFragmentWrites`), what it renders is kept in this process at once and
written to the shared cache together, in one round trip, once the response has been sent: the
visitor does not wait for it, and a page of several fragments costs one write, not one each.
Nothing is lost by the wait: a fragment never changes under its key, so another process that
asks for it meanwhile renders the same fragment.
"""

from __future__ import annotations

from contextvars import ContextVar

from django.core.cache import caches
from django.core.cache.backends.base import DEFAULT_TIMEOUT, BaseCache
from django.core.cache.backends.locmem import LocMemCache
from django.core.signals import request_finished
from django.http import HttpRequest, HttpResponse

from league.core.cache import DERIVED, names_new_version, request_begins, request_ends

MISSING = object()
# The writes held during this request: by (shared alias, timeout, version), key -> value.
_held: ContextVar[dict | None] = ContextVar("held_fragment_writes", default=None)


class HoldFragmentWrites:
    """Middleware: the request's fragments are written to the shared cache after its response
    (first in the middleware, so that every fragment a view renders is held)."""

    def __init__(self, get_response) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        _held.set({})
        request_begins()
        return self.get_response(request)


def write_held(**_signal) -> None:
    """The held writes, one call per kind (in practice one), after the response was sent
    (Django's request_finished); from now on writes go through at once."""
    held = _held.get()
    _held.set(None)
    request_ends()
    for (alias, timeout, version), data in (held or {}).items():
        caches[alias].set_many(data, timeout, version)


request_finished.connect(write_held, dispatch_uid="league.fragment_cache.write_held")


class LocalThenShared(BaseCache):
    def __init__(self, location: str, params: dict) -> None:
        super().__init__(params)
        self._local = LocMemCache(location, params)
        self._shared_alias = params.get("OPTIONS", {}).get("SHARED", DERIVED)

    @property
    def _shared(self) -> BaseCache:
        return caches[self._shared_alias]

    def get(self, key, default=None, version=None):
        value = self._local.get(key, MISSING, version)
        if value is MISSING:
            if names_new_version(key):  # kept by no process yet
                return default
            value = self._shared.get(key, MISSING, version)
            if value is MISSING:
                return default
            self._local.set(key, value, self.default_timeout, version)
        return value

    def set(self, key, value, timeout=DEFAULT_TIMEOUT, version=None) -> None:
        self._local.set(key, value, timeout, version)
        if not self._hold(key, value, timeout, version):
            self._shared.set(key, value, timeout, version)

    def add(self, key, value, timeout=DEFAULT_TIMEOUT, version=None) -> bool:
        self._local.add(key, value, timeout, version)
        # held as a set: what is kept under a key never changes
        return self._hold(key, value, timeout, version) or self._shared.add(
            key, value, timeout, version)

    def _hold(self, key, value, timeout, version) -> bool:
        """Whether the shared write waits for the response to be sent (`HoldFragmentWrites`)."""
        if (held := _held.get()) is None:
            return False
        held.setdefault((self._shared_alias, timeout, version), {})[key] = value
        return True

    def delete(self, key, version=None) -> bool:
        self._local.delete(key, version)
        for (alias, _timeout, held_version), data in (_held.get() or {}).items():
            if alias == self._shared_alias and held_version == version:
                data.pop(key, None)
        return self._shared.delete(key, version)

    def touch(self, key, timeout=DEFAULT_TIMEOUT, version=None) -> bool:
        self._local.touch(key, timeout, version)
        return self._shared.touch(key, timeout, version)

    def has_key(self, key, version=None) -> bool:
        return self._local.has_key(key, version) or self._shared.has_key(key, version)

    def clear(self) -> None:
        """This process's copies only: the shared cache holds more than fragments."""
        self._local.clear()


class NewFragments(LocalThenShared):
    """The fragments of a page under a version its visit has just minted (league.core.cache.
    NEW_FRAGMENTS): kept and shared as any, but looked for only in this process's memory, since
    no process can have kept one under so new a version. (Two first visitors at once agree on
    one version; the one whose token was not kept does not use this cache.)"""

    def get(self, key, default=None, version=None):
        return self._local.get(key, default, version)
