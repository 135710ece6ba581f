"""Pages ask their reads together. A club's: the head's organizers, their names in the club and
its nights in one round trip, the body's seasons, competitions, series, players and best
ratings in another; and each organizer is named as person_names names him. A signed-in home
drawn anew: the public clubs' list with his first reads."""

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


@pytest.fixture
def round_trips(monkeypatch):
    """The queries of each round trip to PostgreSQL: a pipeline's together, another alone."""
    raw = connection.cursor().connection  # the driver's connection, opened
    pipeline, execute = type(raw).pipeline, type(connection.cursor().cursor).execute
    trips: list[int] = []
    in_pipeline = []

    def counted(self):
        trips.append(0)
        in_pipeline.append(1)
        return _closing(pipeline(self), in_pipeline)

    def executed(self, *args, **kwargs):
        if in_pipeline:
            trips[-1] += 1
        else:
            trips.append(1)
        return execute(self, *args, **kwargs)

    for name in caches:
        caches[name].clear()
    monkeypatch.setattr(type(raw), "pipeline", counted)
    monkeypatch.setattr(type(connection.cursor().cursor), "execute", executed)
    return trips


class _closing:
    def __init__(self, pipeline, in_pipeline: list) -> None:
        self.pipeline, self.in_pipeline = pipeline, in_pipeline

    def __enter__(self):
        return self.pipeline.__enter__()

    def __exit__(self, *exc):
        self.in_pipeline.pop()
        return self.pipeline.__exit__(*exc)


ON_POSTGRESQL = pytest.mark.skipif(connection.vendor != "postgresql",
                                   reason="a pipeline is PostgreSQL's")


@ON_POSTGRESQL
def test_a_cold_club_page_asks_its_head_and_its_body_each_in_one_round_trip(client,
                                                                               round_trips):
    club = a_club_of_organizers(0)
    assert client.get(reverse("club", args=[club.slug])).status_code == 200
    assert 3 in round_trips  # organizers, their names in the club, the nights
    assert 5 in round_trips  # seasons, competitions, series, players, best ratings


@ON_POSTGRESQL
def test_a_cold_signed_in_home_reads_the_public_clubs_with_his_first_reads(client,
                                                                           round_trips):
    player = PlayerFactory(user=UserFactory())
    client.force_login(player.user)
    round_trips.clear()
    assert client.get(reverse("home")).status_code == 200
    # the header's and his players' keys filled; his entries, the sign-ups open to him, his
    # clubs, his entries with a night open and the public clubs; his clubs' running
    # competitions (he has no entry: no report or match is read)
    assert round_trips == [4, 5, 1]
