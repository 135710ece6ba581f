"""The API's reads cost the same number of queries however much they show."""

from __future__ import annotations

from django.db import connection
from django.test.utils import CaptureQueriesContext

from league.games.models import Hand
from tests.api.conftest import club_world, get
from tests.conftest import empty_caches
from tests.factories import MatchFactory


def more_of(world, hands: int, matches: int) -> None:
    for number in range(2, hands + 2):
        Hand.objects.create(game=world.game, number=number, dealer="A", outcome="knock",
                            knocker="A", winner="A", points=10)
    for _ in range(matches):
        MatchFactory(competition=world.competition, round=world.match.round)


def test_a_match_with_its_games_and_hands_is_read_in_three_queries(db,
                                                                   django_assert_num_queries):
    world = club_world(public=True)
    url = f"/api/v1/matches/{world.match.pk}/"
    with django_assert_num_queries(3):  # the match and its sides, its games, their hands
        assert get(url).status_code == 200
    more_of(world, hands=6, matches=0)
    with django_assert_num_queries(3):
        assert len(get(url).json()["games"][0]["hands"]) == 7


def test_lists_and_a_night_cost_the_same_with_more_rows(db, django_assert_num_queries):
    """Read from an empty cache each time: nothing kept, every club looked up afresh."""
    world = club_world(public=True)
    urls = {f"/api/v1/competitions/{world.competition.pk}/matches/": 6,  # its club and whether
            # that is public (both cached from then on), its page version (its rounds, read
            # when the version is made), count, the page, its sides' entries
            f"/api/v1/clubs/{world.club.slug}/players/": 4,  # the slug's club (whether it is
            # public is cached by the read above), count, page, ratings
            f"/api/v1/nights/{world.night.pk}/": 3,  # night, its rounds, their matches
            f"/api/v1/competitions/{world.competition.pk}/": 4}  # it, stages, rounds, entries
    empty_caches()  # what writing the world remembered (the competition's club) forgotten
    for url, queries in urls.items():
        with django_assert_num_queries(queries):
            assert get(url).status_code == 200
    more_of(world, hands=0, matches=5)
    empty_caches()
    for url, queries in urls.items():
        with django_assert_num_queries(queries):
            assert get(url).status_code == 200


def test_a_match_s_record_is_read_in_five_queries(db, django_assert_num_queries):
    world = club_world(public=True)
    url = f"/api/v1/matches/{world.match.pk}/record/"
    with django_assert_num_queries(5):  # the match readable, then the record's four
        assert get(url).status_code == 200
    more_of(world, hands=6, matches=0)
    with django_assert_num_queries(5):
        assert len(get(url).json()["games"][0]["hands"]) == 7


def test_a_list_read_again_unchanged_costs_no_query(db, django_assert_num_queries):
    world = club_world(public=True)
    player = world.match.entry_a.player_id
    urls = [f"/api/v1/competitions/{world.competition.pk}/matches/",
            f"/api/v1/clubs/{world.club.slug}/players/",
            f"/api/v1/clubs/{world.club.slug}/competitions/",
            f"/api/v1/players/{player}/ratings/"]
    first = {url: get(url).content for url in urls}
    first["/api/v1/clubs/"] = get("/api/v1/clubs/").content
    for url, body in first.items():
        with django_assert_num_queries(0):  # who may read the club is cached, and the answer
            assert get(url).content == body


def test_a_competition_s_matches_are_counted_without_reading_their_rounds(db):
    """The page's total counts the matches through their competition's index alone; each row's
    round number and bracket still come, with its sides."""
    world = club_world(public=True)
    more_of(world, hands=0, matches=3)
    empty_caches()
    with CaptureQueriesContext(connection) as queries:
        answer = get(f"/api/v1/competitions/{world.competition.pk}/matches/").json()
    [count] = [q["sql"] for q in queries.captured_queries if "COUNT(*)" in q["sql"]]
    assert "competitions_round" not in count
    assert answer["count"] == 4
    assert {(m["round_number"], m["bracket"]) for m in answer["results"]} == {
        (world.match.round.number, world.match.round.bracket)}
