"""The project's Celery app for tests/reliability/test_worker.py: a task whose worker died
comes back to the queue within seconds (Redis' visibility timeout, an hour by default); and a
task that tells which database session ran it (test_worker_connections.py)."""

import redis
from django.db import connection

from league.celery import app

app.conf.broker_transport_options = {
    "visibility_timeout": 2,
    "unacked_restore_interval": 1,
    "unacked_restore_throttle": 1,
}



@app.task(name="tests.reliability.backend_pid")
def backend_pid(broker: str, key: str) -> None:
    """The process id of the PostgreSQL session this task's query ran in, appended to the
    Redis list `key` (on the broker's server)."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        (pid,) = cursor.fetchone()
    redis.Redis.from_url(broker).rpush(key, pid)


__all__ = ["app", "backend_pid"]
