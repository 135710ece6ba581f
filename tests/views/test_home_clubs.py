"""The home page lists a signed-in user's own clubs, with their running competitions, and then
finds public clubs by name: a list of at most a dozen, whatever the number of clubs on the
site, never a members-only club he is not in."""

from __future__ import annotations

import pytest
from django.urls import reverse

from league.competitions.models import Competition
from league.pages.home_selectors import CLUBS_FOUND
from tests.factories import ClubFactory, CompetitionFactory, PlayerFactory, UserFactory

pytestmark = pytest.mark.django_db


def home(client, **query) -> str:
    return client.get(reverse("home"), query).content.decode()


def test_a_players_own_clubs_come_first_with_their_running_competitions(client):
    mine = ClubFactory(name="Zebra Gin Club", is_public=False)
    me = PlayerFactory(club=mine).user
    running = CompetitionFactory(season__club=mine, name="Winter League",
                                 status=Competition.Status.RUNNING)
    ClubFactory(name="Aardvark Gin Club")
    client.force_login(me)
    page = home(client)
    assert page.index("Your clubs") < page.index("Zebra Gin Club") < page.index("Other clubs")
    assert reverse("competition", args=[running.pk]) in page
    assert page.index("Aardvark Gin Club") > page.index("Other clubs")


def test_the_clubs_listed_are_bounded_whatever_the_site_holds(client):
    for n in reversed(range(CLUBS_FOUND + 5)):  # made last to first: listed by name
        ClubFactory(name=f"Club {n:03}")
    page = home(client)
    assert [n for n in range(CLUBS_FOUND + 5) if f"Club {n:03}" in page] == list(
        range(CLUBS_FOUND))
    assert page.index("Club 000") < page.index("Club 001") < page.index("Club 011")
    assert "type more of the name to find yours" in page


def test_a_club_is_found_by_a_part_of_its_name(client):
    ClubFactory(name="Riverside Gin Club")
    ClubFactory(name="Hilltop Card Society")
    page = home(client, q="  river ")
    assert "Riverside Gin Club" in page and "Hilltop Card Society" not in page
    assert 'value="river"' in page
    assert "No public club's name holds “nowhere”" in home(client, q="nowhere")


def test_a_members_only_club_is_never_listed_to_others(client):
    ClubFactory(name="Private Gin Circle", is_public=False)
    client.force_login(UserFactory())
    assert "Private Gin Circle" not in home(client)
    assert "Private Gin Circle" not in home(client, q="Private")
