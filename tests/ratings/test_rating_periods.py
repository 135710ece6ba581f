"""Rating periods (ISO weeks) and one week's rating step, without the database."""

from datetime import date, datetime

import pytest

from league.clubs.models import Club
from league.ratings.algorithms import DEFAULT_RD, Glicko2, RatedResult, RatedUnit, rate_period
from league.ratings.periods import (
    RatingSettings,
    idle,
    last_closed_week,
    rate_week,
    week_of,
    weeks,
)
from league.ratings.services.results import week_of_moment

GLICKO2 = RatingSettings(Club.RatingSystem.GLICKO2, RatedUnit.GAME, tau=0.5)
ELO = RatingSettings(Club.RatingSystem.ELO, RatedUnit.GAME, k=20.0)


def test_week_runs_monday_to_sunday():
    assert week_of(date(2025, 1, 6)) == date(2025, 1, 6)
    assert week_of(date(2025, 1, 12)) == date(2025, 1, 6)
    assert week_of(date(2025, 1, 13)) == date(2025, 1, 13)


def test_last_closed_week_is_the_one_before_today():
    assert last_closed_week(date(2025, 1, 13)) == date(2025, 1, 6)
    assert last_closed_week(date(2025, 1, 19)) == date(2025, 1, 6)


def test_weeks_lists_every_monday_between():
    assert weeks(date(2025, 1, 6), date(2025, 1, 20)) == [
        date(2025, 1, 6), date(2025, 1, 13), date(2025, 1, 20),
    ]


def test_week_of_a_moment_is_taken_in_the_site_time_zone(settings):
    settings.TIME_ZONE = "Europe/Amsterdam"
    sunday_night_utc = datetime.fromisoformat("2025-01-12T23:30:00+00:00")  # Monday 00:30 there
    assert week_of_moment(sunday_night_utc) == date(2025, 1, 13)


def test_idle_weeks_widen_rd_as_rate_period_does_for_players_who_sat_out():
    table = rate_period({}, [("a", "b", 1.0), ("c", "b", 0.0)])
    rested = table["a"]
    for _ in range(3):
        table = rate_period(table, [("b", "c", 1.0)])
    assert idle(rested, 3) == table["a"]
    assert idle(rested, 3).rating == rested.rating and idle(rested, 3).rd > rested.rd


def test_idle_rd_stops_at_its_cap():
    assert idle(Glicko2(1500.0, 349.0, 0.06), 10_000).rd == pytest.approx(DEFAULT_RD)


def test_week_rates_glicko2_and_counts_games_of_players_who_played():
    results = [RatedResult(1, 2, 1.0), RatedResult(1, 2, 0.0), RatedResult(1, 3, 1.0)]
    before = {4: Glicko2(1600.0, 80.0, 0.06)}
    after, totals, standings = rate_week(before, {4: 12, 1: 3}, results, GLICKO2)
    assert after == rate_period(before, results)
    assert totals == {4: 12, 1: 6, 2: 2, 3: 1}
    assert [(s.player, s.games, s.total_games) for s in standings] == [(1, 3, 6), (2, 2, 2),
                                                                     (3, 1, 1)]
    assert standings[0].rating == after[1].rating and standings[0].rd == after[1].rd


def test_week_rates_elo_without_rd():
    _, _, standings = rate_week({}, {}, [RatedResult(1, 2, 1.0)], ELO)
    assert [(s.rating > 1500, s.rd, s.volatility) for s in standings] == [
        (True, None, None), (False, None, None),
    ]


def test_settings_follow_the_club():
    club = Club(rating_system="elo", rated_unit="match", elo_k=32, glicko2_tau=0.7)
    assert RatingSettings.of(club) == RatingSettings(Club.RatingSystem.ELO, RatedUnit.MATCH,
                                                     k=32.0)
