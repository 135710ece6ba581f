"""A members-only club's data is its members': every page, print, feed, export and action that
names one of its objects, for every role and an outsider, gives a non-member the page saying
whose pages these are (or, asking to join, the club's name only), and nothing a non-member
gets names its players or competitions."""

from __future__ import annotations

import pytest

from tests.factories import UserFactory

from .checks import site_url_patterns, text_of
from .members_only import (
    MEMBERS_ONLY_ROLES,
    NON_MEMBERS,
    OUTSIDER,
    members_only_table,
    names_an_object,
)
from .test_permissions import visit
from .world import World

pytestmark = pytest.mark.django_db

PATTERNS = site_url_patterns()
MEMBERS_ONLY = members_only_table(PATTERNS)


def test_every_url_naming_a_clubs_object_is_in_the_members_only_matrix():
    naming = {name for name, pattern in PATTERNS.items() if names_an_object(pattern)}
    assert naming, "the site's URLs name no object: the matrix would test nothing"
    missing = sorted(naming - MEMBERS_ONLY.keys())
    assert not missing, f"add these pages to tests/security/access.py: {missing}"


def names_in(world: World) -> list[str]:
    """What a members-only club's pages must not show a non-member: its match's players and competition."""
    return [world.match.entry_a.player.name, world.match.entry_b.player.name,
            world.match.competition.name]


@pytest.mark.parametrize("method", ["get", "post"])
@pytest.mark.parametrize("name", sorted(MEMBERS_ONLY))
def test_a_members_only_clubs_data_is_for_its_members(world, name, method):
    access = MEMBERS_ONLY[name]
    expected = access.get if method == "get" else access.post
    if expected is None:
        pytest.skip("a page that only reads: its POST is the matrix of the permission table")
    world.users[OUTSIDER] = UserFactory()
    got, leaked = {}, {}
    for role in MEMBERS_ONLY_ROLES:
        got[role], response = visit(world, access, role, method, response=True)
        if role in NON_MEMBERS:
            shown = [name for name in names_in(world) if name in text_of(response)]
            if shown:
                leaked[role] = shown
    assert got == expected
    assert not leaked, f"non-members are shown the club's players or competition: {leaked}"
