"""A confirmed result moves the rating at once: the week under way is rated as if it closed now,
the rating is marked provisional until the week closes, and the player page says when."""

from datetime import timedelta
from zoneinfo import ZoneInfo

import pytest
from django.urls import reverse
from django.utils import timezone

from league.competitions.base.played import record_played_at
from league.competitions.models import Match
from league.games.models import Game
from league.ratings.selectors import player_rating, week_closes
from league.ratings.services import close_rating_periods, rate_confirmed_result
from tests.ratings.builders import league, played

pytestmark = pytest.mark.django_db


def played_just_now(a, b, seats: str) -> Match:
    match = played(a, b, seats, in_week=0)
    moment = timezone.now() - timedelta(minutes=1)
    Game.objects.filter(match=match).update(created_at=moment)
    Match.objects.filter(pk=match.pk).update(confirmed_at=moment)
    record_played_at(match)  # as the confirmation stores it
    return match


def test_a_result_confirmed_this_week_moves_the_rating_at_once():
    _, (a, b) = league(2)
    assert player_rating(a.player) is None
    rate_confirmed_result(played_just_now(a, b, "AA").pk)
    winner, loser = player_rating(a.player), player_rating(b.player)
    assert winner.rating > 1500 > loser.rating
    assert winner.open_week and winner.closes_at == week_closes()
    assert winner.closes_at > timezone.now()


def test_the_rating_settles_when_the_week_closes():
    _, (a, b) = league(2)
    rate_confirmed_result(played_just_now(a, b, "AA").pk)
    provisional = player_rating(a.player)
    close_rating_periods(now=week_closes() + timedelta(minutes=5))
    settled = player_rating(a.player)
    assert not settled.open_week and settled.closes_at is None
    assert settled.rating == provisional.rating


def test_the_player_page_says_the_rating_is_provisional_until_the_week_closes(client):
    _, (a, b) = league(2, time_zone="Australia/Sydney")
    rate_confirmed_result(played_just_now(a, b, "AA").pk)
    html = client.get(reverse("player", args=[a.player_id])).content.decode()
    assert "Provisional:" in html and "Australia/Sydney" in html
    shown = week_closes().astimezone(ZoneInfo("Australia/Sydney"))
    assert f"{shown:%A} {shown.day} {shown:%B}, {shown:%H:%M}" in html
    assert "rating-provisional" in html
