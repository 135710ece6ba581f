"""A request's SETs to a Redis cache, sent without waiting for their replies (league/caches.py).

Each SET goes out at once on a connection the request keeps for them, and Redis takes it as soon
as it arrives, as if the request had waited; the replies are read once the response has been
sent (league.core.cache.after_response), and the connection given back to its pool then. A
page that fills the cache with what it read from the database waits for none of those round
trips. Outside a request (a task, a shell) nothing is kept for later: the cache waits for each
reply, as django-redis does.
"""

from __future__ import annotations

from contextvars import ContextVar

from league.cache_breaker import UNREACHABLE, Breaker
from league.core.cache import after_response


class SentSets:
    """The SETs a request sent on one connection of a pool without waiting for their replies,
    which are read once its response has been sent (`read`): the connection is its own until
    then. Redis takes each SET as soon as it arrives, as if the request had waited."""

    _of_request: ContextVar[dict[int, SentSets] | None] = ContextVar("sent_sets", default=None)

    def __init__(self, pool, breaker: Breaker) -> None:
        self.pool, self.breaker = pool, breaker
        self.connection = pool.get_connection()
        self.unread = 0

    @classmethod
    def of(cls, pool, breaker: Breaker) -> SentSets | None:
        """This request's connection of `pool` (taken on first use); None outside a request.
        A Redis that fails to answer when the replies are read trips `breaker`."""
        sent = cls._of_request.get()
        if sent is None:
            sent = {}
            if not after_response(lambda: cls._read_all(sent)):
                return None
            cls._of_request.set(sent)
        if id(pool) not in sent:
            sent[id(pool)] = cls(pool, breaker)
        return sent[id(pool)]

    @classmethod
    def _read_all(cls, sent: dict[int, SentSets]) -> None:
        cls._of_request.set(None)
        for sets in sent.values():
            sets.read()

    def send(self, commands: list[tuple]) -> None:
        """These SETs sent in one write to the socket, in their order."""
        try:
            self.connection.send_packed_command(self.connection.pack_commands(commands))
        except BaseException:
            self.drop()
            raise
        self.unread += len(commands)

    def read(self) -> None:
        """The replies read and the connection given back; a Redis that did not take a SET
        (or stopped answering) costs nothing more than a write dropped. A connection with a
        reply left unread is closed before it is given back: no other call may read it."""
        try:
            while self.unread:
                self.connection.read_response()
                self.unread -= 1
        except UNREACHABLE as error:
            self.breaker.trip(error, "writes dropped")
        finally:
            if self.unread:
                self.connection.disconnect()
                self.unread = 0
            self.pool.release(self.connection)

    def drop(self) -> None:
        """The connection closed and given back, its replies unread: this request's next SET
        takes another."""
        sent = self._of_request.get()
        if sent is not None:
            sent.pop(id(self.pool), None)
        self.connection.disconnect()
        self.pool.release(self.connection)
