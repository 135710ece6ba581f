"""Every page runs the same number of queries for a small season and one four times its size: the load test's season builder (benchmarks/load/season.py) at two sizes."""

from __future__ import annotations

import pytest
from django.core.cache import caches
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from benchmarks.load.season import Built, SeasonSize, build_season
from league.competitions.models import Match
from league.games.models import Game

pytestmark = pytest.mark.django_db

SMALL = SeasonSize(players=24, games=0, division=6, knockout=8, friendlies=4)
LARGE = SeasonSize(players=96, games=0, division=12, knockout=32, friendlies=8)


def pages(built: Built) -> dict[str, str]:
    division = built.divisions[0]
    played = Match.objects.filter(competition=division, status=Match.Status.CONFIRMED,
                                  kind=Match.Kind.PLAYED).order_by("pk").first()
    busiest = played.entry_a.player  # plays every round of the division
    return {
        "home": reverse("home"),
        "club": reverse("club", args=[built.club.slug]),
        "standings": reverse("competition", args=[division.pk]),
        "bracket": reverse("competition", args=[built.knockout.pk]),
        "player": reverse("player", args=[busiest.pk]),
        "match": reverse("match", args=[played.pk]),
        "scoresheet": reverse("gameplay:scoresheet",
                              args=[Game.objects.filter(match=played).first().pk]),
        "standings csv": reverse("competition-standings-csv", args=[division.pk]),
    }


def query_counts(built: Built, *, signed_in: bool = False) -> dict[str, int]:
    """Each page's queries on its first visit: both seasons share one site (its home page), so
    the caches are emptied first, or the second season would read the first one's home."""
    for cache in caches.all():
        cache.clear()
    client = Client()
    if signed_in:  # a player with an account, entered in the season's competitions
        client.force_login(built.players[0].user)
    counts = {}
    for page, url in pages(built).items():
        with CaptureQueriesContext(connection) as queries:
            response = client.get(url)
        assert response.status_code == 200, page
        counts[page] = len(queries)
    return counts


def test_each_page_runs_as_many_queries_for_a_season_four_times_larger():
    small = build_season(SMALL, name="Small Club")
    large = build_season(LARGE, name="Large Club")
    assert large.games > 3 * small.games
    assert query_counts(large) == query_counts(small)


def test_each_page_signed_in_runs_as_many_queries_for_a_season_four_times_larger():
    small = build_season(SMALL, name="Small Club")
    large = build_season(LARGE, name="Large Club")
    assert query_counts(large, signed_in=True) == query_counts(small, signed_in=True)
