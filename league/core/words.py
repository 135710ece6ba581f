"""Words remembered for each language.

Django looks a translation up on every call: about 6 µs, 10 in English (whose catalog falls back
to the source), most of it finding the active language. A list drawn in Python pays that on
every row: a league's forty round names, a player's twenty results, a bracket's sixty-three
boxes. A function that writes words, decorated with `for_each_language`, runs once for each
language and arguments, and its answer is remembered: the catalogs do not change while the
process runs.

Finding the active language is itself about 2 µs (a context-local lookup). A list that names
many things reads it once and asks `function.in_language(language, *args)` for each row.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache, wraps
from typing import TypeVar

from django.utils.translation import get_language, override

T = TypeVar("T")


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
            return remembered(get_language(), *args)

        in_active_language.in_language = remembered
        return in_active_language

    return decorate
