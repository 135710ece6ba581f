"""Reads of the ratings for pages: current ratings, history, win chances, fixed query counts."""

import itertools

import pytest

from league.clubs.models import Club
from league.ratings.algorithms import Elo, Glicko2, elo_expected_score, win_probability
from league.ratings.periods import idle
from league.ratings.selectors import player_rating, rating_history, ratings_for
from league.ratings.selectors import win_probability as match_chances
from league.ratings.services import close_rating_periods
from tests.factories import MatchFactory
from tests.ratings.builders import after, league, played, week

pytestmark = pytest.mark.django_db


def round_robin(entries, in_week):
    for a, b in itertools.combinations(entries, 2):
        played(a, b, "AB", in_week=in_week)


def stored(player, in_week):
    return player.ratings.get(starts_on=week(in_week))


def test_current_rating_is_the_latest_row():
    _, (a, b) = league(2)
    played(a, b, "AA", in_week=0)
    played(a, b, "AB", in_week=1)
    close_rating_periods(now=after(1))
    current = player_rating(a.player)
    row = stored(a.player, 1)
    assert (current.rating, current.rd, current.total_games) == (row.rating, row.rd, 4)
    assert (current.as_of, current.idle_weeks) == (week(1), 0)


def test_current_rating_widens_rd_for_each_idle_week():
    _, (a, b, c) = league(3)
    played(a, b, "AA", in_week=0)
    played(b, c, "AB", in_week=1)
    played(b, c, "BB", in_week=2)
    close_rating_periods(now=after(2))
    row = stored(a.player, 0)
    current = player_rating(a.player)
    widened = idle(Glicko2(row.rating, row.rd, row.volatility), 2)
    assert current.idle_weeks == 2
    assert current.rating == row.rating
    assert current.rd == widened.rd > row.rd


def test_player_without_rated_games_has_no_rating():
    _, (a, b, c) = league(3)
    played(a, b, "AA", in_week=0)
    close_rating_periods(now=after(0))
    assert player_rating(c.player) is None
    assert set(ratings_for([a.player, b.player, c.player])) == {a.player_id, b.player_id}


def test_glicko2_rating_is_provisional_while_rd_is_high_or_games_few():
    _, entries = league(7)
    regulars, newcomer = entries[:6], entries[6]
    round_robin(regulars, 0)
    close_rating_periods(now=after(0))
    first = player_rating(regulars[0].player)
    assert first.total_games == 10 and first.rd > 110 and first.provisional
    round_robin(regulars, 1)
    played(newcomer, regulars[0], "AB", in_week=1)
    close_rating_periods(now=after(1))
    settled = player_rating(regulars[1].player)
    assert settled.rd <= 110 and not settled.provisional
    assert player_rating(newcomer.player).provisional  # two games


def test_elo_rating_is_provisional_for_twenty_games():
    _, (a, b) = league(2, rating_system=Club.RatingSystem.ELO)
    for _ in range(9):
        played(a, b, "AB", in_week=0)
    played(a, b, "AA", in_week=1)
    close_rating_periods(now=after(0))
    assert player_rating(a.player).provisional  # 18 games
    close_rating_periods(now=after(1))
    current = player_rating(a.player)
    assert (current.total_games, current.provisional, current.rd) == (20, False, None)


def test_rating_history_has_a_point_per_week_played():
    _, (a, b, c) = league(3)
    played(a, b, "AA", in_week=0)
    played(b, c, "AA", in_week=1)
    played(a, c, "BA", in_week=2)
    close_rating_periods(now=after(2))
    history = rating_history(a.player)
    assert [p.week for p in history] == [week(0), week(2)]
    assert [p.rating for p in history] == [stored(a.player, n).rating for n in (0, 2)]
    assert [p.total_games for p in history] == [2, 4]


def test_win_probability_from_glicko2_ratings():
    competition, (a, b) = league(2)
    played(a, b, "AA", in_week=0)
    close_rating_periods(now=after(0))
    match = MatchFactory(competition=competition, round=competition.rounds.first(),
                         entry_a=a, entry_b=b)
    chances = match_chances(match)
    current = ratings_for([a.player, b.player])
    expected = win_probability(current[a.player_id].for_algorithm(),
                               current[b.player_id].for_algorithm())
    assert chances.chance_a == expected > 0.5
    assert chances.percent_a + chances.percent_b == 100
    assert chances.provisional


def test_win_probability_from_elo_ratings():
    competition, (a, b) = league(2, rating_system=Club.RatingSystem.ELO)
    played(a, b, "BB", in_week=0)
    close_rating_periods(now=after(0))
    match = MatchFactory(competition=competition, round=competition.rounds.first(),
                         entry_a=a, entry_b=b)
    current = ratings_for([a.player, b.player])
    expected = elo_expected_score(Elo(current[a.player_id].rating),
                                  Elo(current[b.player_id].rating))
    assert match_chances(match).chance_a == expected < 0.5


def test_win_probability_of_new_players_is_even():
    competition, (a, b) = league(2)
    match = MatchFactory(competition=competition, round=competition.rounds.first(),
                         entry_a=a, entry_b=b)
    chances = match_chances(match.pk)
    assert (chances.chance_a, chances.provisional) == (0.5, True)


def test_win_probability_needs_both_players():
    competition, (a,) = league(1)
    match = MatchFactory(competition=competition, round=competition.rounds.first(),
                         entry_a=a, entry_b=None)
    assert match_chances(match) is None


def test_selectors_query_counts_stay_fixed_as_history_grows(django_assert_num_queries):
    competition, entries = league(4)
    match = MatchFactory(competition=competition, round=competition.rounds.first(),
                         entry_a=entries[0], entry_b=entries[1])
    players = [e.player for e in entries]
    for weeks in (range(1), range(1, 6)):
        for n in weeks:
            round_robin(entries, n)
        close_rating_periods(now=after(weeks[-1]))
        with django_assert_num_queries(1):
            assert len(ratings_for(players)) == 4
        with django_assert_num_queries(1):
            assert player_rating(players[0]) is not None
        with django_assert_num_queries(1):
            assert len(rating_history(players[0])) == weeks[-1] + 1
        with django_assert_num_queries(2):
            assert match_chances(match) is not None
