"""A club's pages are cached under its own version: a write in one club (its ratings rebuilt
after a confirmed result, a new round, a player renamed) renders that club's pages afresh and
leaves every other club's pages cached. The lists that name many clubs (the home page's) follow
every club; a change whose club is not known forgets every club's pages."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from league.competitions.base.page_versions import player_pages_changed
from league.competitions.models import Round
from league.ratings.services.rebuild import rebuild_ratings
from tests.factories import (
    ClubFactory,
    CompetitionFactory,
    MatchFactory,
    SeasonFactory,
)

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def held_clock(time_machine):
    """The clock held still: whether a club is public is believed for a few seconds after it
    was read (league.clubs.visibility), so a slow run could read it again between two counts
    of the same pages' queries."""
    time_machine.move_to(timezone.now(), tick=False)


def get(client, url: str) -> str:
    response = client.get(url)
    assert response.status_code == 200
    return response.content.decode()


@pytest.fixture
def two_clubs():
    """Two public clubs, each with a match between two of its players."""
    return [MatchFactory(competition=CompetitionFactory(season=SeasonFactory(club=ClubFactory())))
            for _ in range(2)]


def pages_of(match) -> list[str]:
    club = match.competition.season.club
    return [reverse("club", args=[club.slug]), reverse("player", args=[match.entry_a.player_id]),
            reverse("match", args=[match.pk])]


def queries_of(client, urls) -> list[int]:
    """How many queries each page ran."""
    counts = []
    for url in urls:
        with CaptureQueriesContext(connection) as read:
            get(client, url)
        counts.append(len(read))
    return counts


def test_a_rebuild_of_one_clubs_ratings_leaves_the_other_clubs_pages_cached(
        client, two_clubs):
    here, there = two_clubs
    for url in pages_of(here) + pages_of(there):
        get(client, url)  # every page cached
    cached = queries_of(client, pages_of(there))
    rebuild_ratings(here.competition.season.club_id, since=None)
    assert queries_of(client, pages_of(there)) == cached
    assert all(fresh > kept for fresh, kept in zip(queries_of(client, pages_of(here)), cached,
                                                    strict=True))


def test_a_new_round_in_one_club_leaves_the_other_clubs_pages_cached(
        client, two_clubs):
    here, there = two_clubs
    for url in pages_of(here) + pages_of(there):
        get(client, url)
    cached = queries_of(client, pages_of(there))
    Round.objects.create(competition=here.competition, number=9, name="Round 9")
    assert queries_of(client, pages_of(there)) == cached
    assert all(fresh > kept for fresh, kept in zip(queries_of(client, pages_of(here)), cached,
                                                    strict=True))


def test_a_player_renamed_shows_on_his_clubs_pages(client, two_clubs):
    here, there = two_clubs
    player = here.entry_a.player
    for url in pages_of(here) + pages_of(there):
        get(client, url)
    player.name = "Ada Lovelace-Byron"
    player.save()
    for url in pages_of(here):
        assert "Ada Lovelace-Byron" in get(client, url)


def test_a_club_renamed_is_listed_anew_on_the_home_page_and_its_own(client, two_clubs):
    club = two_clubs[0].competition.season.club
    assert club.name in get(client, reverse("home"))
    assert club.name in get(client, reverse("club", args=[club.slug]))  # the club is cached
    club.name = "Harbour Gin Society"
    club.save()
    assert "Harbour Gin Society" in get(client, reverse("home"))
    assert "Harbour Gin Society" in get(client, reverse("club", args=[club.slug]))


def test_a_change_of_no_known_club_renders_every_clubs_pages_afresh(client, two_clubs):
    urls = [url for match in two_clubs for url in pages_of(match)]
    for url in urls:
        get(client, url)
    cached = queries_of(client, urls)
    player_pages_changed()
    again = queries_of(client, urls)
    assert all(fresh > kept for fresh, kept in zip(again, cached, strict=True))
