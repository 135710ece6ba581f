"""A real Celery worker killed with SIGKILL in the middle of a rating task: the task comes back
(acks late), a fresh worker runs it, and the club's rows end as after one clean run. Needs PostgreSQL and a broker: CELERY_TEST_BROKER_URL (CI's second pass)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from celery import Celery
from django.conf import settings
from django.db import connection, transaction

from league.clubs.models import Club
from league.ratings.tasks import rate_confirmed_result

from .conftest import ON_POSTGRES
from .state import rated_season, rows

BROKER = os.environ.get("CELERY_TEST_BROKER_URL", "")
pytestmark = [
    pytest.mark.worker,
    pytest.mark.skipif(not (ON_POSTGRES and BROKER),
                       reason="needs PostgreSQL and a broker: set DATABASE_URL=postgres://… and "
                              "CELERY_TEST_BROKER_URL=redis://…"),
    pytest.mark.django_db(transaction=True),
]
TASK = "ratings.tasks.rate_confirmed_result"
STARTUP = 60  # seconds for a worker to take the task
REDELIVERY = 60  # seconds for the fresh worker to finish it


def database_url() -> str:
    db = connection.settings_dict  # the test database
    auth = db["USER"] + (f":{db['PASSWORD']}" if db["PASSWORD"] else "")
    return f"postgres://{auth}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/{db['NAME']}"


@contextmanager
def worker(queue: str, log: Path) -> Iterator[subprocess.Popen]:
    """`celery worker --pool=solo` on its own queue, against the test database."""
    env = {**os.environ, "DATABASE_URL": database_url(), "CELERY_BROKER_URL": BROKER,
           "DJANGO_SETTINGS_MODULE": "league.settings"}
    command = [sys.executable, "-m", "celery", "-A", "tests.reliability.worker_app", "worker",
               "--pool=solo", "-Q", queue, "-n", f"{queue}-{uuid.uuid4().hex[:6]}@%h",
               "--without-gossip", "--without-mingle", "--without-heartbeat", "--loglevel=INFO"]
    with log.open("a") as out:
        process = subprocess.Popen(command, cwd=settings.BASE_DIR, env=env, stdout=out,
                                   stderr=subprocess.STDOUT)
    try:
        yield process
    finally:
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait(timeout=10)


def wait_for(condition: Callable[[], object], seconds: float, what: str, log: Path) -> object:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        found = condition()
        if found:
            return found
        time.sleep(0.2)
    pytest.fail(f"{what} within {seconds} s; worker log:\n{log.read_text()[-3000:]}")


def backends_waiting_for_a_lock() -> list[int]:
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_stat_clear_snapshot()")  # a transaction reads one snapshot
        cursor.execute(
            "SELECT pid FROM pg_stat_activity WHERE datname = current_database() "
            "AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()"
        )
        return [pid for (pid,) in cursor.fetchall()]


def test_a_worker_killed_during_a_rating_task_leaves_nothing_and_the_redelivered_task_completes(
    tmp_path,
):
    club, late = rated_season()
    before = rows(club)
    with transaction.atomic():  # one clean run, rolled back: what the end state must be
        rate_confirmed_result.apply(args=[late.pk], throw=True)
        clean = rows(club)
        transaction.set_rollback(True)
    assert rows(club) == before != clean

    queue = f"reliability-{uuid.uuid4().hex[:10]}"
    log = tmp_path / "worker.log"
    # Not the current app: the follow-ups of the tests after this one, run in-process, are sent
    # through whichever app is current, and this one has the broker without a worker.
    sender = Celery(broker=BROKER, set_as_current=False)
    try:
        with transaction.atomic():
            # Hold the club's row lock: the task's rebuild waits for it, half-way in.
            Club.objects.select_for_update().get(pk=club.pk)
            with worker(queue, log) as first:
                task_id = sender.send_task(TASK, args=[late.pk], queue=queue).id
                blocked = wait_for(backends_waiting_for_a_lock, STARTUP,
                                   "the worker did not reach the locked row", log)
                first.send_signal(signal.SIGKILL)
                first.wait(timeout=10)
                assert first.returncode == -signal.SIGKILL
            with connection.cursor() as cursor:  # its session, orphaned, ends too
                for pid in blocked:
                    cursor.execute("SELECT pg_terminate_backend(%s)", [pid])
        assert rows(club) == before  # the killed task left nothing

        with worker(queue, log):
            wait_for(lambda: rows(club) == clean, REDELIVERY,
                     "the fresh worker did not redeliver and finish the task", log)
        text = log.read_text()
        assert text.count(f"{TASK}[{task_id}] received") == 2  # the same message, redelivered
        assert text.count(f"{TASK}[{task_id}] succeeded") == 1
        assert rows(club) == clean
    finally:
        with sender.connection_for_write() as broker:
            broker.default_channel.client.delete(queue)
        sender.close()
