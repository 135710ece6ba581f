"""The API's lists, a competition's standings and a player's ratings, the competitions' and
clubs' calendar feeds and the embeds are kept as served under the versions of what they show:
what a service changes (a result confirmed, a new time, a player renamed, a week rated) is in
the next answer, and an answer kept for a members-only club is never served to a request that
may not read the club."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from django.test import Client
from django.urls import reverse

from league.clubs.models import Player
from league.clubs.services.clubs import update_club
from league.clubs.services.player_records import rename_player
from league.competitions.models import Match
from league.competitions.results.services import confirm_result, report_result
from league.competitions.schedule.services import set_match_time
from league.ratings.services import recompute_ratings
from tests.api.conftest import get, key_for
from tests.factories import (
    EntryFactory,
    MatchFactory,
    PlayerFactory,
    UserFactory,
    finished_game,
)
from tests.ratings.builders import league, played

pytestmark = pytest.mark.django_db


@pytest.fixture
def rivals():
    """Ada and Bea of a public club, with a match to play at a time set by the organizer."""
    ada = EntryFactory(player__name="Ada")
    bea = EntryFactory(competition=ada.competition, player__name="Bea")
    match = MatchFactory(competition=ada.competition, entry_a=ada, entry_b=bea,
                         status=Match.Status.IN_PROGRESS)
    organizer = UserFactory()
    ada.competition.season.club.organizers.add(organizer)
    set_match_time(match.pk, actor=organizer, at=datetime(2026, 3, 2, 19, tzinfo=UTC))
    return ada.player, bea.player, match, organizer


def feeds(match: Match) -> list[str]:
    club = match.competition.season.club
    return [reverse("competition-fixtures-ics", args=[match.competition_id]),
            reverse("club-fixtures-ics", args=[club.slug])]


def standings_and_embeds(match: Match) -> list[str]:
    pk = match.competition_id
    return [f"/api/v1/competitions/{pk}/standings/",
            *(f"/embed/competitions/{pk}/{kind}/" for kind in ("standings", "pairings"))]


def api_lists(match: Match) -> list[str]:
    slug = match.competition.season.club.slug
    return [f"/api/v1/competitions/{match.competition_id}/matches/",
            f"/api/v1/clubs/{slug}/players/"]


def test_a_confirmed_result_is_in_the_next_answer(rivals, django_capture_on_commit_callbacks):
    ada, bea, match, _ = rivals
    url = f"/api/v1/competitions/{match.competition_id}/matches/"
    (before,) = get(url).json()["results"]
    assert before["status"] == "in_progress" and before["winner"] is None
    fixtures = feeds(match)[0]
    assert "Result:" not in Client().get(fixtures).content.decode()
    finished_game(match, 1, "A")
    with django_capture_on_commit_callbacks(execute=True):
        report_result(match.pk, actor=ada.user)
        confirm_result(match.pk, actor=bea.user)
    (after,) = get(url).json()["results"]
    assert after["status"] == "confirmed" and after["winner"] == "A"
    assert "Result: Ada won" in Client().get(fixtures).content.decode()


def test_a_confirmed_result_is_in_the_next_standings_and_embeds(
        rivals, django_capture_on_commit_callbacks, django_assert_num_queries):
    ada, bea, match, _ = rivals
    standings, embedded_table, pairings = standings_and_embeds(match)

    def won() -> dict[str, int]:
        return {row["player"]["name"]: row["won"] for row in get(standings).json()["rows"]}

    assert won() == {"Ada": 0, "Bea": 0}
    assert 'class="winner"' not in Client().get(pairings).content.decode()
    first_table = Client().get(embedded_table).content.decode()
    with django_assert_num_queries(0):  # each served as kept
        assert won() == {"Ada": 0, "Bea": 0}
        assert Client().get(embedded_table).content.decode() == first_table
    finished_game(match, 1, "A")
    with django_capture_on_commit_callbacks(execute=True):
        report_result(match.pk, actor=ada.user)
        confirm_result(match.pk, actor=bea.user)
    assert won() == {"Ada": 1, "Bea": 0}
    assert '<span class="winner">Ada</span>' in Client().get(pairings).content.decode()
    assert Client().get(embedded_table).content.decode() != first_table


def test_a_new_match_and_a_new_time_are_in_the_next_feeds(rivals):
    _, _, match, organizer = rivals
    for feed in feeds(match):
        assert "20260302T190000" in Client().get(feed).content.decode()
    set_match_time(match.pk, actor=organizer, at=datetime(2026, 3, 9, 19, tzinfo=UTC))
    later = MatchFactory(competition=match.competition, entry_a=match.entry_b,
                         entry_b=match.entry_a)
    set_match_time(later.pk, actor=organizer, at=datetime(2026, 4, 6, 19, tzinfo=UTC))
    for feed in feeds(match):
        text = Client().get(feed).content.decode()
        assert "20260302T190000" not in text
        assert "20260309T190000" in text and f"match-{later.pk}@" in text
    assert get(api_lists(match)[0]).json()["count"] == 2


def test_a_renamed_player_is_in_the_next_answers_and_feeds(rivals):
    ada, _, match, organizer = rivals
    urls = [*api_lists(match), *feeds(match), *standings_and_embeds(match)]
    for url in urls:
        assert "Ada" in Client().get(url).content.decode()
    rename_player(ada, actor=organizer, name="Adele")
    for url in urls:
        text = Client().get(url).content.decode()
        assert "Adele" in text and "Ada " not in text and '"Ada"' not in text


def test_a_week_rated_is_in_the_next_answers():
    competition, (ada, bea) = league(2)
    played(ada, bea, "AA", in_week=1)
    ratings = f"/api/v1/players/{ada.player_id}/ratings/"
    players = f"/api/v1/clubs/{competition.season.club.slug}/players/"
    assert get(ratings).json() == {"player": ada.player_id, "current": None, "history": []}
    assert {row["rating"] for row in get(players).json()["results"]} == {None}
    recompute_ratings(competition.season.club)  # written in bulk: no model signal
    rated = get(ratings).json()
    assert rated["current"]["total_games"] == 2 and len(rated["history"]) == 1
    shown = {row["id"]: row["rating"] for row in get(players).json()["results"]}
    assert shown[ada.player_id]["rating"] > shown[bea.player_id]["rating"]


def test_a_members_only_clubs_answers_kept_are_not_served_without_its_key(private_world):
    key = key_for(private_world)
    slug = private_world.club.slug
    urls = [f"/api/v1/clubs/{slug}/players/", f"/api/v1/clubs/{slug}/competitions/",
            f"/api/v1/competitions/{private_world.competition.pk}/matches/",
            f"/api/v1/players/{private_world.match.entry_a.player_id}/ratings/"]
    for url in urls:
        assert get(url, key).status_code == 200
        assert get(url).status_code == 404
    with_key = [club["slug"] for club in get("/api/v1/clubs/", key).json()["results"]]
    assert slug in with_key
    assert slug not in [club["slug"] for club in get("/api/v1/clubs/").json()["results"]]


def test_a_members_only_clubs_feeds_kept_are_not_served_to_a_stranger(private_world):
    member = Client()
    member.force_login(private_world.organizer)
    for feed in feeds(private_world.match):
        assert member.get(feed).status_code == 200
        assert Client().get(feed).status_code == 403


def test_a_club_made_members_only_is_closed_at_once_though_its_answers_were_kept(
        public_world, django_capture_on_commit_callbacks):
    slug = public_world.club.slug
    urls = [f"/api/v1/clubs/{slug}/players/", f"/api/v1/clubs/{slug}/competitions/",
            f"/api/v1/competitions/{public_world.competition.pk}/matches/",
            f"/api/v1/players/{public_world.match.entry_a.player_id}/ratings/"]
    for url in urls:
        assert get(url).status_code == 200
    assert slug in [club["slug"] for club in get("/api/v1/clubs/").json()["results"]]
    for feed in feeds(public_world.match):
        assert Client().get(feed).status_code == 200
    with django_capture_on_commit_callbacks(execute=True):
        update_club(public_world.club, actor=public_world.organizer, is_public=False)
    for url in urls:
        assert get(url).status_code == 404
    assert slug not in [club["slug"] for club in get("/api/v1/clubs/").json()["results"]]
    for feed in feeds(public_world.match):
        assert Client().get(feed).status_code == 403


def test_a_kept_answer_has_the_etag_of_its_body_and_answers_304_unchanged(public_world):
    url = f"/api/v1/clubs/{public_world.club.slug}/players/"
    first = get(url)
    again = get(url, HTTP_IF_NONE_MATCH=first["ETag"])  # served from what was kept
    assert again.status_code == 304 and again["ETag"] == first["ETag"]
    assert first["Content-Type"] == "application/json"
    assert "Authorization" in get(url)["Vary"]


def test_a_removed_players_ratings_are_not_found(public_world):
    player = public_world.match.entry_a.player
    newcomer = PlayerFactory(club=public_world.club)
    for who in (player, newcomer):
        assert get(f"/api/v1/players/{who.pk}/ratings/").status_code == 200
    Player.objects.filter(pk=newcomer.pk).delete()  # no rated week: nothing else to remove
    assert get(f"/api/v1/players/{newcomer.pk}/ratings/").status_code == 404
    assert get(f"/api/v1/players/{player.pk}/ratings/").status_code == 200
