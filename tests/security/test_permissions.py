"""Every page and action of the site, for every role: who may open it, who
may use it, who is sent to sign in, and that a refusal says why and changes nothing. The table is
tests/security/access.py; a URL pattern without a row there fails here."""

from __future__ import annotations

from urllib.parse import parse_qs, urlparse

import pytest
from django.db import transaction
from django.urls import reverse

from league.clubs.models import Club
from tests.conftest import empty_caches

from .access import FORBIDDEN, OK, POST_ONLY, SIGN_IN, TABLE, Access
from .checks import outcome, refusal_explained, site_url_names
from .world import ROLES, World, stored_rows

pytestmark = pytest.mark.django_db


def test_every_url_pattern_has_a_row_in_the_permission_table():
    names = site_url_names()
    missing = sorted(names - TABLE.keys())
    assert not missing, f"add these pages to tests/security/access.py: {missing}"
    assert not sorted(TABLE.keys() - names), "the table names pages the site no longer has"


def test_the_snapshot_of_stored_rows_sees_a_changed_column_and_a_new_link(world):
    before = stored_rows()
    Club.objects.filter(pk=world.club.pk).update(name="Renamed")
    renamed = stored_rows()
    assert renamed != before
    world.other_match.competition.season.club.organizers.add(world.users["organizer"])
    assert stored_rows() != renamed


def visit(world: World, access: Access, role: str, method: str, *, response: bool = False):
    """What the role gets, in a savepoint rolled back after: each role meets the same world.
    Checks that a refusal (and any GET, and a POST to a page that only reads) changed nothing.
    With `response`, the response too."""
    empty_caches()  # the sign-in limit counts failures in a cache, which no savepoint undoes
    with transaction.atomic():
        url = access.url(world)
        client = world.client(role)
        before = stored_rows()
        send = client.get if method == "get" else client.post
        answer = send(url, access.data(world) if method == "post" else None)
        got = outcome(answer)
        if answer.status_code >= 400 and got != POST_ONLY:
            assert refusal_explained(answer), f"{role}: {answer.status_code} without a reason"
        if got != OK or method == "get" or access.post is None:
            assert stored_rows() == before, f"{role}'s {method.upper()} {url} changed data"
        transaction.set_rollback(True)
    return (got, answer) if response else got


@pytest.mark.parametrize("name", sorted(TABLE))
def test_who_may_open_the_page(world, name):
    access = TABLE[name]
    assert {role: visit(world, access, role, "get") for role in ROLES} == access.get


@pytest.mark.parametrize("name", sorted(n for n, a in TABLE.items() if a.post is not None))
def test_who_may_use_the_action(world, name):
    access = TABLE[name]
    assert {role: visit(world, access, role, "post") for role in ROLES} == access.post


@pytest.mark.parametrize("name", sorted(n for n, a in TABLE.items() if a.post is None))
def test_a_post_to_a_page_that_only_reads_changes_nothing(world, name):
    access = TABLE[name]
    for role in ROLES:
        assert visit(world, access, role, "post") in (OK, POST_ONLY, SIGN_IN, FORBIDDEN)


@pytest.mark.parametrize("name", sorted(
    n for n, a in TABLE.items() if n.startswith(("match-", "gameplay:")) and a.post is not None))
def test_players_of_another_club_reach_nothing_of_this_one_by_its_ids(world, name):
    """The other club's players, signed in, with this club's match and game ids in the URL."""
    access = TABLE[name]
    stranger = world.other_match.entry_a.player.user
    world.users["stranger"] = stranger
    got = visit(world, access, "stranger", "post")
    assert got == FORBIDDEN


def test_the_admin_is_for_staff_only(world):
    admin = reverse("admin:index")
    for role in ROLES:
        response = world.client(role).get(admin)
        if role == "staff":
            assert response.status_code == 200
        else:
            assert response.status_code == 302
            assert response["Location"].startswith(reverse("admin:login"))


def test_sign_in_pages_send_back_where_the_visitor_was(world):
    response = world.client("anonymous").post(reverse("match-confirm", args=[world.match.pk]))
    assert outcome(response) == SIGN_IN
    back = parse_qs(urlparse(response["Location"]).query)["next"]
    assert back == [f"/matches/{world.match.pk}/"]
