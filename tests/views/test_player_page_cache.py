"""The player page's content is rendered once per version of the player pages and then served
from the cache with no query; whatever it shows changing (a result, a name, the ratings, the
player removed) is on the next visit. A chosen opponent's record is never served from the
cache."""

from datetime import UTC, datetime

import pytest
from django.urls import reverse

from league.clubs.models import Player
from league.competitions.models import Match
from league.competitions.results.services import confirm_result, report_result
from league.ratings.services import recompute_ratings
from tests.factories import EntryFactory, MatchFactory, PlayerFactory, finished_game
from tests.ratings.builders import league, played

from .conftest import main_of

pytestmark = pytest.mark.django_db


def visit(client, player, **query):
    return client.get(reverse("player", args=[player.pk]), query)


@pytest.fixture
def rivals():
    """Ada and Bea, entered in one competition, with a match to play."""
    ada = EntryFactory(player__name="Ada")
    bea = EntryFactory(competition=ada.competition, player__name="Bea")
    match = MatchFactory(competition=ada.competition, entry_a=ada, entry_b=bea,
                         status=Match.Status.IN_PROGRESS)
    return ada.player, bea.player, match


def test_a_second_visit_is_served_from_the_cache_without_a_query(client, rivals,
                                                                  django_assert_num_queries):
    ada, _, _ = rivals
    first = visit(client, ada).content.decode()
    with django_assert_num_queries(0):
        again = visit(client, ada).content.decode()
    assert main_of(again) == main_of(first) and "<h1>Ada</h1>" in again
    assert "<title>Ada · Gin League" in again


def test_a_first_visit_reads_its_three_versions_at_once_and_mints_them_at_once(client, rivals,
                                                                              request):
    ada, _, _ = rivals
    calls = request.getfixturevalue("shared_cache_calls")  # counted from here on, none cached
    visit(client, ada)
    # the site's, the club's and the player's version: read together, none there, all three
    # added in one call that also reads what another first visitor may have added
    assert calls.count("add_many") == 1 and "add" not in calls
    calls.clear()
    visit(client, ada)
    assert calls == ["get_many"]


def test_a_confirmed_result_is_on_the_next_visit(client, rivals, django_capture_on_commit_callbacks):
    ada, bea, match = rivals
    finished_game(match, 1, "A")
    assert "No confirmed result yet" in visit(client, ada).content.decode()
    with django_capture_on_commit_callbacks(execute=True):
        report_result(match.pk, actor=ada.user)
        confirm_result(match.pk, actor=bea.user)
    html = visit(client, ada).content.decode()
    assert "No confirmed result yet" not in html and "outcome-won" in html
    assert f'<option value="{bea.pk}">Bea</option>' in html


def test_an_opponent_renamed_is_on_the_next_visit(client, rivals):
    ada, bea, _ = rivals
    assert "Bea" in visit(client, ada).content.decode()
    bea.name = "Beatrix"
    bea.save()
    assert "Beatrix" in visit(client, ada).content.decode()


def test_ratings_rebuilt_are_on_the_next_visit(client):
    competition, (ada, bea) = league(2)
    played(ada, bea, "AA", in_week=1)
    assert "Rated from the first confirmed game" in visit(client, ada.player).content.decode()
    recompute_ratings(competition.season.club)  # written in bulk: no model signal
    assert "Rated from the first confirmed game" not in visit(client, ada.player).content.decode()


def test_a_removed_player_is_not_found_on_the_next_visit(client):
    newcomer = PlayerFactory(name="Cy")
    assert visit(client, newcomer).status_code == 200
    Player.objects.get(pk=newcomer.pk).delete()
    assert visit(client, newcomer).status_code == 404


def test_a_chosen_opponent_is_never_read_from_the_cache(client, rivals):
    ada, bea, match = rivals
    Match.objects.filter(pk=match.pk).update(status=Match.Status.CONFIRMED, winner=match.entry_a,
                                             games_a=1)
    visit(client, ada, opponent=bea.pk)
    html = visit(client, ada, opponent=bea.pk).content.decode()
    assert "<strong>1–0</strong>" in html
    partial = client.get(reverse("player", args=[ada.pk]), {"opponent": bea.pk},
                         HTTP_HX_REQUEST="true").content.decode()
    assert partial.strip().startswith('<div id="head-to-head"') and "<strong>1–0</strong>" in partial
    Match.objects.filter(pk=match.pk).update(winner=match.entry_b, games_a=0, games_b=1)
    assert "<strong>0–1</strong>" in visit(client, ada, opponent=bea.pk).content.decode()


def test_a_game_started_elsewhere_leaves_the_page_cached(client, rivals, django_assert_num_queries):
    ada, _, _ = rivals
    cy = EntryFactory(player__name="Cy")
    dee = EntryFactory(competition=cy.competition, player__name="Dee")
    elsewhere = MatchFactory(competition=cy.competition, entry_a=cy, entry_b=dee)
    visit(client, ada)
    elsewhere.status = Match.Status.IN_PROGRESS
    elsewhere.save()
    with django_assert_num_queries(0):
        visit(client, ada)


def test_her_own_match_given_a_time_is_on_the_next_visit(client, rivals):
    ada, _, match = rivals
    assert "· Wed 2 Dec, 19:30" not in visit(client, ada).content.decode()
    match.scheduled_at = datetime(2026, 12, 2, 19, 30, tzinfo=UTC)
    match.save()
    assert "· Wed 2 Dec, 19:30" in visit(client, ada).content.decode()
