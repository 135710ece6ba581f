"""The caches the pages rely on: the fragment cache (each process's memory in front of the
shared cache) and the Redis cache (django-redis), one connection pool per process."""

import threading

import pytest
from django.conf import settings
from django.core.cache import caches
from django.test import override_settings
from django_redis import get_redis_connection

from league.caches import caches_for
from league.fragment_cache import LocalThenShared
from tests.conftest import own_redis_url

# This test process's own database (the caches' own when REDIS_URL is set): another worker
# empties its own database before each of its tests, never this one.
REDIS = own_redis_url(settings.REDIS_URL or "redis://127.0.0.1:6379/13")
# The same server under a URL no other test uses: this process has made no pool for it yet.
UNUSED_URL = "redis://127.0.0.1/13"

LOCAL_AND_SHARED = {
    "default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"},
    "derived": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "shared"},
    "template_fragments": {"BACKEND": "league.fragment_cache.LocalThenShared",
                           "LOCATION": "test-fragments"},
}


@override_settings(CACHES=LOCAL_AND_SHARED)
def test_a_fragment_rendered_by_another_process_is_read_from_the_shared_cache_then_kept():
    fragments, shared = caches["template_fragments"], caches["derived"]
    assert isinstance(fragments, LocalThenShared)
    shared.set("fragment", "<p>rendered elsewhere</p>")
    assert fragments.get("fragment") == "<p>rendered elsewhere</p>"
    shared.delete("fragment")
    assert fragments.get("fragment") == "<p>rendered elsewhere</p>"  # this process's copy
    assert fragments.get("never-rendered", "absent") == "absent"


@override_settings(CACHES=LOCAL_AND_SHARED)
def test_a_fragment_rendered_here_is_shared_with_the_other_processes():
    fragments, shared = caches["template_fragments"], caches["derived"]
    fragments.set("fragment", "<p>rendered here</p>", 60)
    assert shared.get("fragment") == "<p>rendered here</p>"
    shared.set("page-version", 3)
    fragments.clear()
    assert shared.get("page-version") == 3  # clearing the fragments leaves the shared cache


@pytest.mark.django_db  # request_finished closes the database's old connections too
@override_settings(CACHES=LOCAL_AND_SHARED)
def test_a_requests_fragments_are_shared_together_once_its_response_is_sent(monkeypatch):
    from django.core.signals import request_finished
    from django.http import HttpResponse

    from league.fragment_cache import HoldFragmentWrites

    fragments, shared = caches["template_fragments"], caches["derived"]
    writes = []
    monkeypatch.setattr(type(shared), "set_many",
                        lambda self, data, *args: writes.append(dict(data)) or [])

    def view(request):
        fragments.set("head", "<h1>Club</h1>", 60)
        fragments.set("table", "<table></table>", 60)
        fragments.add("fixtures", "<ol></ol>", 60)
        fragments.set("withdrawn", "<p>gone</p>", 60)
        fragments.delete("withdrawn")
        assert fragments.get("table") == "<table></table>"  # this process has it at once
        assert shared.get("head") is None and writes == []  # the others once the page is sent
        return HttpResponse("page")

    HoldFragmentWrites(view)(None)
    assert writes == []
    request_finished.send(sender=None)
    assert writes == [{"head": "<h1>Club</h1>", "table": "<table></table>",
                       "fixtures": "<ol></ol>"}]
    fragments.set("outside-a-request", "<p>at once</p>", 60)  # a task, a shell
    assert shared.get("outside-a-request") == "<p>at once</p>"
    request_finished.send(sender=None)
    assert len(writes) == 1


def redis_answers(url: str) -> bool:
    import redis

    try:
        return bool(redis.Redis.from_url(url, socket_connect_timeout=0.5).ping())
    except redis.RedisError:
        return False


@override_settings(CACHES=caches_for(UNUSED_URL))
def test_the_redis_cache_keeps_one_connection_pool_for_all_threads():
    """Threads that first use the cache at the same moment still end with one pool."""
    if not redis_answers(REDIS):
        pytest.skip("Redis does not answer on 127.0.0.1:6379")
    pools = []
    together = threading.Barrier(3)

    def use_the_cache(at_once: bool = True) -> None:
        if at_once:
            together.wait(timeout=10)
        caches["derived"].get("anything")  # each thread has its own cache object
        pools.append(get_redis_connection("derived").connection_pool)

    threads = [threading.Thread(target=use_the_cache) for _ in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=10)
    use_the_cache(at_once=False)
    assert len(pools) == 4
    assert all(pool is pools[0] for pool in pools)
    assert get_redis_connection("default").connection_pool is pools[0]


@override_settings(CACHES=caches_for(REDIS))
@pytest.mark.parametrize("alias", ["default", "derived"])
def test_the_redis_cache_reads_what_it_wrote(alias):
    if not redis_answers(REDIS):
        pytest.skip("Redis does not answer on 127.0.0.1:6379")
    cache = caches[alias]
    key = f"answer-of-{alias}"  # both aliases write to the one database
    cache.set(key, ("abc", (1, 2)), 30)
    assert cache.get(key) == ("abc", (1, 2))
    assert cache.get_many([key, "missing"]) == {key: ("abc", (1, 2))}
    cache.delete(key)
    assert cache.get(key) is None


@pytest.mark.parametrize("where", ["redis", "memory"])
def test_adding_many_keeps_what_another_writer_put_first(where):
    if where == "redis" and not redis_answers(REDIS):
        pytest.skip("Redis does not answer on 127.0.0.1:6379")
    with override_settings(CACHES=caches_for(REDIS if where == "redis" else "")):
        cache = caches["derived"]
        cache.delete_many(["first", "second", "third"])
        cache.set("first", "theirs", 30)
        held = cache.add_many({"first": "mine", "second": ("mine", (1, 2))}, timeout=None)
        assert held == {"first": "theirs", "second": ("mine", (1, 2))}
        assert cache.get_many(["first", "second"]) == held
        assert cache.add_many({"second": "again", "third": 3}, timeout=30) == {
            "second": ("mine", (1, 2)), "third": 3}
        cache.delete_many(["first", "second", "third"])


def test_a_key_read_ahead_then_written_is_read_again_as_written_without_asking_the_cache():
    from league.core.cache import ReadAhead, derived, read_ahead

    behind = super(ReadAhead, caches["derived"])  # the storage, under the read-ahead layer
    keys = ["set-here", "added-here", "added-elsewhere", "not-read-ahead"]
    derived.delete_many(keys)
    derived.set("added-elsewhere", "theirs", 30)
    with read_ahead(keys[:3]):
        assert derived.get("set-here") is None
        derived.set("set-here", "mine", 30)
        held = derived.add_many({"added-here": "mine", "added-elsewhere": "mine"}, timeout=30)
        assert held == {"added-here": "mine", "added-elsewhere": "theirs"}
        for key in keys[:3]:  # unseen by this request: what it wrote is what it reads
            behind.delete(key)
        assert derived.get_many(keys[:3]) == {"set-here": "mine", "added-here": "mine",
                                              "added-elsewhere": "theirs"}
        derived.set("not-read-ahead", "mine", 30)
        behind.delete("not-read-ahead")
        assert derived.get("not-read-ahead") is None  # the cache asked: it was not read ahead
    assert derived.get("set-here") is None  # after the block, the cache is asked again
    derived.delete_many(keys)


def test_adding_many_with_the_redis_down_holds_nothing_and_the_page_mints_its_own():
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    with override_settings(CACHES=caches_for(f"redis://127.0.0.1:{port}/0")):
        assert caches["derived"].add_many({"anything": 1}, timeout=None) == {}


@pytest.mark.django_db
def test_a_version_stored_by_an_older_release_is_replaced_not_trusted():
    from league.competitions.base.page_versions import competition_tokens, competition_version
    from league.core.cache import derived as cache
    from tests.factories import CompetitionFactory

    competition = CompetitionFactory()
    older = ("a-token-of-an-older-format", ())  # a token and the round ids, in one entry
    cache.set(f"competition-page-version:{competition.pk}", older)
    version = competition_version(competition.pk)
    assert version is not None and version.token != older[0]
    assert competition_version(competition.pk) == version
    other = CompetitionFactory()
    cache.set(f"competition-page-version:{other.pk}", older)
    token = competition_tokens([other.pk])[other.pk]
    assert token != older[0] and competition_version(other.pk).token == token


@pytest.mark.django_db
def test_a_version_knows_its_competitions_rounds_and_no_competition_has_none():
    from league.competitions.base.page_versions import competition_tokens, competition_version
    from tests.factories import CompetitionFactory, RoundFactory

    with_rounds, without = CompetitionFactory(), CompetitionFactory()
    rounds = {RoundFactory(competition=with_rounds, number=n).pk for n in (1, 2)}
    assert competition_version(with_rounds.pk).rounds == rounds
    assert competition_version(without.pk).rounds == frozenset()
    assert competition_version(987654) is None
    tokens = competition_tokens([with_rounds.pk, without.pk, 987654])
    assert set(tokens) == {with_rounds.pk, without.pk}
    assert tokens[with_rounds.pk] == competition_version(with_rounds.pk).token


@pytest.mark.django_db
def test_a_version_minted_with_the_page_s_own_read_knows_the_same_rounds():
    from league.competitions.base.page_versions import competition_version
    from league.competitions.views.competitions import CompetitionRead
    from tests.factories import CompetitionFactory, RoundFactory

    competition = CompetitionFactory()
    rounds = {RoundFactory(competition=competition, number=n).pk for n in (1, 2, 3)}
    read = CompetitionRead(competition.pk)
    assert competition_version(competition.pk, read.round_ids).rounds == rounds
    assert {round_.pk for round_ in read.found.round_list} == rounds  # kept for the page
    again = CompetitionRead(competition.pk)  # the version is stored: nothing is read for it
    assert competition_version(competition.pk, again.round_ids).rounds == rounds
    assert again.found is None
    assert competition_version(987654, CompetitionRead(987654).round_ids) is None


@pytest.mark.django_db
def test_a_change_committed_while_a_first_visitor_reads_the_page_leaves_his_copy_unread():
    """The first visitor after a change reads the page under a new version. A result confirmed
    while he reads forgets that version: the copy he renders from what he read is never shown
    again."""
    from league.competitions.base.page_versions import competition_changed, competition_version
    from tests.factories import CompetitionFactory

    competition = CompetitionFactory()

    def read_while_a_result_is_confirmed():
        competition_changed([competition.pk])  # the confirmation's commit, outside any block
        return []

    first = competition_version(competition.pk, read_while_a_result_is_confirmed)
    assert competition_version(competition.pk).token != first.token


@pytest.mark.django_db
def test_a_round_drawn_while_a_first_visitor_reads_is_known_to_the_version_after_it():
    from league.competitions.base.page_versions import competition_changed, competition_version
    from tests.factories import CompetitionFactory, RoundFactory

    competition = CompetitionFactory()
    drawn = []

    def read_while_a_round_is_drawn():
        read = [round_.pk for round_ in competition.rounds.all()]
        drawn.append(RoundFactory(competition=competition, number=1).pk)
        competition_changed([competition.pk])
        return read

    assert competition_version(competition.pk, read_while_a_round_is_drawn).rounds == set()
    assert competition_version(competition.pk).rounds == set(drawn)


@pytest.mark.django_db
def test_no_version_is_kept_for_a_competition_that_does_not_exist(client):
    from django.urls import reverse

    from league.competitions.base.page_versions import competition_version
    from league.core.cache import derived as cache

    assert client.get(reverse("competition", args=[987654])).status_code == 404
    assert competition_version(987655) is None
    assert cache.get_many(["competition-page-version:987654",
                           "competition-page-version:987655"]) == {}
