"""The organizer makes a points series on its form: a preset fills the places' points, a bad
table is said next to its field and saves nothing, a player may not make one."""

from __future__ import annotations

import pytest
from django.urls import reverse

from league.competitions.models import Competition
from league.stats.models import PointsSeries
from tests.formats.builders import Club

pytestmark = pytest.mark.django_db


@pytest.fixture
def club():
    return Club(4)


def form_data(competition, **changes):
    return {"name": "Order of merit", "competitions": [str(competition.pk)], "rule": "placing",
            "preset": "", "placing_points": "10, 6 5 1", "win_points": "2",
            "shutout_points": "3", "best_of": "", **changes}


def test_an_organizer_makes_a_series_with_a_preset(client, club):
    competition = club.competition(Competition.Format.LEAGUE)
    client.force_login(club.organizer)
    url = reverse("series-new", args=[club.season.pk])
    assert "Make the series" in client.get(url).content.decode()
    response = client.post(url, form_data(competition, preset="five-three", best_of="3"))
    series = PointsSeries.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/series/{series.pk}/"
    assert (series.placing_points, series.best_of) == ([5, 3, 2, 1], 3)
    club_page = client.get(reverse("club", args=[club.club.slug])).content.decode()
    assert f'href="/series/{series.pk}/"' in club_page


def test_a_table_not_understood_is_said_next_to_it_and_nothing_is_saved(client, club):
    competition = club.competition(Competition.Format.LEAGUE)
    client.force_login(club.organizer)
    response = client.post(reverse("series-new", args=[club.season.pk]),
                           form_data(competition, placing_points="10 six 4"))
    assert response.status_code == 422
    assert "Give whole numbers of points" in response.content.decode()
    response = client.post(reverse("series-new", args=[club.season.pk]),
                           form_data(competition, placing_points=""))
    assert response.status_code == 422
    assert "Give the points of each place" in response.content.decode()
    assert not PointsSeries.objects.exists()


def test_a_player_may_not_make_a_series(client, club):
    club.competition(Competition.Format.LEAGUE)
    client.force_login(club.players[0].user)
    response = client.get(reverse("series-new", args=[club.season.pk]))
    assert response.status_code == 403


def test_the_change_form_shows_the_series_as_it_is(client, club):
    competition = club.competition(Competition.Format.LEAGUE)
    client.force_login(club.organizer)
    client.post(reverse("series-new", args=[club.season.pk]), form_data(competition))
    series = PointsSeries.objects.get()
    page = client.get(reverse("series-change", args=[series.pk])).content.decode()
    assert 'value="10 6 5 1"' in page and "checked" in page
    response = client.post(reverse("series-change", args=[series.pk]),
                           form_data(competition, rule="matches", win_points="1"))
    series.refresh_from_db()
    assert response.status_code == 302 and (series.rule, series.win_points) == ("matches", 1)
