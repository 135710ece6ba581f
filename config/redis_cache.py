"""Django's Redis cache, keeping one redis-py client per connection pool.

Django's RedisCacheClient builds a new `redis.Redis` for every call, and redis-py fills its
table of response callbacks each time it builds one: about half a millisecond, several times
what the call itself costs on loopback (measured: a version read 0.51 ms before, see
benchmarks/bench_load.py). A client is safe to share between threads; Django also keeps one
cache object per thread.
"""

from __future__ import annotations

from django.core.cache.backends.redis import RedisCache, RedisCacheClient


class _ReusedClients(RedisCacheClient):
    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._clients: dict[int, object] = {}

    def get_client(self, key=None, *, write=False):
        pool = self._get_connection_pool(write)
        client = self._clients.get(id(pool))
        if client is None:
            client = self._clients[id(pool)] = self._client(connection_pool=pool)
        return client


class ReusingRedisCache(RedisCache):
    def __init__(self, server, params) -> None:
        super().__init__(server, params)
        self._class = _ReusedClients
