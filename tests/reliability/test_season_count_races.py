"""Two whole counts of one season at the same instant (two workers, each with a burst of the
club's results, or the command beside a follow-up): the season ends with one row per player and
each moment once, as one count leaves it, and neither count fails. Whole counts of two seasons
of one club at once both write the club's all-time runs: they end as one count leaves them. In
real parallel threads (tests/reliability/conftest.py), on PostgreSQL."""

from __future__ import annotations

import pytest

from league.stats.models import AllTimeRuns, NotableMoment, PlayerSeasonSummary
from league.stats.season_count import count_season
from tests.factories import SeasonFactory
from tests.formats.builders import Club
from tests.services.test_statistics import ANN_BEATS_P02, P03_SHUTS_ANN_OUT, match_of, play

from .conftest import at_once, postgres_only

pytestmark = [*postgres_only, pytest.mark.django_db(transaction=True)]

REPEATS = 6


def stored(season) -> tuple[list, list]:
    rows = sorted(PlayerSeasonSummary.objects.filter(season=season)
                  .values_list("player_id", "matches", "hands", "points"))
    columns = [f.attname for f in NotableMoment._meta.concrete_fields if f.attname != "id"]
    return rows, sorted(NotableMoment.objects.filter(season=season).values_list(*columns))


@pytest.fixture
def club():
    """A club of four whose league has two results: Ann beats P02, P03 shuts Ann out."""
    club = Club(4)
    club.league = club.competition("league")
    play(match_of(club.league, club, 1, 2), ANN_BEATS_P02)
    play(match_of(club.league, club, 1, 3), P03_SHUTS_ANN_OUT)
    return club


@pytest.mark.parametrize("repeat", range(REPEATS))
def test_two_whole_counts_of_a_season_at_once_leave_what_one_count_leaves(club, repeat):
    count_season(club.season)
    once = stored(club.season)
    assert once[0] and once[1]  # rows and moments to count again
    at_once(lambda: count_season(club.season), lambda: count_season(club.season))
    assert stored(club.season) == once


def runs_of(club) -> list[tuple]:
    return sorted(AllTimeRuns.objects.filter(club=club)
                  .values_list("player_id", "winning_run", "unbeaten_run"))


@pytest.mark.parametrize("repeat", range(REPEATS))
def test_whole_counts_of_two_seasons_of_a_club_at_once_leave_its_runs_as_one_count(club,
                                                                                 repeat):
    first = club.season
    club.season = SeasonFactory(club=club.club)  # the next season: one more result
    play(match_of(club.competition("league"), club, 2, 4), ANN_BEATS_P02)
    second = club.season
    count_season(first)
    runs = runs_of(club.club)
    assert len(runs) == 4  # every player has a counted match
    at_once(lambda: count_season(first), lambda: count_season(second))
    assert runs_of(club.club) == runs
