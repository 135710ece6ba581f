"""Words remembered for each language.

Django looks a translation up on every call: about 6 µs, 10 in English (whose catalog falls back
to the source), most of it finding the active language. A list drawn in Python pays that on
every row: a league's forty round names, a player's twenty results, a bracket's sixty-three
boxes. A function that writes words, decorated with `for_each_language`, runs once for each
language and arguments, and its answer is remembered: the catalogs do not change while the
process runs.

Finding the active language is itself about 2 µs (a context-local lookup), as much as the rest
of a remembered answer. A writer of many rows that activates no language reads it once for its
whole call (`in_one_language`); or it asks `function.in_language(language, *args)` for each row.
"""

from __future__ import annotations

from collections.abc import Callable
from contextvars import ContextVar
from functools import lru_cache, wraps
from typing import TypeVar

from django.utils.translation import get_language, override

T = TypeVar("T")

# The language read once by the writer running now (`in_one_language`), in a tuple: None is a
# language too (none active).
_read_once: ContextVar[tuple[str | None] | None] = ContextVar("language_read_once", default=None)


def active_language() -> str | None:
    """get_language(), read once for the writer running now (`in_one_language`)."""
    held = _read_once.get()
    return get_language() if held is None else held[0]


def in_one_language(function: Callable[..., T]) -> Callable[..., T]:
    """`function`, a writer of many rows that activates no language, with the active language
    read once for its whole call: the words it asks of `for_each_language` functions and the
    addresses of league.core.links look it up no more."""

    @wraps(function)
    def written(*args, **kwargs) -> T:
        token = _read_once.set((get_language(),))
        try:
            return function(*args, **kwargs)
        finally:
            _read_once.reset(token)

    return written


def for_each_language(maxsize: int = 256) -> Callable[[Callable[..., T]], Callable[..., T]]:
    """`function(*args)` (positional, hashable arguments) remembered for the active language
    and its arguments, up to `maxsize` answers; what it returns is shared, so it is immutable
    or never changed. `.in_language(language, *args)` gives the same for a language the caller
    has read already (`get_language()`), once for many calls."""

    def decorate(function: Callable[..., T]) -> Callable[..., T]:
        @lru_cache(maxsize=maxsize)
        def remembered(language: str | None, *args) -> T:
            if language == get_language():
                return function(*args)
            with override(language):  # asked for a language other than the active one
                return function(*args)

        @wraps(function)
        def in_active_language(*args) -> T:
            return remembered(active_language(), *args)

        in_active_language.in_language = remembered
        return in_active_language

    return decorate
