"""A members-only club's competition, match, player and scoresheet pages and its exports are
for its members (organizers, accounts of its players): anyone else gets a 403 page saying so."""

import pytest
from django.urls import reverse

from gameplay.engine import Ruleset
from league.clubs.services.clubs import update_club
from league.games.models import Game
from tests.conftest import empty_caches
from tests.factories import MatchFactory, UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def fresh_cache():
    empty_caches()
    yield
    empty_caches()


@pytest.fixture
def match():
    match = MatchFactory()
    match.competition.season.club.organizers.add(UserFactory(username="olga"))
    return match


def pages(match) -> dict[str, str]:
    game = Game.objects.create(match=match, number=1, ruleset=Ruleset().to_dict(),
                               target_score=100)
    competition = match.competition_id
    return {
        "competition": reverse("competition", args=[competition]),
        "standings": reverse("competition-standings-csv", args=[competition]),
        "fixtures": reverse("competition-fixtures-ics", args=[competition]),
        "match": reverse("match", args=[match.pk]),
        "player": reverse("player", args=[match.entry_a.player_id]),
        "scoresheet": reverse("gameplay:scoresheet", args=[game.pk]),
    }


def statuses(client, urls: dict[str, str]) -> dict[str, int]:
    return {name: client.get(url).status_code for name, url in urls.items()}


def members_only(match) -> None:
    club = match.competition.season.club
    update_club(club, actor=club.organizers.get(), is_public=False)


def test_a_public_clubs_pages_are_everyones(client, match):
    urls = pages(match)
    assert set(statuses(client, urls).values()) == {200}


def test_a_members_only_clubs_pages_refuse_a_visitor_and_a_stranger(client, match):
    urls = pages(match)
    statuses(client, urls)  # seen once while public: the cached answers must not outlive it
    members_only(match)
    assert set(statuses(client, urls).values()) == {403}
    client.force_login(UserFactory())
    assert set(statuses(client, urls).values()) == {403}
    page = client.get(urls["competition"]).content.decode()
    assert "pages are for its members" in page


def test_a_members_only_clubs_pages_are_its_players_and_organizers(client, match):
    urls = pages(match)
    members_only(match)
    client.force_login(match.entry_b.player.user)
    assert set(statuses(client, urls).values()) == {200}
    client.force_login(match.competition.season.club.organizers.get())
    assert set(statuses(client, urls).values()) == {200}
