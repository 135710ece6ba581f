"""The player page: rating with its uncertainty, results from the player's side, head to head
against a chosen opponent (a partial for htmx). The club page: its ratings table. The match page:
each side's chance before play."""

from datetime import date

import pytest
from django.urls import reverse

from league.competitions.models import Match
from league.ratings.models import PlayerRating, RatingPeriod
from league.ratings.services.latest import keep_latest
from tests.factories import (
    ClubFactory,
    EntryFactory,
    MatchFactory,
    PlayerFactory,
    UserFactory,
    finished_game,
)

pytestmark = pytest.mark.django_db
MONDAY = date(2025, 1, 6)


def page(client, url: str, **headers) -> str:
    response = client.get(url, **headers)
    assert response.status_code == 200
    return response.content.decode()


def rate(player, rating: float, *, rd: float = 60.0, games: int = 12, week: int = 0) -> None:
    starts_on = date.fromordinal(MONDAY.toordinal() + 7 * week)
    period, _ = RatingPeriod.objects.get_or_create(
        club=player.club, starts_on=starts_on,
        defaults={"system": "glicko2", "rated_unit": "game", "tau": 0.5},
    )
    PlayerRating.objects.create(period=period, player=player, starts_on=starts_on, rating=rating,
                                rd=rd, volatility=0.06, games=games, total_games=games)
    keep_latest([player.pk])  # as the rebuild that writes a row keeps it


def confirmed(match: Match, winner: str, games=(1, 0)) -> Match:
    entry = match.entry_a if winner == "A" else match.entry_b
    Match.objects.filter(pk=match.pk).update(
        status=Match.Status.CONFIRMED, winner=entry, games_a=games[0], games_b=games[1]
    )
    match.refresh_from_db()
    return match


@pytest.fixture
def rivals():
    """Ada and Bea of one club, who met three times: Ada won twice."""
    ada = EntryFactory(player__name="Ada")
    competition = ada.competition
    bea = EntryFactory(competition=competition, player__name="Bea")
    for winner in ("A", "B", "A"):
        match = confirmed(MatchFactory(competition=competition, entry_a=ada, entry_b=bea), winner)
        finished_game(match, 1, winner)
    return ada.player, bea.player


def player_url(player, **query) -> str:
    url = reverse("player", args=[player.pk])
    return url + ("?" + "&".join(f"{k}={v}" for k, v in query.items()) if query else "")


def test_a_rated_player_shows_the_rating_with_its_interval_and_the_history_chart(client):
    player = PlayerFactory()
    rate(player, 1612, rd=70, week=0)
    rate(player, 1655, rd=55, week=1)
    html = page(client, player_url(player))
    assert ">1655<" in html
    assert "±110" in html  # twice the RD: the 95% interval
    assert "95% sure between 1545 and 1765" in html
    assert '<svg viewBox="0 0' in html  # the server-rendered chart
    assert "rating-provisional" not in html


def test_a_player_with_few_games_is_marked_provisional(client):
    player = PlayerFactory()
    rate(player, 1580, rd=200, games=2)
    html = page(client, player_url(player))
    assert 'class="rating-provisional">provisional' in html


def test_results_are_told_from_the_players_side(client, rivals):
    ada, bea = rivals
    html = page(client, player_url(bea))
    assert html.count("outcome-won") == 1
    assert html.count("outcome-lost") == 2
    assert f'href="/players/{ada.pk}/">Ada</a>' in html


def test_head_to_head_gives_the_record_game_points_and_the_matches(client, rivals):
    ada, bea = rivals
    html = page(client, player_url(ada, opponent=bea.pk))
    assert "<strong>2–1</strong> against" in html
    assert "game points 280–200" in html  # 120 + 40 + 120 for Ada; 40 + 120 + 40 for Bea
    section = html.split('id="head-to-head"')[1]
    assert section.count("<tr>") == 3 + 1  # the header row and the three matches
    assert f'<option value="{bea.pk}" selected>Bea</option>' in html


def test_head_to_head_for_htmx_is_the_partial_only(client, rivals):
    ada, bea = rivals
    html = page(client, player_url(ada, opponent=bea.pk), HTTP_HX_REQUEST="true")
    assert html.lstrip().startswith('<div id="head-to-head"')
    assert "<html" not in html
    assert "<strong>2–1</strong>" in html


def test_an_opponent_never_met_is_refused_next_to_the_select(client, rivals):
    ada, _ = rivals
    stranger = PlayerFactory(club=ada.club)
    for value in (stranger.pk, "not-a-number"):
        html = page(client, player_url(ada, opponent=value))
        assert "Choose a player from the list" in html
        assert 'aria-describedby="opponent-error"' in html
        assert "<strong>" not in html.split('id="head-to-head"')[1].split("</section>")[0]


def test_club_ratings_table_ranks_the_rated_players_and_marks_provisional_ones(client):
    club = ClubFactory()
    low = PlayerFactory(club=club, name="Low")
    high = PlayerFactory(club=club, name="High")
    new = PlayerFactory(club=club, name="New")
    PlayerFactory(club=club, name="Unrated")
    rate(low, 1450)
    rate(high, 1710)
    rate(new, 1600, rd=250, games=1)
    html = page(client, reverse("club", args=[club.slug]))
    table = html.split('id="ratings-h"')[1].split("</table>")[0]
    assert table.index("High") < table.index("New") < table.index("Low")
    assert table.count("provisional-row") == 1
    assert "Unrated" not in table
    assert "1 player is not rated yet" in html


def test_club_without_ratings_says_when_they_come(client):
    html = page(client, reverse("club", args=[ClubFactory().slug]))
    assert "No ratings yet" in html


def test_match_page_gives_each_sides_chance_before_play(client):
    match = MatchFactory()
    rate(match.entry_a.player, 1800, rd=50)
    rate(match.entry_b.player, 1500, rd=50)
    html = page(client, reverse("match", args=[match.pk]))
    chance = html.split('class="win-probability"')[1]
    percent_a = int(chance.split(match.entry_a.player.name, 1)[1].split("%")[0])
    assert 80 < percent_a < 90
    assert "chance to win a game" in html


def test_match_page_drops_the_forecast_once_the_result_is_in(client):
    match = confirmed(MatchFactory(), "A")
    assert "chance to win a game" not in page(client, reverse("match", args=[match.pk]))


def test_match_page_lists_the_hands_of_each_game(client):
    match = MatchFactory(status=Match.Status.IN_PROGRESS)
    game = finished_game(match, 1, "A")
    game.hands.create(number=1, dealer="A", outcome="gin", knocker="A", winner="A", points=31)
    html = page(client, reverse("match", args=[match.pk]))
    assert "The hands of game 1" in html
    assert f"{match.entry_a.player.name}: gin, <strong>31</strong> points" in html


def test_the_club_page_asks_to_join_only_those_who_do_not_play_there(client):
    club = ClubFactory()
    player = PlayerFactory(club=club, user=UserFactory())
    url = reverse("club", args=[club.slug])
    join = reverse("club-join", args=[club.slug])
    assert join in page(client, url)  # signed out
    client.force_login(UserFactory())
    assert join in page(client, url)  # another account
    client.force_login(player.user)
    assert join not in page(client, url)


def test_match_page_gives_the_play_by_date_until_the_result_is_confirmed(client):
    match = MatchFactory(play_by=date(2026, 12, 6))
    url = reverse("match", args=[match.pk])
    assert "To be played by Sunday 6 December 2026" in page(client, url)
    confirmed(match, "A")
    assert "To be played by" not in page(client, url)
