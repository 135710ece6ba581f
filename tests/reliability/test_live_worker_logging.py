"""A Celery worker started inside the test process (celery_worker_live) leaves the process's
logging as Django's settings made it: the tests in the same process still capture the warnings
they check (a cache that does not answer, for one)."""

import logging

import pytest

from league.cache_breaker import LOGGER

pytestmark = [pytest.mark.worker, pytest.mark.django_db(transaction=True)]


def test_a_warning_is_still_captured_while_the_worker_runs(celery_worker_live, caplog):
    logging.getLogger(LOGGER).warning("Cache unreachable, keeping counts in this process: test")
    assert [r.getMessage() for r in caplog.records if r.name == LOGGER] == [
        "Cache unreachable, keeping counts in this process: test"]
