"""How the Celery tasks are retried: on a lost connection, a timeout or a database that is
locked, restarting, deadlocked or out of serialization, at most five times, after waits of 8, 16
and 32 s and then 40 s twice: 2 min 16 s in all, which a database restart fits in. No wait is
longer than the relay's wait for work a worker took (league.competitions.base.outbox.RESEND_AFTER),
so a task waiting to retry is not sent a second time. acks_late hands a task whose worker died
half-way to another worker. Every task recomputes from committed facts, so running it again
changes nothing."""

from django.db import InterfaceError, OperationalError

TRANSIENT_ERRORS = (ConnectionError, TimeoutError, OperationalError, InterfaceError)

RETRIED = {
    "autoretry_for": TRANSIENT_ERRORS,
    "retry_backoff": 8,  # seconds before the first retry, doubled before each next
    "retry_backoff_max": 40,
    "retry_jitter": False,  # with full jitter, all five can fall within seconds
    "max_retries": 5,
    "acks_late": True,
}
