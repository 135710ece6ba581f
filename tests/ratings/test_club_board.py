"""A club's best current ratings, as its page ranks them: the same players, ratings and RDs as
every player's current rating read one by one, only the best of them."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from league.ratings.club_board import best_of_club
from league.ratings.models import PlayerRating, RatingPeriod
from league.ratings.selectors import ratings_for
from league.ratings.services.latest import keep_latest
from tests.factories import ClubFactory, PlayerFactory
from tests.ratings.builders import week

pytestmark = pytest.mark.django_db


def rate(player, rating: float, in_week: int, *, rd: float = 60.0, games: int = 3) -> None:
    period, _ = RatingPeriod.objects.get_or_create(
        club=player.club, starts_on=week(in_week),
        defaults={"system": "glicko2", "rated_unit": "game", "tau": 0.5})
    PlayerRating.objects.create(period=period, player=player, starts_on=week(in_week),
                                rating=rating, rd=rd, volatility=0.06, games=games,
                                total_games=games * (in_week + 1))
    keep_latest([player.pk])  # as the rebuild that writes a row keeps it


def reference(club, top: int):
    """Every player's current rating read one by one, the `top` best with those level with the
    last of them."""
    current = sorted(ratings_for(club.players.all()).values(), key=lambda r: -r.rating)
    if len(current) <= top:
        return current
    return [r for r in current if r.rating >= current[top - 1].rating]


def test_the_best_are_the_latest_rows_restored_and_counted():
    club = ClubFactory()
    fell = PlayerFactory(club=club, name="Fell")
    rate(fell, 1900, 0)
    rate(fell, 1400, 2)  # his latest row: 1400
    idle = PlayerFactory(club=club, name="Idle")
    rate(idle, 1700, 0)  # sat out weeks 1 and 2: his RD widens
    steady = PlayerFactory(club=club, name="Steady")
    rate(steady, 1600, 2)
    PlayerFactory(club=club, name="Unrated")
    rate(PlayerFactory(name="Elsewhere"), 2400, 2)  # another club's
    best, rated = best_of_club(club.pk, 2)
    assert rated == 3
    assert sorted((r.player_id, r.rating) for r in best) == [(idle.pk, 1700), (steady.pk, 1600)]
    widened = next(r for r in best if r.player_id == idle.pk)
    assert widened.idle_weeks == 2 and widened.rd > 60.0
    assert sorted(best, key=lambda r: -r.rating) == reference(club, 2)


def test_players_level_with_the_last_place_are_all_given():
    club = ClubFactory()
    for name, rating in (("Ann", 1700), ("Bea", 1650), ("Cid", 1650), ("Dot", 1500)):
        rate(PlayerFactory(club=club, name=name), rating, 0)
    best, rated = best_of_club(club.pk, 2)
    assert sorted(r.rating for r in best) == [1650, 1650, 1700] and rated == 4


def test_a_club_without_ratings_has_none():
    club = ClubFactory()
    PlayerFactory(club=club)
    assert best_of_club(club.pk, 20) == ([], 0)


@settings(max_examples=25, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(st.lists(st.lists(st.tuples(st.integers(0, 4), st.sampled_from([1450, 1500, 1600, 1710])),
                         max_size=3), min_size=1, max_size=8),
       st.integers(1, 5))
def test_the_board_agrees_with_every_current_rating(histories, top):
    club = ClubFactory()
    for history in histories:
        player = PlayerFactory(club=club)
        for in_week, rating in dict(history).items():
            rate(player, rating, in_week)
    best, rated = best_of_club(club.pk, top)
    expected = reference(club, top)
    assert rated == len(ratings_for(club.players.all()))
    assert sorted(best, key=lambda r: r.player_id) == sorted(expected, key=lambda r: r.player_id)


def test_the_club_page_leaves_out_a_rated_player_its_list_did_not_hold():
    from league.pages.selectors import club_page, club_ratings

    club = ClubFactory()
    listed, late = PlayerFactory(club=club, name="Listed"), PlayerFactory(club=club, name="Late")
    rate(listed, 1500, 0)
    page = club_page(club)
    rate(late, 1600, 0)  # rated after the page read its players
    page.player_list = [p for p in page.player_list if p.pk != late.pk]
    shown = club_ratings(page)
    assert [row.player.name for row in shown.top] == ["Listed"]
