"""Each player's latest rating row, kept beside the rows by every rebuild that writes them: after
any rebuild it is what the rows themselves say (his latest week's rating, that week's system and
whether it is still open), and a player left without a row keeps none."""

import importlib

import pytest
from django.apps import apps
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from league.clubs.models import Club
from league.competitions.models import Match
from league.ratings.club_board import best_of_club
from league.ratings.models import LatestRating, PlayerRating, RatingPeriod
from league.ratings.services import close_rating_periods, rate_confirmed_result, rebuild_ratings
from tests.ratings.builders import after, during, league, played, week

pytestmark = pytest.mark.django_db

KEPT = ("player_id", "club_id", "starts_on", "system", "is_open", "rating", "rd", "volatility",
        "games", "total_games")


def kept(club) -> list[tuple]:
    return list(LatestRating.objects.filter(club=club).order_by("player_id").values_list(*KEPT))


def from_the_rows(club) -> list[tuple]:
    """Each rated player's latest row read from his whole history, as the kept row must say."""
    latest: dict[int, tuple] = {}
    rows = PlayerRating.objects.filter(period__club=club).order_by("player_id", "starts_on")
    for row in rows.values_list("player_id", "period__club_id", "starts_on", "period__system",
                                "period__is_open", "rating", "rd", "volatility", "games",
                                "total_games"):
        latest[row[0]] = row
    return [latest[player] for player in sorted(latest)]


def club_of(entry):
    return entry.competition.season.club


def test_each_player_keeps_his_latest_week_after_the_weekly_close():
    _, (a, b, c) = league(3)
    played(a, b, "AA", in_week=0)
    played(a, c, "BB", in_week=1)
    close_rating_periods(now=after(1))
    latest = {row[0]: row for row in kept(club_of(a))}
    assert kept(club_of(a)) == from_the_rows(club_of(a))
    assert latest[b.player_id][2] == week(0)  # sat out week 1: his week-0 row
    assert latest[a.player_id][2] == latest[c.player_id][2] == week(1)


def test_a_result_of_an_open_week_is_kept_open_until_the_week_closes():
    _, (a, b) = league(2)
    played(a, b, "AA", in_week=0)
    close_rating_periods(now=after(0))
    rate_confirmed_result(played(a, b, "BB", in_week=1).pk, now=during(1))
    assert {row[2:5] for row in kept(club_of(a))} == {(week(1), "glicko2", True)}
    close_rating_periods(now=after(1))
    assert {row[2:5] for row in kept(club_of(a))} == {(week(1), "glicko2", False)}
    assert kept(club_of(a)) == from_the_rows(club_of(a))


def test_a_player_whose_only_result_is_voided_keeps_no_row():
    _, (a, b, c, d) = league(4)
    played(a, b, "AA", in_week=0)
    voided = played(c, d, "AB", in_week=1)
    close_rating_periods(now=after(1))
    assert {row[0] for row in kept(club_of(a))} == {p.player_id for p in (a, b, c, d)}
    Match.objects.filter(pk=voided.pk).update(status=Match.Status.VOID)
    rebuild_ratings(club_of(a).pk, since=week(1), now=after(1))
    assert {row[0] for row in kept(club_of(a))} == {a.player_id, b.player_id}
    assert kept(club_of(a)) == from_the_rows(club_of(a))


def test_a_change_of_rating_system_keeps_the_new_systems_rows():
    _, (a, b) = league(2)
    played(a, b, "AA", in_week=0)
    close_rating_periods(now=after(0))
    Club.objects.filter(pk=club_of(a).pk).update(rating_system=Club.RatingSystem.ELO)
    close_rating_periods(now=after(0))
    assert {(row[3], row[6]) for row in kept(club_of(a))} == {("elo", None)}
    assert kept(club_of(a)) == from_the_rows(club_of(a))


def test_another_clubs_rebuild_leaves_a_clubs_kept_rows_alone():
    _, (a, b) = league(2)
    _, (x, y) = league(2)
    played(a, b, "AA", in_week=0)
    played(x, y, "AB", in_week=0)
    close_rating_periods(now=after(0))
    before = kept(club_of(a))
    rebuild_ratings(club_of(x).pk, since=None, now=after(0))
    assert kept(club_of(a)) == before and len(kept(club_of(x))) == 2


@settings(max_examples=20, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(st.lists(st.tuples(st.integers(0, 3), st.integers(0, 3), st.sampled_from(["AA", "BB",
                                                                                  "AB"]),
                          st.integers(0, 3)), min_size=1, max_size=8),
       st.integers(0, 4), st.data())
def test_any_rebuild_keeps_what_the_rows_say(results, since, data):
    _, entries = league(4)
    matches = [played(entries[i], entries[j], seats, in_week=w)
               for i, j, seats, w in results if i != j]
    close_rating_periods(now=after(3))
    if matches:  # a result taken back, then the club rebuilt from some week on
        taken = data.draw(st.sampled_from(matches))
        Match.objects.filter(pk=taken.pk).update(status=Match.Status.VOID)
    rebuild_ratings(club_of(entries[0]).pk, since=week(since), now=after(3))
    club = club_of(entries[0])
    assert kept(club) == from_the_rows(club)
    best, rated = best_of_club(club.pk, 4)
    assert rated == len(from_the_rows(club)) == len(best)


def test_the_migration_keeps_the_rows_written_before_the_table_existed():
    _, (a, b, c) = league(3)
    played(a, b, "AA", in_week=0)
    played(b, c, "AB", in_week=2)
    close_rating_periods(now=after(2))
    club = club_of(a)
    expected = kept(club)
    LatestRating.objects.all().delete()
    migration = importlib.import_module("league.ratings.migrations.0002_latest_rating")
    migration.keep_every_latest_row(apps, None)
    assert kept(club) == expected == from_the_rows(club)
    assert RatingPeriod.objects.filter(club=club).count() == 3
