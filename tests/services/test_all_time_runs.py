"""A player's longest runs over all his club's seasons: a run crosses from one season into the
next, so his all-time runs are not his season rows' runs added up. They are kept by the
statistics follow-up with his season row, and the club's all-time records read them; a whole
season counted again, and the migration's fill, give the same rows."""

from __future__ import annotations

import importlib
from itertools import groupby

import pytest
from django.apps import apps
from hypothesis import given
from hypothesis import strategies as st

from league.competitions.models import Competition
from league.stats.all_time import DRAWN, LOST, WON, club_runs, longest_runs
from league.stats.counted import counted_matches
from league.stats.models import AllTimeRuns, PlayerSeasonSummary
from league.stats.records import club_records
from league.stats.runs import _longest
from league.stats.summaries import refresh_season
from tests.services import test_statistics_summaries as summaries
from tests.services.test_statistics import P03_SHUTS_ANN_OUT, play

pytestmark = [pytest.mark.django_db, pytest.mark.follow_ups]

# The first season of the statistics tests: Ann beats P02, P03 shuts her out, P04 does not come.
club, league, season_played = summaries.club, summaries.league, summaries.season_played


def longest_streak(outcomes: list[str], kept: set[str]) -> int:
    return max((len(list(run)) for is_kept, run in groupby(outcomes, lambda o: o in kept)
                if is_kept), default=0)


@given(st.lists(st.sampled_from([WON, DRAWN, LOST]), max_size=40))
def test_the_longest_runs_are_the_longest_streaks_of_wins_and_of_no_losses(outcomes):
    assert longest_runs(outcomes) == (longest_streak(outcomes, {WON}),
                                      longest_streak(outcomes, {WON, DRAWN}))


def test_no_match_is_no_run():
    assert longest_runs([]) == (0, 0)


def a_second_season_p03_beats_ann_again(club):
    """A later season whose league P03 wins from Ann (P01), as he did in the first season."""
    from league.competitions.formats.competitions import create_competition, register_players
    from league.competitions.formats.draws import start_competition
    from tests.factories import SeasonFactory

    later = SeasonFactory(club=club.club, name="Spring")
    spring = create_competition(later, actor=club.organizer, name="Spring league",
                                format=Competition.Format.LEAGUE)
    register_players(spring, [club.players[0], club.players[2]], actor=club.organizer)
    spring = start_competition(spring.pk, actor=club.organizer, seeding="entered")
    play(spring.matches.select_related("entry_a__player__user", "entry_b__player__user").get(),
         P03_SHUTS_ANN_OUT)
    return later


def kept(club) -> dict[str, tuple[int, int]]:
    return {name: (w, u) for name, w, u in AllTimeRuns.objects.filter(club=club.club)
            .values_list("player__name", "winning_run", "unbeaten_run")}


def test_a_run_crossing_into_the_next_season_is_one_run_all_time(club, season_played):
    later = a_second_season_p03_beats_ann_again(club)
    p03 = club.players[2]
    seasons = PlayerSeasonSummary.objects.filter(player=p03).values_list("winning_run", flat=True)
    assert sorted(seasons) == [1, 1]  # one win in each season
    # Ann: won, lost (a no-show in between is no match), then lost again; P02 lost to her.
    assert kept(club) == {"P01": (1, 1), "P02": (0, 0), "P03": (2, 2)}
    # The database's count of the club's runs over all its matches says the same.
    matches = counted_matches(club.club.pk)
    assert {keep: {name: n for _, name, n in _longest(matches, matches, keep, 10)}
            for keep in (("won",), ("won", "drawn"))} == {
        ("won",): {"P03": 2, "P01": 1}, ("won", "drawn"): {"P03": 2, "P01": 1}}
    assert [(r.player_name, r.length) for r in club_records(club.club, None).unbeaten] == [
        ("P03", 2), ("P01", 1)]
    assert [(r.player_name, r.length) for r in club_records(club.club, later).unbeaten] == [
        ("P03", 1)]


def test_a_player_without_a_counted_match_keeps_no_row(club, season_played):
    # P04 did not come to his one match: a result without play counts no run.
    assert "P04" not in kept(club)


def test_a_whole_season_counted_again_gives_the_same_rows(club, season_played):
    a_second_season_p03_beats_ann_again(club)
    by_follow_up = kept(club)
    AllTimeRuns.objects.all().delete()
    refresh_season(club.season)
    assert kept(club) == by_follow_up
    assert {r.player_id for r in club_runs(club.club.pk)} == set(
        AllTimeRuns.objects.values_list("player_id", flat=True))


def test_the_migration_counts_the_rows_of_results_confirmed_before_it(club, season_played):
    a_second_season_p03_beats_ann_again(club)
    by_follow_up = kept(club)
    AllTimeRuns.objects.all().delete()
    migration = importlib.import_module("league.stats.migrations.0005_all_time_runs")
    migration.count_every_players_runs(apps, None)
    assert kept(club) == by_follow_up
