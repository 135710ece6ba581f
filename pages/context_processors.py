"""What the header of every page needs."""

from __future__ import annotations

from django.http import HttpRequest

from clubs.permissions import organizes_any


def header(request: HttpRequest) -> dict:
    # Called by the template only where it is shown; a cache read, no query.
    return {"organizes": lambda: organizes_any(request.user)}
