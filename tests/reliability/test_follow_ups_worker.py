"""The outbox with a real broker and real workers (PostgreSQL and Redis: DATABASE_URL and
CELERY_TEST_BROKER_URL). A confirmation made while the broker is down is done by a worker once
the relay sends it; the follow-up task of a worker killed half-way is sent again by the relay
and done by another worker within a minute, with the project's own broker settings (whose
visibility timeout alone would bring the message back only after minutes)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from django.conf import settings
from django.db import connection, transaction
from django.utils import timezone

from league.clubs.models import Club
from league.competitions.base import outbox
from league.competitions.models import FollowUp
from league.competitions.results.services import confirm_result
from tests.formats.builders import by_key

from .conftest import ON_POSTGRES
from .state import rated_season, rows
from .test_follow_ups import LATER, broker_down, reported_first_match
from .test_worker import BROKER, backends_waiting_for_a_lock, database_url, wait_for

pytestmark = [pytest.mark.worker, pytest.mark.django_db(transaction=True)]
REDELIVERED_WITHIN = 60  # seconds from the worker's death to the work done by another
RELAY_EVERY = settings.CELERY_BEAT_SCHEDULE["relay-follow-ups"]["schedule"]


def test_a_confirmation_with_the_broker_down_is_done_by_the_worker_once_relayed(
    celery_worker_live, monkeypatch, tmp_path,
):
    competition, match = reported_first_match()
    monkeypatch.setattr(outbox, "publish", broker_down)
    confirm_result(match.pk, actor=match.entry_b.player.user)  # commits: on_commit runs
    # progression, rating and the players' statistics, all waiting for the relay
    assert FollowUp.objects.filter(match=match, done_at__isnull=True).count() == 3
    assert by_key(competition)["W2-0"].entry_a is None
    monkeypatch.undo()
    assert outbox.relay(now=timezone.now() + LATER) == 3
    log = tmp_path / "none.log"
    log.write_text("(the worker runs in this process)")
    wait_for(lambda: not FollowUp.objects.filter(match=match, done_at__isnull=True).exists(),
             30, "the worker did not do the relayed work", log)
    assert by_key(competition)["W2-0"].entry_a_id == match.entry_b_id


@contextmanager
def project_worker(log: Path) -> Iterator[subprocess.Popen]:
    """`celery -A league.celery worker --pool=solo`: the project's app and broker settings."""
    env = {**os.environ, "DATABASE_URL": database_url(),
           "CELERY_BROKER_URL": BROKER, "DJANGO_SETTINGS_MODULE": "league.settings"}
    command = [sys.executable, "-m", "celery", "-A", "league.celery", "worker", "--pool=solo",
               "-n", f"outbox-{uuid.uuid4().hex[:6]}@%h", "--without-gossip",
               "--without-mingle", "--without-heartbeat", "--loglevel=INFO"]
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


@contextmanager
def publishing_to_the_broker() -> Iterator[object]:
    from league.celery import app

    saved = {name: app.conf[name] for name in ("broker_url", "task_always_eager")}
    app.conf.update(broker_url=BROKER, task_always_eager=False)
    app._pool, app.amqp._producer_pool = None, None
    try:
        forget_messages(app)  # nothing from an earlier run
        yield app
    finally:
        forget_messages(app)  # the killed worker's message, which would come back later
        app.conf.update(saved)
        app._pool, app.amqp._producer_pool = None, None


def forget_messages(app) -> None:
    with app.connection_for_write() as broker:
        broker.default_channel.client.delete("celery", "unacked", "unacked_index")


@pytest.mark.skipif(not (ON_POSTGRES and BROKER),
                    reason="needs PostgreSQL and a broker: set DATABASE_URL=postgres://… and "
                           "CELERY_TEST_BROKER_URL=redis://…")
def test_a_follow_up_whose_worker_is_killed_is_done_by_another_within_a_minute(tmp_path):
    club, late = rated_season()
    with transaction.atomic():  # one clean run, rolled back: what the end state must be
        from league.ratings.tasks import rate_confirmed_result

        rate_confirmed_result.apply(args=[late.pk], throw=True)
        clean = rows(club)
        transaction.set_rollback(True)
    work = FollowUp.objects.create(kind=FollowUp.Kind.RATE, competition=late.competition,
                                   match=late)
    log = tmp_path / "worker.log"
    with publishing_to_the_broker():
        assert outbox.send(work) is True  # queued: no worker runs yet
        with transaction.atomic():
            Club.objects.select_for_update().get(pk=club.pk)  # the task waits half-way in
            with project_worker(log) as first:
                blocked = wait_for(backends_waiting_for_a_lock, 60,
                                   "the worker did not reach the locked row", log)
                first.send_signal(signal.SIGKILL)
                first.wait(timeout=10)
            killed_at = time.monotonic()
            with connection.cursor() as cursor:
                for pid in blocked:
                    cursor.execute("SELECT pg_terminate_backend(%s)", [pid])
        work.refresh_from_db()
        assert work.done_at is None
        with project_worker(log):
            while time.monotonic() - killed_at < REDELIVERED_WITHIN:
                outbox.relay()  # what the beat runs every RELAY_EVERY seconds
                work.refresh_from_db()
                if work.done_at is not None:
                    break
                time.sleep(RELAY_EVERY / 5)
        waited = time.monotonic() - killed_at
    assert work.done_at is not None, f"not done {waited:.0f} s after the worker died:\n" \
                                     f"{log.read_text()[-3000:]}"
    assert work.attempts == 2  # sent once, then once by the relay
    assert rows(club) == clean
