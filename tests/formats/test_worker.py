"""The same progression on a real Celery worker and broker (CI: Redis, in its PostgreSQL pass):
each confirmation commits, the task goes through the broker, and the test waits for the worker's
work by polling the database. Skipped without CELERY_TEST_BROKER_URL."""

import pytest

from league.competitions.models import Competition, Match
from league.competitions.standings.services import competition_standings
from tests.formats.builders import Club, better_seed, by_key, scheduled, wait_for, win

pytestmark = [pytest.mark.worker, pytest.mark.django_db(transaction=True)]


def play_through_the_worker(competition: Competition) -> int:
    """Confirm every scheduled match, then wait for the worker to open the next ones."""
    played = 0
    while True:
        batch = scheduled(competition)
        for match in batch:
            win(match, better_seed(match))
            played += 1
        if wait_for(lambda: _finished(competition) or scheduled(competition),
                    what="the next matches or the end of the competition") is True:
            return played


def _finished(competition: Competition) -> bool:
    competition.refresh_from_db(fields=["status"])
    return competition.status == Competition.Status.FINISHED


def test_a_knockout_of_eight_is_moved_on_by_the_worker(celery_worker_live):
    competition = Club(8).competition(Competition.Format.SINGLE_ELIMINATION)
    assert play_through_the_worker(competition) == 7
    final = by_key(competition)["W3-0"]
    assert final.winner.seed == 1 and final.entry_b.seed == 2


def test_a_five_round_swiss_is_paired_by_the_worker(celery_worker_live):
    competition = Club(8).competition(Competition.Format.SWISS, swiss_rounds=5)
    assert play_through_the_worker(competition) == 20
    assert competition.rounds.count() == 5
    met = [frozenset((m.entry_a_id, m.entry_b_id)) for m in competition.matches.all()]
    assert len(set(met)) == 20
    assert competition_standings(competition).rows[0].won == 5


def test_the_worker_rates_and_progresses_every_confirmation_once(celery_worker_live):
    competition = Club(2).competition(Competition.Format.LEAGUE)
    [match] = scheduled(competition)
    win(match, "A")
    wait_for(lambda: _finished(competition), what="the league to finish")
    assert Match.objects.get(pk=match.pk).status == Match.Status.CONFIRMED
