"""The caches the pages rely on: the fragment cache (each process's memory in front of the
shared cache) and the Redis cache that keeps one client per connection pool."""

import pytest
from django.core.cache import caches
from django.test import override_settings

from config.fragment_cache import LocalThenShared
from config.redis_cache import ReusingRedisCache

LOCAL_AND_SHARED = {
    "default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "shared"},
    "template_fragments": {"BACKEND": "config.fragment_cache.LocalThenShared",
                           "LOCATION": "test-fragments"},
}


@override_settings(CACHES=LOCAL_AND_SHARED)
def test_a_fragment_rendered_by_another_process_is_read_from_the_shared_cache_then_kept():
    fragments, shared = caches["template_fragments"], caches["default"]
    assert isinstance(fragments, LocalThenShared)
    shared.set("fragment", "<p>rendered elsewhere</p>")
    assert fragments.get("fragment") == "<p>rendered elsewhere</p>"
    shared.delete("fragment")
    assert fragments.get("fragment") == "<p>rendered elsewhere</p>"  # this process's copy
    assert fragments.get("never-rendered", "absent") == "absent"


@override_settings(CACHES=LOCAL_AND_SHARED)
def test_a_fragment_rendered_here_is_shared_with_the_other_processes():
    fragments, shared = caches["template_fragments"], caches["default"]
    fragments.set("fragment", "<p>rendered here</p>", 60)
    assert shared.get("fragment") == "<p>rendered here</p>"
    shared.set("sign-in-limit", 3)
    fragments.clear()
    assert shared.get("sign-in-limit") == 3  # clearing the fragments leaves the shared cache


def test_the_redis_cache_builds_one_client_per_pool_not_one_per_call():
    cache = ReusingRedisCache("redis://127.0.0.1:6379/9", {})
    first = cache._cache.get_client("a")
    assert cache._cache.get_client("b") is first
    assert cache._cache.get_client("c", write=True) is first  # one server: one pool


def test_the_redis_cache_reads_what_it_wrote():
    import redis

    cache = ReusingRedisCache("redis://127.0.0.1:6379/9", {})
    try:
        cache.set("answer", {"version": "abc"}, 30)
    except redis.ConnectionError:
        pytest.skip("Redis does not answer on 127.0.0.1:6379")
    assert cache.get("answer") == {"version": "abc"}
    assert cache.get_many(["answer", "missing"]) == {"answer": {"version": "abc"}}
    cache.delete("answer")
    assert cache.get("answer") is None


@pytest.mark.django_db
def test_a_version_stored_by_an_older_release_is_replaced_not_trusted():
    from django.core.cache import cache

    from competitions.page_versions import competition_version
    from tests.factories import CompetitionFactory

    competition = CompetitionFactory()
    cache.set(f"competition-page-version:{competition.pk}", "a-token-of-an-older-format")
    version = competition_version(competition.pk)
    assert version is not None and version.token != "a-token-of-an-older-format"
    assert competition_version(competition.pk) == version
