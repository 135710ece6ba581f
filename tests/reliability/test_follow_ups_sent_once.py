"""Follow-up work queued for workers that are down or slow is not sent again until it has waited
long enough to be lost; a task whose row is done returns at once; the retries of a task span a
database restart."""

from __future__ import annotations

from datetime import timedelta

import pytest
from celery.utils.time import get_exponential_backoff_interval
from django.conf import settings
from django.utils import timezone

from league.competitions.base import outbox
from league.competitions.formats import progression
from league.competitions.models import FollowUp
from league.competitions.results.services import confirm_result
from league.competitions.tasks import result_confirmed
from league.ratings import services as rating_services
from league.ratings.tasks import rate_again_from, rate_confirmed_result
from tests.formats.builders import committed

from .test_follow_ups import reported_first_match

pytestmark = pytest.mark.django_db


def queued(signature) -> None:
    """The broker takes the message; no worker runs it (the workers are down)."""


def confirmed_with_workers_down(monkeypatch):
    _, match = reported_first_match()
    monkeypatch.setattr(outbox, "publish", queued)
    with committed():
        confirm_result(match.pk, actor=match.entry_b.player.user)
    return FollowUp.objects.filter(match=match)


def test_work_queued_while_the_workers_are_down_two_minutes_is_not_sent_again(monkeypatch):
    rows = confirmed_with_workers_down(monkeypatch)
    now = timezone.now()
    for seconds in range(15, 150, 15):  # the relay every 15 s for two and a half minutes
        assert outbox.relay(now=now + timedelta(seconds=seconds)) == 0
    assert set(rows.values_list("attempts", flat=True)) == {1}


def test_work_taken_by_no_worker_is_sent_again_after_a_wait_that_doubles_up_to_the_visibility_timeout(
    monkeypatch,
):
    rows = confirmed_with_workers_down(monkeypatch)
    now = timezone.now()
    # Lost, or queued far too long: the progression, the rating and the statistics.
    assert outbox.relay(now=now + outbox.QUEUED_WAIT) == 3
    later = now + outbox.QUEUED_WAIT
    assert outbox.relay(now=later + outbox.QUEUED_WAIT) == 0  # the second wait is twice as long
    assert outbox.relay(now=later + 2 * outbox.QUEUED_WAIT) == 3
    visibility = timedelta(seconds=settings.CELERY_BROKER_TRANSPORT_OPTIONS["visibility_timeout"])
    assert outbox.queued_wait(10) == visibility
    assert set(rows.values_list("attempts", flat=True)) == {3}


def test_work_a_worker_took_and_did_not_finish_is_sent_again_after_the_short_wait(monkeypatch):
    rows = confirmed_with_workers_down(monkeypatch)
    row = rows.get(kind=FollowUp.Kind.PROGRESS)
    assert outbox.take(row.pk) is True  # its worker began, then died
    now = timezone.now()
    assert outbox.relay(now=now + outbox.RESEND_AFTER) == 1
    row.refresh_from_db()
    assert row.attempts == 2 and row.taken_at is None


def test_a_task_whose_follow_up_is_done_returns_at_once_without_doing_the_work(monkeypatch):
    rows = confirmed_with_workers_down(monkeypatch)
    match_id = rows.first().match_id
    for row in rows:
        outbox.mark_done(row.pk)
    done = FollowUp.objects.create(kind=FollowUp.Kind.RATE_AGAIN, competition_id=rows[0]
                                   .competition_id, rate_from=timezone.now(),
                                   done_at=timezone.now())

    def ran(*args, **kwargs):
        raise AssertionError("the work of a done follow-up ran again")

    monkeypatch.setattr(progression, "follow_up_confirmed_result", ran)
    monkeypatch.setattr(rating_services, "rate_confirmed_result", ran)
    monkeypatch.setattr(rating_services, "rate_again_from", ran)
    progress, rate = rows.get(kind="progress"), rows.get(kind="rate")
    result_confirmed.apply(args=[match_id], kwargs={"follow_up": progress.pk}, throw=True)
    rate_confirmed_result.apply(args=[match_id], kwargs={"follow_up": rate.pk}, throw=True)
    rate_again_from.apply(args=[done.competition_id, done.rate_from.isoformat()],
                          kwargs={"follow_up": done.pk}, throw=True)


@pytest.mark.parametrize("task", [result_confirmed, rate_confirmed_result, rate_again_from])
def test_the_retries_of_a_task_span_a_database_restart_and_none_waits_past_the_relay(task):
    waits = [get_exponential_backoff_interval(task.retry_backoff, retries, task.retry_backoff_max,
                                              task.retry_jitter)
             for retries in range(task.max_retries)]
    assert task.max_retries == 5
    assert sum(waits) >= 120  # seconds: a database restart takes about a minute
    assert min(waits) >= 5  # the first retry is not at once
    assert max(waits) <= outbox.RESEND_AFTER.total_seconds()
