"""Fixtures shared by every test package.

Every test starts with an empty cache: cached page fragments and versions of one test's
competitions must not meet another test's rows (SQLite reuses ids after a rollback).

The follow-ups a confirmed result sets off beside its progression, the ratings (rating the
result, rating a club again after removed results) and the notifications (the tasks the
notification receivers send after a commit), are off for a test unless it asks for them: the
marker `follow_ups`, a test in a folder whose subject they are (WHOLE_CHAIN), or a test on a real
worker (`worker`, `celery_worker_live`). With them off, the ratings app's tasks are not registered
(no RATE or RATE_AGAIN row is recorded) and the notification receivers send nothing; everything
else (the progression, the receivers' own answers) is as on the site. See `FollowUps`.

`celery_worker_live`: a real Celery worker (in a thread, solo pool) on the broker named by
CELERY_TEST_BROKER_URL (CI: redis://127.0.0.1:6379/15 in its PostgreSQL pass). Without that
variable, or on SQLite (whose in-memory test database a second thread cannot write while the
test holds it), the tests using it are skipped with the reason. Such tests need
`@pytest.mark.django_db(transaction=True)` (the worker reads what the test commits) and wait
for outcomes by polling the database with a bounded timeout.
"""

from __future__ import annotations

import gc
import logging
import os
from collections.abc import Iterator
from urllib.parse import urlsplit, urlunsplit

import pytest

# CI runs the same hypothesis examples every time (a red build names a real regression, not a
# new random draw); on a developer's machine each run explores new examples. Neither has a
# deadline per example: on a busy machine a slow example is not a wrong one.
from hypothesis import settings as hypothesis_settings

from tests.examples import examples

# No deadline: on a shared two-core machine running the suite in parallel, an example's time says
# nothing about the code. The tests that name no count try hypothesis's 100, scaled as every
# other count (tests/examples.py: all of it under CI, a fifth on a developer's machine).
hypothesis_settings.register_profile("ci", derandomize=True, print_blob=True, deadline=None,
                                     max_examples=examples(100))
hypothesis_settings.register_profile("dev", deadline=None, max_examples=examples(100))
hypothesis_settings.load_profile("ci" if os.environ.get("CI") else "dev")

BROKER_VARIABLE = "CELERY_TEST_BROKER_URL"


def pytest_collection_finish(session) -> None:
    """What is loaded once the tests are collected (Django, the apps, the test modules) lives
    for the whole run: frozen out of the cyclic garbage collector's passes, which would walk it
    again at every full pass, and the youngest generation collected once per 5,000 new objects
    instead of 700. Together that halves the time the collector takes in a run (about 7 % of
    the permission and organizer tests' time, measured with gc.callbacks)."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(5000, 20, 100)


def signed_in_session(user) -> str:
    """The key of a new session signed in as `user`, for a client or a browser to carry."""
    from django.conf import settings
    from django.test import Client

    client = Client()
    client.force_login(user)
    return client.cookies[settings.SESSION_COOKIE_NAME].value


def empty_caches() -> None:
    from django.core.cache import caches

    for cache in caches.all():
        cache.clear()


@pytest.fixture(scope="session", autouse=True)
def _celery_loaded(django_db_setup) -> None:
    """Celery's Django fix-up runs django.setup() again the first time a task is sent, which
    configures logging afresh (and drops pytest's log capture). A worker does it at its start;
    the test run does it here, once, before any test captures logs."""
    from celery import current_app

    current_app.loader.import_default_modules()


@pytest.fixture(scope="session", autouse=True)
def _quick_passwords() -> None:
    """Hashing a password the real way takes a good fraction of a second, and the factories
    give every user one; the live server of the browser tests shares this setting."""
    from django.conf import settings
    from django.contrib.auth.hashers import get_hashers, get_hashers_by_algorithm

    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    get_hashers.cache_clear()
    get_hashers_by_algorithm.cache_clear()


@pytest.fixture(scope="session", autouse=True)
def _own_redis_database_per_worker() -> Iterator[None]:
    """With REDIS_URL set, every test empties the caches, which on Redis empties the whole
    database (FLUSHDB): pytest-xdist's workers would empty each other's mid-test (a sign-in
    limit's counts gone between two attempts). The first worker keeps REDIS_URL's database;
    each other worker takes another number of the same server, never the test broker's."""
    from django.conf import settings
    from django.test import override_settings

    from league.caches import caches_for

    url = getattr(settings, "REDIS_URL", "")
    if not url or own_redis_url(url) == url:
        yield
        return
    with override_settings(CACHES=caches_for(own_redis_url(url))):
        yield


def this_worker() -> int:
    """The number of this pytest-xdist worker (gw0 is 0; a run without xdist is 0 too)."""
    return int(os.environ.get("PYTEST_XDIST_WORKER", "gw0")[2:])


def own_redis_url(url: str) -> str:
    """The Redis database of `url`'s server that is this worker's own: `url`'s own for the first
    worker, another number for each other (worker_redis_url). No other worker writes to it or
    empties it."""
    return url if this_worker() == 0 else worker_redis_url(url, this_worker())


def worker_redis_url(url: str, worker: int) -> str:
    """REDIS_URL with the database number of the given pytest-xdist worker: counting down
    from REDIS_URL's own, skipping the test broker's (Redis numbers its databases 0 to 15)."""
    parts = urlsplit(url)
    own = int(parts.path.strip("/") or 0)
    broker = urlsplit(os.environ.get(BROKER_VARIABLE, "")).path.strip("/")
    taken = {own, int(broker)} if broker.isdigit() else {own}
    free = [n % 16 for n in range(own - 1, own - 16, -1) if n % 16 not in taken]
    if worker > len(free):
        raise pytest.UsageError(f"{worker + 1} test workers, but Redis has 16 databases")
    return urlunsplit(parts._replace(path=f"/{free[worker - 1]}"))


# The folders whose subject is what a result sets off: their tests keep the whole chain.
WHOLE_CHAIN = ("tests/ratings/", "tests/notifications/", "tests/reliability/")


class FollowUps:
    """The ratings, statistics and notification follow-ups of a result, switched off and on
    again.

    Off: the ratings app's follow-up tasks are taken out of the registry
    (league.competitions.base.outbox.unregister), so that a confirmed result records
    only its progression, and the notification receivers' `send_after_commit` sends nothing (a
    receiver still answers as it would: an invited account is still told rather than mailed).
    On: both as the apps left them when they were ready."""

    def __init__(self) -> None:
        from league.competitions.base import outbox
        from league.competitions.models import FollowUp
        from league.notifications import receivers

        self.registry = outbox
        # The ratings app's kinds, and the statistics' (league.stats: the players' summary rows).
        self.ratings = (FollowUp.Kind.RATE, FollowUp.Kind.RATE_AGAIN, FollowUp.Kind.STATISTICS)
        self.receivers = receivers
        self.send_after_commit = receivers.send_after_commit
        self.tasks: dict[str, object] = {}

    def off(self) -> None:
        for kind in self.ratings:
            task = self.registry.unregister(kind)
            if task is not None:
                self.tasks[kind] = task
        self.receivers.send_after_commit = _not_sent

    def on(self) -> None:
        for kind, task in self.tasks.items():
            self.registry.register(kind, task)
        self.receivers.send_after_commit = self.send_after_commit


def _not_sent(task_name: str, *args) -> None:
    """The notification receivers' sending, while the notifications are off: nothing."""


def keeps_whole_chain(item: pytest.Item) -> bool:
    return (item.get_closest_marker("follow_ups") is not None or on_broker(item)
            or item.nodeid.startswith(WHOLE_CHAIN))


@pytest.fixture(scope="session", autouse=True)
def _follow_ups(_celery_loaded) -> Iterator[FollowUps]:
    """Off for the whole run (module-wide worlds are built so), on again at its end."""
    switch = FollowUps()
    switch.off()
    yield switch
    switch.on()


@pytest.fixture(autouse=True)
def _whole_chain(request: pytest.FixtureRequest, _follow_ups: FollowUps) -> Iterator[None]:
    """On for the test that keeps the whole chain (keeps_whole_chain), off again after it."""
    if not keeps_whole_chain(request.node):
        yield
        return
    _follow_ups.on()
    try:
        yield
    finally:
        _follow_ups.off()


@pytest.fixture(autouse=True)
def _no_language_left_active() -> Iterator[None]:
    """Each test starts in the site's default language, as a fresh thread does. A request leaves
    the language it spoke (the reader's, or a club page's own) active on its thread after the
    response: Django's LocaleMiddleware sets the language at the next request, it does not put
    it back after this one. A later test on the same thread would otherwise read German."""
    from django.utils import translation

    translation.deactivate()
    yield


@pytest.fixture(autouse=True)
def _empty_cache() -> Iterator[None]:
    empty_caches()
    yield


@pytest.fixture(autouse=True)
def _project_celery_app_stays_current() -> Iterator[None]:
    """Follow-ups and notifications are sent through Celery's current app. A test that makes
    another app current (a new Celery() is current unless told not to be) would have every
    later test's in-process work sent to that app's broker instead, and never done."""
    yield
    from celery import current_app

    from league.celery import app

    assert current_app._get_current_object() is app, (
        "this test left another Celery app current: make it with set_as_current=False")


WORKER_SETTINGS = ("broker_url", "task_always_eager", "result_backend",
                   "broker_connection_retry_on_startup")


@pytest.fixture
def celery_worker_live() -> Iterator[object]:
    url = os.environ.get(BROKER_VARIABLE)
    if not url:
        pytest.skip(f"{BROKER_VARIABLE} is not set: no broker for a real Celery worker")
    from django.db import connection

    if connection.vendor == "sqlite":
        pytest.skip("a worker thread cannot write SQLite's shared in-memory test database "
                    "while the test reads it: run with PostgreSQL (DATABASE_URL)")
    from celery.contrib.testing.worker import start_worker
    from celery.signals import setup_logging, task_postrun
    from django.db import connections

    from league.celery import app

    saved = {name: app.conf[name] for name in WORKER_SETTINGS}
    app.conf.update(broker_url=url, task_always_eager=False, result_backend=None,
                    broker_connection_retry_on_startup=True)
    _forget_broker_pools(app)

    def close_connections(**_: object) -> None:
        connections.close_all()  # the worker thread's own connections, after every task

    task_postrun.connect(close_connections, weak=False)
    setup_logging.connect(_leave_logging_alone, weak=False)
    try:
        app.control.purge()  # nothing left over from an earlier run
        with start_worker(app, pool="solo", perform_ping_check=False, shutdown_timeout=30):
            yield app
    finally:
        task_postrun.disconnect(close_connections)
        setup_logging.disconnect(_leave_logging_alone)
        logging.captureWarnings(False)  # Celery's setup routes warnings to logging
        app.conf.update(saved)
        _forget_broker_pools(app)


def _leave_logging_alone(**_: object) -> None:
    """Connected to Celery's setup_logging while an embedded worker starts: the test process's
    logging stays Django's and pytest's. Left to Celery, the worker's start replaces the root
    logger's handlers and sets its level to the test worker's (ERROR): the warnings of the tests
    after it in the process (the cache's when its Redis does not answer) were never captured."""


def _forget_broker_pools(app) -> None:
    """The app keeps the pools of the broker it first connected to; drop them (without closing
    kombu's shared pools) so that the next message goes to the broker now configured."""
    app._pool = None
    app.amqp._producer_pool = None


# The lanes `make test` runs one after the other, each in a pytest run of its own (`--lane`):
# every test is in exactly one (lane_of). `fast`: the engine, the algorithms, the services and
# the pages, the first to fail; `integration`: every other test of this process (the formats
# played out, the organizer's pages, security, notifications, ratings, reliability); `browser`:
# Chromium (tests/browser); `worker`: a real Celery worker on the test broker; `property`: the
# hypothesis tests, at their full counts under CI (tests/examples.py). A test marked
# `lane(name)` is in that lane whatever else it is.
LANES = ("fast", "integration", "browser", "worker", "property")
FAST = ("tests/engine/", "tests/algorithms/", "tests/services/", "tests/views/")


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--lane", choices=LANES, default=None,
                     help="run only the tests of this lane (tests/conftest.py: LANES)")


def pytest_configure(config: pytest.Config) -> None:
    if config.getoption("lane"):
        config.pluginmanager.register(LaneSelection(config.getoption("lane")), "lane-selection")


def on_broker(item: pytest.Item) -> bool:
    return (item.get_closest_marker("worker") is not None
            or "celery_worker_live" in getattr(item, "fixturenames", ()))


def is_property_test(item: pytest.Item) -> bool:
    return getattr(getattr(item, "obj", None), "is_hypothesis_test", False)


def lane_of(item: pytest.Item) -> str:
    chosen = item.get_closest_marker("lane")
    if chosen is not None:
        return chosen.args[0]
    if item.get_closest_marker("browser") is not None:
        return "browser"
    if on_broker(item):
        return "worker"
    if is_property_test(item):
        return "property"
    if item.nodeid.startswith(FAST):
        return "fast"
    return "integration"


class LaneSelection:
    """Under `--lane`: the tests of other lanes deselected, once every conftest has marked its
    tests (tests/browser/conftest.py marks its own `browser`)."""

    def __init__(self, lane: str) -> None:
        self.lane = lane

    @pytest.hookimpl(trylast=True)
    def pytest_collection_modifyitems(self, config: pytest.Config,
                                      items: list[pytest.Item]) -> None:
        unknown = {lane_of(item) for item in items} - set(LANES)
        if unknown:
            raise pytest.UsageError(f"lane(...) names no lane of {LANES}: {sorted(unknown)}")
        kept = [item for item in items if lane_of(item) == self.lane]
        others = [item for item in items if lane_of(item) != self.lane]
        if others:
            config.hook.pytest_deselected(items=others)
            items[:] = kept


# The folders and modules whose tests take seconds each (the commands playing whole
# competitions, the browser, the posting fuzz), run first: pytest-xdist hands tests out in this
# order, so the long ones are shared out while there is plenty left to balance them, and the
# workers end together on the quick ones instead of one waiting for another's long last test.
LONG_FIRST = ("tests/formats/test_commands.py", "tests/records/test_club_archive.py",
              "tests/browser/", "tests/fuzz/")


def _long_first(item: pytest.Item) -> int:
    path = item.nodeid.split("::", 1)[0]
    return next((i for i, prefix in enumerate(LONG_FIRST) if path.startswith(prefix)),
                len(LONG_FIRST))


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Under pytest-xdist, the tests that share the one test broker (marked `worker`, or using a
    real Celery worker in a thread) run in one process, one after the other: two workers on the
    same queue would take each other's tasks into the wrong test database. The long
    tests go first (LONG_FIRST), the rest in their usual order. First among the plugins:
    pytest-xdist's own hook reads the groups (it names each test of a group `…@group`)."""
    grouped = config.pluginmanager.hasplugin("xdist")  # not under `-p no:xdist`
    for item in items:
        if grouped and on_broker(item):
            item.add_marker(pytest.mark.xdist_group("broker"))
    items.sort(key=_long_first)
