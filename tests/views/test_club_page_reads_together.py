"""A club's page asks its reads together: the head's organizers, their names in the club and
its nights in one round trip, the body's seasons, competitions, series, players and best
ratings in another; and each organizer is named as person_names names him."""

import random

import pytest
from django.core.cache import caches
from django.db import connection
from django.urls import reverse

from league.clubs.selectors import person_names
from league.pages.selectors import club_head
from tests.factories import PlayerFactory, SeasonFactory, UserFactory

pytestmark = pytest.mark.django_db


def a_club_of_organizers(seed: int):
    """A club with four organizers, added in a random order: one plays in it (and gave a full
    name, which his player's name comes before), one plays only in another club, one gave his
    full name, one neither plays nor gave a name."""
    rng = random.Random(seed)
    club = SeasonFactory().club
    plays = UserFactory(first_name="Full", last_name="Name")
    elsewhere = UserFactory(first_name="", last_name="")
    named = UserFactory(first_name="Ada", last_name="Gin")
    nobody = UserFactory(first_name="", last_name="")
    for user in rng.sample([plays, elsewhere, named, nobody], 4):
        club.organizers.add(user)
    PlayerFactory(club=club, user=plays, name=rng.choice(["Bea", "Zed"]))
    PlayerFactory(user=elsewhere, name="Otto")  # in another club
    PlayerFactory(club=club, name="Not an organizer")
    return club


@pytest.mark.parametrize("seed", range(4))
def test_each_organizer_is_named_as_person_names_names_him(seed):
    club = a_club_of_organizers(seed)
    head = club_head(club)
    assert head.names == person_names(head.organizers, club)
    assert {"Ada Gin", "Otto"} < set(head.names.values())
    assert {"Bea", "Zed"} & set(head.names.values())  # his name in the club, not his full one


@pytest.mark.skipif(connection.vendor != "postgresql", reason="a pipeline is PostgreSQL's")
def test_a_cold_club_page_asks_its_head_and_its_body_each_in_one_round_trip(client,
                                                                               monkeypatch):
    club = a_club_of_organizers(0)
    raw = connection.cursor().connection  # the driver's connection, opened
    pipeline, sizes = type(raw).pipeline, []
    execute = type(connection.cursor().cursor).execute

    def counted(self):
        sizes.append(0)
        return pipeline(self)

    def executed(self, *args, **kwargs):
        if raw._pipeline is not None and sizes:
            sizes[-1] += 1
        return execute(self, *args, **kwargs)

    for name in caches:
        caches[name].clear()
    monkeypatch.setattr(type(raw), "pipeline", counted)
    monkeypatch.setattr(type(connection.cursor().cursor), "execute", executed)
    assert client.get(reverse("club", args=[club.slug])).status_code == 200
    assert 3 in sizes  # organizers, their names in the club, the nights
    assert 5 in sizes  # seasons, competitions, series, players, best ratings
