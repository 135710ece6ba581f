"""What the header of every page needs."""

from __future__ import annotations

from django.http import HttpRequest

from league.clubs.permissions import organizes_any
from league.notifications.services import unread_count


def header(request: HttpRequest) -> dict:
    # Called by the template only where it is shown; a cache read, no query.
    # The unread count: a cache read, or one query (counted in tests/views/test_query_counts).
    return {"organizes": lambda: organizes_any(request.user),
            "unread_notifications": lambda: unread_count(request.user)}
