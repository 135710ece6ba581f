"""The periodic work on the embedded default (no broker: tasks in-process): run_periodic runs the
entries of CELERY_BEAT_SCHEDULE itself, each when Celery's schedule says it is due."""

import logging
from datetime import timedelta

import pytest
from django.conf import settings
from django.core.management import call_command
from django.utils import timezone

from league.celery import app as celery_app
from league.competitions.base.played import record_played_at
from league.competitions.models import Match
from league.core.periodic import due, run_due
from league.games.models import Game
from league.ratings.models import RatingPeriod
from tests.ratings.builders import league, played

pytestmark = pytest.mark.django_db


def test_the_embedded_default_has_no_broker_and_runs_tasks_in_process():
    assert settings.CELERY_BROKER_URL.startswith("memory://") and settings.CELERY_TASK_ALWAYS_EAGER


def test_a_task_run_in_process_leaves_no_broker_warning_in_the_console(caplog):
    """An eager task is handed to a producer, whose pool opens a connection the way this does."""
    with caplog.at_level(logging.WARNING):
        celery_app.connection_for_write().info()
    assert not caplog.records, caplog.text


def a_result_of_a_week_ago_not_rated():
    _, (a, b) = league(2)
    match = played(a, b, "AA", in_week=0)
    # Seven days before now is always in the week before this one (eight days before a Monday
    # morning would be two weeks back, and the schedule would close two weeks).
    a_week_ago = timezone.now() - timedelta(days=7)
    Game.objects.filter(match=match).update(created_at=a_week_ago)
    Match.objects.filter(pk=match.pk).update(confirmed_at=a_week_ago)
    record_played_at(match)  # as the confirmation stores it
    return a.competition.season.club


def test_one_run_of_the_embedded_schedule_closes_the_rating_period():
    club = a_result_of_a_week_ago_not_rated()
    assert not RatingPeriod.objects.filter(club=club).exists()
    done = run_due({})
    assert set(done) == set(settings.CELERY_BEAT_SCHEDULE)
    closed = RatingPeriod.objects.filter(club=club, is_open=False)
    assert closed.exists() and closed.get().results == 2
    assert any("rated 1 weeks" in line for line in done["close-rating-periods"])


def test_an_entry_runs_again_only_when_its_interval_has_passed():
    last_runs: dict = {}
    now = timezone.now()
    run_due(last_runs, now)
    assert due(last_runs, now + timedelta(seconds=1)) == []
    assert due(last_runs, now + timedelta(seconds=16)) == ["relay-follow-ups"]
    assert set(due(last_runs, now + timedelta(hours=1, seconds=1))) == set(
        settings.CELERY_BEAT_SCHEDULE)


def test_run_periodic_once_from_the_command_line(capsys):
    club = a_result_of_a_week_ago_not_rated()
    call_command("run_periodic", "--once")
    out = capsys.readouterr().out
    assert "close-rating-periods:" in out and "relay-follow-ups:" in out
    assert RatingPeriod.objects.filter(club=club).exists()
