"""The work that follows a confirmed result, run twice or killed half-way and retried, leaves
the same rows as one clean run. The tasks run in-process here; the real
worker killed mid-task is tests/reliability/test_worker.py."""

from __future__ import annotations

import pytest

from league.competitions.formats import progression
from league.competitions.models import Competition, Match
from league.competitions.tasks import result_confirmed
from league.ratings.models import PlayerRating, RatingPeriod
from league.ratings.services import recompute_ratings
from league.ratings.tasks import rate_confirmed_result
from tests.ratings.builders import league, played, week

from .state import rated_season, rows

pytestmark = pytest.mark.django_db


class WorkerKilled(Exception):
    """Stands for the worker process dying at this point of the task."""


def finished_league():
    """A running league whose every match is confirmed: its follow-up finishes it."""
    competition, entries = league(4)
    for a, b in ((0, 1), (2, 3), (0, 2)):
        played(entries[a], entries[b], "AA", in_week=1)
    return competition, competition.matches.last()


def test_the_rating_task_run_twice_leaves_what_one_clean_run_does():
    club, late = rated_season()
    before = rows(club)
    rate_confirmed_result.apply(args=[late.pk], throw=True)
    once = rows(club)
    assert once != before  # the late result is rated
    rate_confirmed_result.apply(args=[late.pk], throw=True)
    assert rows(club) == once
    recompute_ratings(club)
    assert rows(club) == once


def test_the_rating_task_killed_half_way_leaves_nothing_and_its_retry_equals_a_clean_run(monkeypatch):
    club, late = rated_season()
    before = rows(club)

    def killed(*args, **kwargs):
        # Half-way: the ratings from week 2 on are deleted, the new periods written, and the
        # worker dies before the players' ratings are.
        assert not PlayerRating.objects.filter(period__club=club, starts_on__gte=week(2)).exists()
        assert RatingPeriod.objects.filter(club=club, starts_on__gte=week(2)).exists()
        raise WorkerKilled

    with monkeypatch.context() as patch:
        patch.setattr(PlayerRating.objects, "bulk_create", killed)
        with pytest.raises(WorkerKilled):
            rate_confirmed_result.apply(args=[late.pk], throw=True)
    assert rows(club) == before  # the transaction left nothing behind
    rate_confirmed_result.apply(args=[late.pk], throw=True)
    retried = rows(club)
    assert retried != before
    recompute_ratings(club)
    assert rows(club) == retried


def test_the_progression_task_run_twice_leaves_what_one_run_does():
    competition, last = finished_league()
    result_confirmed.apply(args=[last.pk], throw=True)
    once = rows(competition.season.club)
    assert once["Competition"][0]["status"] == Competition.Status.FINISHED
    result_confirmed.apply(args=[last.pk], throw=True)
    assert rows(competition.season.club) == once


def test_the_progression_task_killed_half_way_leaves_nothing_and_its_retry_completes(monkeypatch):
    competition, last = finished_league()
    club = competition.season.club
    before = rows(club)
    finish = progression._finish_if_complete

    def killed(competition: Competition) -> None:
        finish(competition)  # the competition is saved as finished, in the transaction
        assert Competition.objects.get(pk=competition.pk).status == Competition.Status.FINISHED
        raise WorkerKilled

    with monkeypatch.context() as patch:
        patch.setattr(progression, "_finish_if_complete", killed)
        with pytest.raises(WorkerKilled):
            result_confirmed.apply(args=[last.pk], throw=True)
    assert rows(club) == before
    result_confirmed.apply(args=[last.pk], throw=True)
    retried = rows(club)
    assert retried["Competition"][0]["status"] == Competition.Status.FINISHED
    result_confirmed.apply(args=[last.pk], throw=True)
    assert rows(club) == retried


def test_a_task_for_a_match_deleted_since_changes_nothing():
    club, _ = rated_season()
    before = rows(club)
    missing = Match.objects.order_by("-pk").first().pk + 1000
    result_confirmed.apply(args=[missing], throw=True)
    rate_confirmed_result.apply(args=[missing], throw=True)
    assert rows(club) == before
