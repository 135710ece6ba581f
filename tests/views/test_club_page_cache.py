"""The club page's body (seasons, competitions, ratings, players) is rendered once per version
and then read from the cache; whatever it shows changing (a player, a competition, a points
series, the ratings) is on the next visit. So is its head (the organizers, the club nights). The organizers' links are never shown to a visitor
from an organizer's copy, nor the join button from another viewer's."""

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from league.clubs.services.clubs import (
    accept_invitation,
    create_club,
    invitation_token,
    remove_organizer,
)
from league.competitions.models import Competition
from league.competitions.nights.services import close_night, open_night, schedule_night
from league.ratings.services import recompute_ratings
from league.stats.models import PointsSeries
from tests.factories import (
    ClubFactory,
    CompetitionFactory,
    PlayerFactory,
    SeasonFactory,
    UserFactory,
)
from tests.ratings.builders import league, played

from .conftest import main_of

pytestmark = pytest.mark.django_db


def visit(client, club) -> str:
    response = client.get(reverse("club", args=[club.slug]))
    assert response.status_code == 200
    return response.content.decode()


def test_a_first_visit_looks_for_neither_part_where_another_process_keeps_them(
        client, shared_cache_gets):
    from django.core.cache import caches

    from league.core.cache import FRAGMENTS
    from tests.conftest import empty_caches

    club = ClubFactory()
    PlayerFactory(club=club, name="Ada")
    empty_caches()
    shared_cache_gets.clear()
    first = visit(client, club)
    parts = ("club-head:", "club-page:")
    assert [key for key in shared_cache_gets if key.startswith(parts)] == []  # new versions
    caches[FRAGMENTS].clear()  # this process's copies: as in another process
    shared_cache_gets.clear()
    again = visit(client, club)
    assert [key.split(":")[0] for key in shared_cache_gets if key.startswith(parts)] == [
        "club-head", "club-page"]
    assert main_of(again) == main_of(first) and "Ada" in again


def test_a_player_added_or_renamed_is_on_the_next_visit(client):
    club = ClubFactory()
    PlayerFactory(club=club, name="Ada")
    assert "Ada" in visit(client, club)
    PlayerFactory(club=club, name="Bea")
    assert "Bea" in visit(client, club)
    bea = club.players.get(name="Bea")
    bea.name = "Beatrix"
    bea.save()
    assert "Beatrix" in visit(client, club)


def test_a_competition_created_or_finished_is_on_the_next_visit(client):
    season = SeasonFactory()
    club = season.club
    assert "Winter Cup" not in visit(client, club)
    cup = CompetitionFactory(season=season, name="Winter Cup", status=Competition.Status.RUNNING)
    assert "Winter Cup" in visit(client, club)
    cup.status = Competition.Status.FINISHED
    cup.save()
    assert "status-finished" in visit(client, club)


def test_a_points_series_made_or_removed_is_on_the_next_visit(client):
    season = SeasonFactory()
    assert "Spring points" not in visit(client, season.club)
    series = PointsSeries.objects.create(season=season, name="Spring points")
    assert "Spring points" in visit(client, season.club)
    series.delete()
    assert "Spring points" not in visit(client, season.club)


def test_ratings_rebuilt_are_on_the_next_visit(client):
    competition, (ada, bea) = league(2)
    club = competition.season.club
    played(ada, bea, "AA", in_week=1)
    assert "No ratings yet" in visit(client, club)
    recompute_ratings(club)  # written in bulk: no model signal
    html = visit(client, club)
    assert "No ratings yet" not in html and 'class="rating-badge' in html


def test_an_organizers_links_are_his_alone(client):
    club = ClubFactory()
    organizer = UserFactory()
    club.organizers.add(organizer)
    settings_link = reverse("club-settings", args=[club.slug])
    client.force_login(organizer)
    assert settings_link in visit(client, club)
    client.logout()
    assert settings_link not in visit(client, club)
    client.force_login(UserFactory())
    assert settings_link not in visit(client, club)


def test_the_join_button_follows_the_viewer_not_the_cached_copy(client):
    club = ClubFactory()
    player = PlayerFactory(club=club, user=UserFactory())
    join = reverse("club-join", args=[club.slug])
    client.force_login(player.user)
    assert join not in visit(client, club)
    client.force_login(UserFactory())
    assert join in visit(client, club)


def test_a_club_night_scheduled_opened_or_closed_is_on_the_next_visit(client):
    organizer = UserFactory()
    club = ClubFactory()
    club.organizers.add(organizer)
    competition = CompetitionFactory(season=SeasonFactory(club=club),
                                     status=Competition.Status.RUNNING)
    assert 'id="nights-h"' not in visit(client, club)
    night = schedule_night(competition.pk, actor=organizer,
                           starts_at=timezone.now() + timedelta(days=2))
    html = visit(client, club)
    assert reverse("club-night", args=[night.pk]) in html and "Next club night" in html
    open_night(competition.pk, actor=organizer, night_id=night.pk)
    assert "Club night open now" in visit(client, club)
    close_night(night.pk, actor=organizer)
    assert 'id="nights-h"' not in visit(client, club)


def test_an_organizer_who_comes_or_goes_or_is_renamed_is_on_the_next_visit(client):
    founder = UserFactory(first_name="Flo", last_name="Founder")
    club = create_club(actor=founder, name="Quay Gin")
    newcomer = UserFactory(first_name="Nell", last_name="Newcomer")
    assert "Flo Founder" in visit(client, club) and "Nell Newcomer" not in visit(client, club)
    accept_invitation(invitation_token(club, actor=founder), user=newcomer)
    assert "Flo Founder, Nell Newcomer." in visit(client, club)
    newcomer.first_name = "Nora"
    newcomer.save()
    assert "Flo Founder, Nora Newcomer." in visit(client, club)
    remove_organizer(club, actor=founder, user=newcomer)
    html = visit(client, club)
    assert "Nora Newcomer" not in html and "Organized by Flo Founder." in html


def test_a_new_organizer_sees_his_links_on_his_next_visit(client):
    founder, newcomer = UserFactory(), UserFactory()
    club = create_club(actor=founder, name="Pier Gin")
    settings_link = reverse("club-settings", args=[club.slug])
    client.force_login(newcomer)
    assert settings_link not in visit(client, club)
    accept_invitation(invitation_token(club, actor=founder), user=newcomer)
    assert settings_link in visit(client, club)
