"""The permission matrix of a members-only club: every URL that names one of its objects (the
club by its slug; a competition, round, match, game, player, club night, entry... by its id),
for everyone the suite knows and an outsider (an account of no club).

A row is the permission table's row (tests/security/access.py), the club made members-only:
what a member gets is unchanged, and what a visitor, an outsider or another club's organizer
got as a page (OK) becomes the page saying whose pages these are (FORBIDDEN). Nothing is
written per URL, so a URL added to the site is in this matrix as soon as it is in the table;
tests/security/test_members_only_matrix.py fails for a URL naming an object that is not here.
The rulings assistant names a match by its query string: its two pages have rows of their own.
"""

from __future__ import annotations

from collections.abc import Callable

from django.urls import URLPattern, reverse
from django.urls.converters import IntConverter, SlugConverter

from .access import FORBIDDEN, NOT_FOUND, OK, RULING, TABLE, Access, Expect, everyone
from .world import ROLES, World

OUTSIDER = "outsider"
NON_MEMBERS = ("anonymous", OUTSIDER, "other_organizer")
MEMBERS_ONLY_ROLES = (*ROLES, OUTSIDER)
# URL arguments that are not an object of a club: a ruling's key, an order inside a competition.
NOT_OBJECTS = {"key", "number", "order"}
# Asking to join is how an account becomes a member: the page names the club, nothing of it.
OPEN_TO_ACCOUNTS = {"club-join"}
EMBEDS = ("embed-standings", "embed-bracket", "embed-pairings")


def names_an_object(pattern: URLPattern) -> bool:
    """The URL takes an id (or a club's slug) of a club's object."""
    converters = pattern.pattern.converters
    return any(isinstance(converter, IntConverter | SlugConverter) and name not in NOT_OBJECTS
               for name, converter in converters.items())


def made_members_only(url: Callable[[World], str]) -> Callable[[World], str]:
    def hidden(world: World) -> str:
        world.club.is_public = False
        world.club.save(update_fields=["is_public"])
        return url(world)

    return hidden


def closed(expect: Expect) -> Expect:
    """What each role gets once the club is members-only: a non-member, like another club's
    organizer, gets no page of it."""
    expect = _with_outsider(expect)
    return {role: FORBIDDEN if role in NON_MEMBERS and got == OK else got
            for role, got in expect.items()}


def _with_outsider(expect: Expect) -> Expect:
    return {**expect, OUTSIDER: expect["other_organizer"]}


def _members_only_row(access: Access) -> Access:
    return Access(made_members_only(access.url), closed(access.get),
                  access.post and closed(access.post), access.data)


def _with_match(name: str, *args) -> Callable[[World], str]:
    return lambda world: f"{reverse(name, args=args)}?match={world.match.pk}"


def members_only_table(patterns: dict[str, URLPattern]) -> dict[str, Access]:
    table = {name: _members_only_row(TABLE[name]) for name, pattern in patterns.items()
             if names_an_object(pattern) and name in TABLE}
    for name in OPEN_TO_ACCOUNTS:
        access = TABLE[name]
        table[name] = Access(made_members_only(access.url), _with_outsider(access.get),
                             access.post and _with_outsider(access.post), access.data)
    # An embed sits in another site's page: it carries no cookie, so nobody, member or not,
    # gets a members-only club's (a 404, naming nothing).
    for name in EMBEDS:
        table[name] = Access(made_members_only(TABLE[name].url),
                             _with_outsider(everyone(NOT_FOUND)))
    table["gameplay:rulings?match"] = _members_only_row(
        Access(_with_match("gameplay:rulings"), TABLE["gameplay:rulings"].get))
    table["gameplay:ruling?match"] = _members_only_row(
        Access(_with_match("gameplay:ruling", RULING), TABLE["gameplay:ruling"].get))
    return table
