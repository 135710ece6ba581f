"""Reads for the notification pages."""

from __future__ import annotations

from league.core.written_reads import Read, table
from league.notifications.models import Notification

SHOWN = 100
# Asked by the header of a signed-in user's cold visit of every page: written out, as the ORM's
# query cost several times what the database took to answer it (league.core.written_reads).
UNREAD_SQL = (f"SELECT COUNT(*) FROM {table(Notification)} n "
              f"WHERE n.user_id = %s AND n.read_at IS NULL AND n.done_at IS NULL")


def latest_notifications(user, shown: int = SHOWN) -> list[Notification]:
    """The user's latest notifications, newest first: one query."""
    return list(Notification.objects.filter(user=user)[:shown])


def unread_read(user_id: int) -> Read[int]:
    """How many of the user's notifications are neither read nor done, counted in the database
    (the header reads it through the cache: league.notifications.services.unread_count)."""
    return Read(UNREAD_SQL, [user_id], lambda rows: rows[0][0])
