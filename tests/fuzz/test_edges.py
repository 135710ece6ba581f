"""The edges hypothesis may rarely draw, tried every time: every date and time field of the site
at the bounds of the years it accepts and of what Python holds, in clubs west of UTC, at UTC and
at UTC+14; every name field over several lines; digits of other scripts in every query. Never a
server error; a refusal says why and changes nothing; what is accepted leaves the pages, the
organizer's pages and the calendar feed working."""

from __future__ import annotations

import re

import pytest
from django.core.cache import cache
from django.db import transaction
from django.urls import reverse

from league.clubs.models import Club
from league.competitions.models import Competition
from league.core.views import FORBIDDEN
from tests.security.access import OK, TABLE
from tests.security.checks import outcome, refusal_explained
from tests.security.world import World, stored_rows

from .strategies import BROKEN_NAMES, EDGE_DATES, EDGE_MOMENTS, UNICODE_DIGITS

pytestmark = pytest.mark.django_db
ZONES = ["America/Los_Angeles", "UTC", "Pacific/Kiritimati"]
A_DAY = re.compile(r"\A\d{4}-\d{2}-\d{2}\Z")
A_MOMENT = re.compile(r"\A\d{4}-\d{2}-\d{2}T\d{2}:\d{2}\Z")
NAME_FIELD = re.compile(r"(\A|[-_])(name|new_season|table)\Z")
# Forms whose accepted data has no date in it, each with the date or time field it also takes.
MORE_DATES = {"competition-registration": {"closes_at": "2099-01-31T20:00"},
              "club-night-new": {"action": "schedule", "starts_at": "2099-01-31T19:00"}}


def pages(world: World) -> list[str]:
    """The match's, its competition's and the club's pages; the feed of each competition of
    the club (a new one too)."""
    competition = world.match.competition
    feeds = [reverse("competition-fixtures-ics", args=[pk]) for pk in
             Competition.objects.filter(season__club=world.club).values_list("pk", flat=True)]
    return [reverse("match", args=[world.match.pk]),
            reverse("competition", args=[competition.pk]),
            reverse("organizer-matches", args=[competition.pk]),
            reverse("club", args=[world.club.slug]), reverse("home"), *feeds]


def matches(pattern: re.Pattern, key: str, value: object) -> bool:
    if pattern is NAME_FIELD:
        return bool(pattern.search(key))
    return isinstance(value, str) and bool(pattern.search(value))


def try_edges(world: World, pattern: re.Pattern, values: list[str], extra: dict) -> set[str]:
    """Each field of each accepted form matching `pattern` given each of `values`, by an
    organizer and a player, in the state where the form is accepted; the fields tried."""
    tried = set()
    for endpoint in sorted(TABLE):
        access = TABLE[endpoint]
        if access.post is None:
            continue
        with transaction.atomic():
            url = access.url(world)  # the object in the state where the form is accepted
            data = {**access.data(world), **extra.get(endpoint, {})}
            for key in [key for key, value in data.items() if matches(pattern, key, value)]:
                tried.add(key)
                for value in values:
                    post_one(world, endpoint, url, {**data, key: value})
            transaction.set_rollback(True)
    return tried


def post_one(world: World, endpoint: str, url: str, data: dict) -> None:
    """Posted by the organizer, or where only a player may, by the player; a refusal changes
    nothing, and after what was accepted every page still answers."""
    cache.clear()  # the sign-in limit
    for role in ("organizer", "player"):
        with transaction.atomic():
            before = stored_rows()
            response = world.client(role).post(url, data)
            where = (endpoint, data, role, response.status_code)
            assert response.status_code < 500, where
            if outcome(response) != OK:
                assert response.status_code < 400 or refusal_explained(response), where
                assert stored_rows() == before, where
            else:
                for page in pages(world):
                    assert world.client("organizer").get(page).status_code == 200, (page, *where)
            transaction.set_rollback(True)
        if response.status_code != FORBIDDEN:
            return


@pytest.mark.parametrize("zone", ZONES)
def test_every_date_and_time_field_at_the_edges_is_answered_and_leaves_the_pages_working(
        world, zone):
    Club.objects.filter(pk=world.club.pk).update(time_zone=zone)
    days = try_edges(world, A_DAY, EDGE_DATES, MORE_DATES)
    moments = try_edges(world, A_MOMENT, EDGE_MOMENTS, MORE_DATES)
    assert "play_by" in days and {"time-at", "propose-at", "closes_at", "starts_at"} <= moments


def test_every_name_field_over_several_lines_is_answered_and_leaves_the_feed_working(world):
    assert {"name", "time-table"} <= try_edges(world, NAME_FIELD, BROKEN_NAMES, {})


@pytest.mark.parametrize("digits", UNICODE_DIGITS[:2])  # the two int() refuses
def test_every_page_asked_with_digits_of_other_scripts_is_answered(world, digits):
    query = {name: digits for name in ("match", "round", "stage", "page", "player", "entry",
                                       "id", "q")}
    for name in sorted(TABLE):
        access = TABLE[name]
        for role in ("anonymous", "organizer"):
            with transaction.atomic():
                response = world.client(role).get(access.url(world), query)
                assert response.status_code < 500, (name, role)
                transaction.set_rollback(True)
