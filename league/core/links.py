"""Addresses of the pages that take one whole number (a player's, a match's, a competition's)
or one word (a club's slug), built from the page's address reversed once, not by reversing each
one: a long list (a club's five hundred players) links hundreds of them, and Django's `reverse`
checks every address it builds against its pattern, which costs more than the rest of the row.

The address of a name is reversed with a marker number in place of the argument and kept per
URLconf, script prefix and language (each may change what `reverse` gives); an address is the
two halves around the argument, written as `reverse` writes it. The argument's converter says
what it takes (its pattern): what the marker cannot stand for (a name whose address has no or
two places for it, an argument its converter does not take, a word an address must quote) is
reversed as usual. The address of a page that takes no argument (`address`) is kept whole, the
same way.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache

from django.conf import settings
from django.urls import get_resolver, get_script_prefix, get_urlconf, reverse
from django.urls.converters import IntConverter, StringConverter

from league.core.words import active_language

MARKER = 9_731_864_205  # a number in no address of the site but where it stands for the argument
_WORD = re.compile(r"[-a-zA-Z0-9_]+")
_NOTHING = re.compile(r"(?!)")


def _reversing() -> tuple[str, str, str | None]:
    """What `reverse` reads from the thread (URLconf, script prefix, language): the key of an
    address kept."""
    return get_urlconf() or settings.ROOT_URLCONF, get_script_prefix(), active_language()


def address(name: str) -> str:
    """reverse(name), for a page that takes no argument."""
    return _address(*_reversing(), name)


@lru_cache(maxsize=256)
def _address(urlconf: str, prefix: str, language: str | None, name: str) -> str:
    """The arguments other than `name` key what `reverse` reads from the thread."""
    return reverse(name, urlconf=urlconf)


def link(name: str, number: int | str) -> str:
    """reverse(name, args=[number]): kept for a whole number >= 0 or a word its address takes."""
    return links(name, [number])[0]


def links(name: str, numbers: Iterable[int | str]) -> list[str]:
    """link(name, number) for each number (or word, for an address that takes one: a club's
    slug), the page's address looked up once."""
    halves = _halves(*_reversing(), name)
    if halves is None:
        return [reverse(name, args=[number]) for number in numbers]
    before, after, argument = halves
    return [f"{before}{number}{after}" if _written_as_it_is(number, argument)
            else reverse(name, args=[number]) for number in numbers]


def _written_as_it_is(value, argument: re.Pattern | None) -> bool:
    """Whether `reverse` would write `value` into the address as it is: a whole number >= 0, or
    a word of letters, digits, '-' and '_' (which an address need not quote), that the
    address's argument takes (`argument`: its converter's pattern; None when not known, where
    only a whole number is taken, as every such address of the site takes one)."""
    if type(value) is int:
        return value >= 0 and (argument is None or argument.fullmatch(str(value)) is not None)
    return (type(value) is str and argument is not None and _WORD.fullmatch(value) is not None
            and argument.fullmatch(value) is not None)


@lru_cache(maxsize=256)
def _halves(urlconf: str, prefix: str, language: str | None,
            name: str) -> tuple[str, str, re.Pattern | None] | None:
    """The address of `name` either side of its one argument, and the pattern of what its
    argument takes; None when it has not exactly one place for it. The arguments other than
    `name` key what `reverse` reads from the thread."""
    parts = reverse(name, urlconf=urlconf, args=[MARKER]).split(str(MARKER))
    if len(parts) != 2:
        return None
    return parts[0], parts[1], _argument(urlconf, name)


def _argument(urlconf: str, name: str) -> re.Pattern | None:
    """The pattern of the one argument of `name`'s address, from its converter, where the
    converter writes a value as its text (Django's int, str, slug and path converters, and the
    ids'); None otherwise, or where `name`'s address is not found as `reverse` finds it
    without a current app."""
    resolver = get_resolver(urlconf)
    *namespaces, view = name.split(":")
    for namespace in namespaces:
        if namespace not in resolver.namespace_dict:
            return None
        resolver = resolver.namespace_dict[namespace][1]
    found = resolver.reverse_dict.getlist(view)
    if len(found) != 1:
        return None
    possibilities, _pattern, _defaults, converters = found[0]
    if len(possibilities) != 1 or len(converters) != 1:
        return None
    converter = next(iter(converters.values()))
    if not isinstance(converter, (IntConverter, StringConverter)):
        return _NOTHING  # a converter that writes a value otherwise: always reversed
    return re.compile(converter.regex)
