"""Celery tasks: thin, idempotent wrappers that take ids and call one service each.

Transient failures (a lost connection, a timeout, a database that is locked or restarting, a
deadlock or serialization failure) are retried with backoff; acks_late makes the broker hand the
task to another worker if this one dies half-way. Every task recomputes from confirmed facts, so
running it again (a retry, a redelivery) changes nothing.
"""

from __future__ import annotations

from functools import partial

from celery import current_app, shared_task
from django.conf import settings
from django.db import InterfaceError, OperationalError, transaction

RETRIED = {
    "autoretry_for": (ConnectionError, TimeoutError, OperationalError, InterfaceError),
    "retry_backoff": True,
    "max_retries": 5,
    "acks_late": True,
}


def enqueue_result_follow_up(match_id: int) -> None:
    """After the confirming transaction commits, run the work a confirmed result triggers: every
    task named in settings.RESULT_FOLLOW_UP_TASKS (the apps above this one name theirs there)."""
    for name in settings.RESULT_FOLLOW_UP_TASKS:
        transaction.on_commit(partial(_send, name, match_id))


def _send(name: str, match_id: int) -> None:
    current_app.signature(name, args=(match_id,)).delay()


@shared_task(bind=True, **RETRIED)
def result_confirmed(self, match_id: int) -> None:
    """Advance the bracket, pair the next Swiss round, finish the competition."""
    from competitions.services.progression import follow_up_confirmed_result

    follow_up_confirmed_result(match_id)


@shared_task(bind=True, **RETRIED)
def confirm_overdue_results(self) -> int:
    """Periodic: confirm the reported results their clubs' hours for answering have passed."""
    from competitions.services.deadlines import confirm_overdue_results as confirm

    return len(confirm())
