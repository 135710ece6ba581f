"""The cache of rendered template fragments (the {% cache %} tag's "template_fragments"): each
process's own memory in front of the "derived" cache (league.core.cache), which the processes share.

Only for values that never change under their key: a competition page's fragments are keyed by
the page's version (league.competitions.base.page_versions), so a fragment found in this process's memory
is the fragment any process would render. A fragment is rendered once for all processes, and
read from the shared cache (a network round trip) once per process.
"""

from __future__ import annotations

from django.core.cache import caches
from django.core.cache.backends.base import DEFAULT_TIMEOUT, BaseCache
from django.core.cache.backends.locmem import LocMemCache

from league.core.cache import DERIVED

MISSING = object()


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
            value = self._shared.get(key, MISSING, version)
            if value is MISSING:
                return default
            self._local.set(key, value, self.default_timeout, version)
        return value

    def set(self, key, value, timeout=DEFAULT_TIMEOUT, version=None) -> None:
        self._local.set(key, value, timeout, version)
        self._shared.set(key, value, timeout, version)

    def add(self, key, value, timeout=DEFAULT_TIMEOUT, version=None) -> bool:
        self._local.add(key, value, timeout, version)
        return self._shared.add(key, value, timeout, version)

    def delete(self, key, version=None) -> bool:
        self._local.delete(key, version)
        return self._shared.delete(key, version)

    def touch(self, key, timeout=DEFAULT_TIMEOUT, version=None) -> bool:
        self._local.touch(key, timeout, version)
        return self._shared.touch(key, timeout, version)

    def has_key(self, key, version=None) -> bool:
        return self._local.has_key(key, version) or self._shared.has_key(key, version)

    def clear(self) -> None:
        """This process's copies only: the shared cache holds more than fragments."""
        self._local.clear()
