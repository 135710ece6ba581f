"""A real Celery worker keeps its database session from one task to the next, as a web process
keeps it from one request to the next, and replaces one that has died. Needs PostgreSQL and a
broker: CELERY_TEST_BROKER_URL (CI's second pass)."""

from __future__ import annotations

import uuid

import redis
from celery import Celery
from django.db import connection

from .test_worker import BROKER, STARTUP, wait_for, worker
from .test_worker import pytestmark as worker_lane

pytestmark = worker_lane
TASK = "tests.reliability.backend_pid"


def test_a_worker_runs_its_tasks_in_one_database_session_and_replaces_a_dead_one(tmp_path):
    queue = f"connections-{uuid.uuid4().hex[:10]}"
    key = f"{queue}-pids"
    log = tmp_path / "worker.log"
    sender = Celery(broker=BROKER, set_as_current=False)
    lists = redis.Redis.from_url(BROKER)

    def pids(count: int) -> list[int] | None:
        found = [int(pid) for pid in lists.lrange(key, 0, -1)]
        return found if len(found) >= count else None

    try:
        with worker(queue, log):
            for _ in range(3):
                sender.send_task(TASK, args=[BROKER, key], queue=queue)
            first = wait_for(lambda: pids(3), STARTUP, "three tasks did not run", log)
            assert len(set(first)) == 1  # one session for the three tasks
            with connection.cursor() as cursor:  # the session dies (a database restart)
                cursor.execute("SELECT pg_terminate_backend(%s)", [first[0]])
            sender.send_task(TASK, args=[BROKER, key], queue=queue)
            after = wait_for(lambda: pids(4), STARTUP, "the task after the restart failed", log)
            assert after[3] != first[0]
        assert "Traceback" not in log.read_text()
    finally:
        lists.delete(key)
        with sender.connection_for_write() as broker:
            broker.default_channel.client.delete(queue)
        sender.close()
