"""The test workers each empty their own Redis database, never another worker's nor the test
broker's."""

import pytest

from tests.conftest import worker_redis_url


def test_each_worker_counts_down_from_the_given_database_past_the_broker(monkeypatch):
    monkeypatch.setenv("CELERY_TEST_BROKER_URL", "redis://127.0.0.1:6379/13")
    url = "redis://127.0.0.1:6379/14"
    assert [worker_redis_url(url, n) for n in (1, 2, 3)] == [
        "redis://127.0.0.1:6379/12", "redis://127.0.0.1:6379/11", "redis://127.0.0.1:6379/10"]


def test_the_numbers_wrap_below_zero_and_run_out_at_sixteen(monkeypatch):
    monkeypatch.delenv("CELERY_TEST_BROKER_URL", raising=False)
    assert worker_redis_url("redis://cache:6379", 1) == "redis://cache:6379/15"
    assert worker_redis_url("redis://cache:6379/0", 15) == "redis://cache:6379/1"
    with pytest.raises(pytest.UsageError, match="16 databases"):
        worker_redis_url("redis://cache:6379/0", 16)
