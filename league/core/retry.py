"""How the Celery tasks are retried: on a lost connection, a timeout or a database that is
locked, restarting, deadlocked or out of serialization, with backoff, at most five times.
acks_late hands a task whose worker died half-way to another worker. Every task recomputes from
committed facts, so running it again changes nothing."""

from django.db import InterfaceError, OperationalError

TRANSIENT_ERRORS = (ConnectionError, TimeoutError, OperationalError, InterfaceError)

RETRIED = {
    "autoretry_for": TRANSIENT_ERRORS,
    "retry_backoff": True,
    "max_retries": 5,
    "acks_late": True,
}
