"""Reads for the notification pages."""

from __future__ import annotations

from league.notifications.models import Notification

SHOWN = 100


def latest_notifications(user, shown: int = SHOWN) -> list[Notification]:
    """The user's latest notifications, newest first: one query."""
    return list(Notification.objects.filter(user=user)[:shown])
