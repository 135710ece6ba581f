"""The statistics pages: a player's figures and the club's records, readable without script,
a season not understood answered with a message, refreshed when a result is confirmed."""

from __future__ import annotations

import pytest
from django.urls import reverse

from league.competitions.models import Competition
from tests.formats.builders import Club
from tests.services.test_statistics import P03_SHUTS_ANN_OUT, match_of, play

pytestmark = [pytest.mark.django_db, pytest.mark.follow_ups]


@pytest.fixture
def club():
    return Club(4)


@pytest.fixture
def league(club):
    return club.competition(Competition.Format.LEAGUE)


def test_the_player_page_links_to_his_statistics(client, club):
    page = client.get(reverse("player", args=[club.players[0].pk])).content.decode()
    assert reverse("player-stats", args=[club.players[0].pk]) in page


def test_a_confirmed_result_shows_on_the_cached_statistics_page(client, club, league):
    url = reverse("player-stats", args=[club.players[0].pk])
    before = client.get(url).content.decode()
    assert "0 won of 0" in before and "How each figure is counted" in before
    play(match_of(league, club, 1, 3), P03_SHUTS_ANN_OUT)
    after = client.get(url).content.decode()
    assert "0 won of 1" in after  # one match played, lost
    assert "P03" in after and "Shutouts" in after


def test_a_season_not_understood_is_said_next_to_the_choice(client, club):
    response = client.get(reverse("player-stats", args=[club.players[0].pk]), {"season": "x9"})
    assert response.status_code == 422
    assert "Choose a season from the list." in response.content.decode()


def test_the_club_records_page_lists_the_season_s_rare_hands(client, club, league):
    play(match_of(league, club, 1, 3), P03_SHUTS_ANN_OUT)
    page = client.get(reverse("club-records", args=[club.club.slug]),
                      {"min_hands": "1"}).content.decode()
    assert "Longest unbeaten run" in page and "Shutouts" in page
    assert "<strong>105</strong> points" in page  # P03's shutout of P01
    assert "at least 1 hand played" in page


def _club_speaks_german(club) -> None:
    type(club.club).objects.filter(pk=club.club.pk).update(default_language="de")


@pytest.mark.parametrize("page", ["player-stats", "club-records"])
def test_a_page_rendered_in_the_club_s_language_is_not_served_to_a_reader_of_another(
        client, club, page):
    _club_speaks_german(club)
    url = reverse(page, args=[club.players[0].pk if page == "player-stats" else club.club.slug])
    german = client.get(url).content.decode()  # no choice of the reader's: the club's language
    assert 'lang="de"' in german
    english = client.get(url, headers={"accept-language": "en"}).content.decode()
    assert 'lang="en"' in english
    english_text, german_text = {
        "player-stats": ("How each figure is counted", "Wie jede Zahl gezählt wird"),
        "club-records": ("Longest unbeaten run", "Längste Serie ohne Niederlage")}[page]
    assert german_text in german and english_text not in german
    assert english_text in english and german_text not in english
    again = client.get(url).content.decode()
    assert _main(again) == _main(german)  # each language's body kept under its own key


def _main(page: str) -> str:
    return page[page.index("<main"):page.index("</main>")]


@pytest.mark.parametrize("page", ["player", "player-stats", "club-records"])
def test_a_page_already_rendered_asks_the_shared_cache_once(client, club, page, request,
                                                             django_assert_num_queries):
    url = reverse(page, args=[club.club.slug if page == "club-records" else club.players[0].pk])
    client.get(url)
    calls = request.getfixturevalue("shared_cache_calls")  # counted from here on
    with django_assert_num_queries(0):
        assert client.get(url).status_code == 200
    assert calls == ["get_many"]  # the club's entries and the versions, read together


def test_a_first_visit_of_the_records_reads_the_clubs_row_with_its_versions(client, club,
                                                                             request):
    from tests.conftest import empty_caches

    empty_caches()
    gets = request.getfixturevalue("shared_cache_gets")  # one at a time, from here on
    assert client.get(reverse("club-records", args=[club.club.slug])).status_code == 200
    # whether the club is public, its language, the statistics' version and its row: together;
    # the records themselves, under a version just minted, looked for nowhere. Alone: the club
    # of the slug, then remembered by the process for good.
    assert [key.split(":")[0] for key in gets] == ["club-of"]
