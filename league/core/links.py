"""Addresses of the pages that take one whole number (a player's, a match's, a competition's),
built from the page's address reversed once, not by reversing each one: a long list (a club's
five hundred players) links hundreds of them, and Django's `reverse` checks every address
it builds against its pattern, which costs more than the rest of the row.

The address of a name is reversed with a marker number in place of the argument and kept per
URLconf, script prefix and language (each may change what `reverse` gives); an address is the
two halves around the number. What the marker cannot stand for (a name whose address has no
or two places for it, an argument that is not a whole number) is reversed as usual. The address
of a page that takes no argument (`address`) is kept whole, the same way.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from django.conf import settings
from django.urls import get_script_prefix, get_urlconf, reverse
from django.utils.translation import get_language

MARKER = 9_731_864_205  # a number in no address of the site but where it stands for the argument


def address(name: str) -> str:
    """reverse(name), for a page that takes no argument."""
    return _address(get_urlconf() or settings.ROOT_URLCONF, get_script_prefix(), get_language(),
                    name)


@lru_cache(maxsize=256)
def _address(urlconf: str, prefix: str, language: str | None, name: str) -> str:
    """The arguments other than `name` key what `reverse` reads from the thread."""
    return reverse(name, urlconf=urlconf)


def link(name: str, number: int) -> str:
    """reverse(name, args=[number]), for a whole number `number` >= 0."""
    return links(name, [number])[0]


def links(name: str, numbers: Iterable[int]) -> list[str]:
    """link(name, number) for each number, the page's address looked up once."""
    halves = _halves(get_urlconf() or settings.ROOT_URLCONF, get_script_prefix(),
                     get_language(), name)
    if halves is None:
        return [reverse(name, args=[number]) for number in numbers]
    before, after = halves
    return [f"{before}{number}{after}" if type(number) is int and number >= 0
            else reverse(name, args=[number]) for number in numbers]


@lru_cache(maxsize=256)
def _halves(urlconf: str, prefix: str, language: str | None, name: str) -> tuple[str, str] | None:
    """The address of `name` either side of its one argument; None when it has not exactly one
    place for it. The arguments other than `name` key what `reverse` reads from the thread."""
    parts = reverse(name, urlconf=urlconf, args=[MARKER]).split(str(MARKER))
    return (parts[0], parts[1]) if len(parts) == 2 else None
