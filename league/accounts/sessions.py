"""The sessions: Django's cached_db store (each session kept in the derived cache, in front of
the database), its database read written out.

A signed-in page whose session is not in the cache reads it from the database: the ORM built
that query anew on every such visit, at several times what the database took to answer it
(league.core.written_reads). The read is Django's: the session under its key that has not
expired; none found, the session starts anew under a new key.
"""

from __future__ import annotations

from django.contrib.sessions.backends.cached_db import SessionStore as CachedDbStore
from django.contrib.sessions.models import Session
from django.db import connection
from django.utils import timezone

from league.core.written_reads import Columns, fetched, table

SESSION = Columns(Session, "s")
_SESSION_SQL = (f"SELECT {SESSION.sql} FROM {table(Session)} s "
                f"WHERE s.session_key = %s AND s.expire_date > %s")


class SessionStore(CachedDbStore):
    def _get_session_from_db(self) -> Session | None:
        if self.session_key is None:
            return None
        now = connection.ops.adapt_datetimefield_value(timezone.now())
        found = fetched(_SESSION_SQL, [self.session_key, now])
        if not found:
            self._session_key = None
            return None
        return SESSION.instance(found[0])
