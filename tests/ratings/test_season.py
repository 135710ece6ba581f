"""A season rated week by week, with late confirmations and corrections, ends exactly where a
recomputation from scratch does."""

import random

import pytest

from league.clubs.models import Club
from league.competitions.models import Match
from league.competitions.results.services import correct_result
from league.ratings.services import close_rating_periods, rate_confirmed_result, recompute_ratings
from tests.factories import UserFactory
from tests.ratings.builders import after, confirm, during, league, played, snapshot, week

pytestmark = pytest.mark.django_db

WEEKS = 10
CORRECTION_WEEKS = (4, 7, 9)


def first_to_two(rng):
    seats = ""
    while max(seats.count("A"), seats.count("B")) < 2:
        seats += rng.choice("AB")
    return seats


class Season:
    """Plays the weeks in order, confirming some results late and correcting a few."""

    def __init__(self, entries, rng, organizer):
        self.entries, self.rng, self.organizer = entries, rng, organizer
        self.late: dict[int, list[Match]] = {}
        self.confirmed: list[Match] = []
        self.rerated_from: list = []  # (week of the rerating, first week rebuilt)

    def play_week(self, n):
        for _ in range(self.rng.randint(5, 8)):
            a, b = self.rng.sample(self.entries, 2)
            if self.rng.random() < 0.25:
                match = played(a, b, first_to_two(self.rng), in_week=n,
                               status=Match.Status.REPORTED)
                self.late.setdefault(n + self.rng.randint(1, 3), []).append(match)
            else:
                self.confirmed.append(played(a, b, first_to_two(self.rng), in_week=n))
        for match in self.late.pop(n, []):
            confirm(match, n)
            self.confirmed.append(match)
            self.rerate(match, n)
        if n in CORRECTION_WEEKS:
            self.correct(self.rng.choice(self.confirmed[:-5]), n)
        close_rating_periods(now=after(n))

    def correct(self, match, n):
        walkover = self.rng.random() < 0.3
        winner = "B" if match.winner_id == match.entry_a_id else "A"
        games = (2, 0) if winner == "A" else (0, 2)
        correct_result(match.pk, actor=self.organizer, winner=winner, games_a=games[0],
                       games_b=games[1], kind=Match.Kind.WALKOVER if walkover else Match.Kind.PLAYED,
                       comment="Corrected by the organizer.", overrides_games=True)
        self.rerate(match, n)

    def rerate(self, match, n):
        run = rate_confirmed_result(match.pk, now=during(n))
        if run.periods:
            self.rerated_from.append((n, run.first))


@pytest.mark.parametrize(
    "club_settings",
    [
        {},
        {"rating_system": Club.RatingSystem.ELO, "elo_k": 24},
        {"rated_unit": Club.RatedUnit.MATCH, "glicko2_tau": 0.8},
    ],
    ids=["glicko2-games", "elo-games", "glicko2-matches"],
)
def test_season_rated_incrementally_equals_recomputation_from_scratch(club_settings):
    competition, entries = league(12, **club_settings)
    club = competition.season.club
    organizer = UserFactory()
    club.organizers.add(organizer)
    season = Season(entries, random.Random(6), organizer)
    for n in range(WEEKS):
        season.play_week(n)
    incremental = snapshot(club)
    assert [p[0] for p in incremental[0]] == [week(n) for n in range(WEEKS)]
    assert len(incremental[1]) > 5 * WEEKS
    assert any(first < week(n - 1) for n, first in season.rerated_from)  # several weeks
    run = recompute_ratings(club, now=after(WEEKS - 1))
    assert run.from_scratch
    assert snapshot(club) == incremental
