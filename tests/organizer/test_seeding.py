"""Seeding at the start: by hand (the default, and the form says so), by rating, or at random
with the random seed shown, so that the draw can be reproduced."""

import re

import pytest
from django.urls import reverse

from league.competitions.algorithms.seeding import seed_at_random
from league.competitions.models import Competition
from tests.factories import EntryFactory, PlayerFactory

from .conftest import draft, sign_in

pytestmark = pytest.mark.django_db


def cup(people, n=4) -> Competition:
    competition = draft(people, format=Competition.Format.SINGLE_ELIMINATION)
    for number in range(n):
        EntryFactory(competition=competition,
                     player=PlayerFactory(club=people.club, name=f"Seeded {number}", user=None))
    return competition


def test_the_start_form_says_the_default_is_by_hand(client, people):
    competition = cup(people)
    sign_in(client, people.organizer)
    html = client.get(reverse("competition-entries", args=[competition.pk])).content.decode()
    assert "By hand (the default)" in html
    chosen = re.search(r'<input[^>]*name="seeding"[^>]*checked[^>]*>', html).group(0)
    assert 'value="entered"' in chosen


def test_a_random_start_shows_the_seed_that_reproduces_the_draw(client, people):
    competition = cup(people)
    sign_in(client, people.organizer)
    client.post(reverse("competition-start", args=[competition.pk]), {"seeding": "random"})
    competition.refresh_from_db()
    seed = competition.random_seed
    page = client.get(reverse("competition", args=[competition.pk])).content.decode()
    assert f"with the random seed <strong>{seed}</strong>" in page
    entries = client.get(reverse("competition-entries", args=[competition.pk])).content.decode()
    assert f"the random seed was <strong>{seed}</strong>" in entries
    ids = list(competition.entries.order_by("pk").values_list("pk", flat=True))
    seeded = list(competition.entries.order_by("seed").values_list("pk", flat=True))
    assert seeded == list(seed_at_random(ids, seed))


def test_a_start_by_hand_keeps_the_order_given_and_says_so(client, people):
    competition = cup(people)
    sign_in(client, people.organizer)
    entries = list(competition.entries.order_by("-pk"))
    client.post(reverse("competition-seeds", args=[competition.pk]),
                {f"seed_{e.pk}": str(n) for n, e in enumerate(entries, 1)})
    client.post(reverse("competition-start", args=[competition.pk]), {"seeding": "entered"})
    assert list(competition.entries.order_by("seed")) == entries
    page = client.get(reverse("competition", args=[competition.pk])).content.decode()
    assert "By hand: the seeds given, then in the order of entry" in page
    assert "random seed" not in page
