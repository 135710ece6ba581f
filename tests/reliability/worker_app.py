"""The project's Celery app for tests/reliability/test_worker.py: a task whose worker died
comes back to the queue within seconds (Redis' visibility timeout, an hour by default)."""

from league.celery import app

app.conf.broker_transport_options = {
    "visibility_timeout": 2,
    "unacked_restore_interval": 1,
    "unacked_restore_throttle": 1,
}

__all__ = ["app"]
