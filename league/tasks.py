"""Celery tasks: thin, idempotent wrappers that take ids and call one service each."""

from __future__ import annotations

from celery import shared_task
from django.db import transaction


def enqueue_result_follow_up(match_id: int) -> None:
    """After the confirming transaction commits, run the work a confirmed result triggers."""
    from ratings.tasks import rate_confirmed_result

    transaction.on_commit(lambda: result_confirmed.delay(match_id))
    transaction.on_commit(lambda: rate_confirmed_result.delay(match_id))


@shared_task(bind=True, autoretry_for=(ConnectionError, TimeoutError), retry_backoff=True,
             max_retries=5, acks_late=True)
def result_confirmed(self, match_id: int) -> None:
    from league.services.progression import follow_up_confirmed_result

    follow_up_confirmed_result(match_id)
