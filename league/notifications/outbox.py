"""Notices written in the transaction of the change they tell of (a webhook paused): the
notification rows are saved with the change, so they are on the site the moment it commits and
cannot be lost between the commit and the broker; their mail is sent by a task after the
commit (`mail_notifications`), and by the periodic sweep when that task was lost."""

from __future__ import annotations

from datetime import datetime, timedelta

from django.db import transaction

from league.core.cache import derived
from league.notifications.models import Channel, Kind, Notification
from league.notifications.receivers import send_after_commit
from league.notifications.services import (
    UNREAD_KEY,
    Text,
    channel_of,
    mail_once,
    written_for,
)

WRITTEN_AHEAD = (Kind.WEBHOOK_PAUSED,)
# A notice not mailed this long after it was written lost its task; older than a day, it is
# left on the site only.
MAIL_LOST_AFTER = timedelta(minutes=2)
MAIL_WITHIN = timedelta(days=1)


def tell_club_organizers(club, kind: Kind, *, key: str, text: Text, link: str = "") -> list[int]:
    """In the caller's transaction: one notification for each organizer of the club who wants
    this kind (the key: once each), written in his language (else the club's) and mailed after
    the commit. Their ids."""
    ids = []
    for user in club.organizers.all():
        if channel_of(user, kind) == Channel.NOTHING:
            continue
        language, written = written_for(user, club, text)
        notification, created = Notification.objects.get_or_create(
            user=user, key=key,
            defaults={"kind": kind, "text": written[:500], "link": link[:300], "language": language},
        )
        ids.append(notification.pk)
        if created:
            transaction.on_commit(lambda pk=user.pk: derived.delete(UNREAD_KEY.format(pk)))
    if ids:
        send_after_commit("mail_notifications", ids)
    return ids


def mail_written(ids: list[int]) -> int:
    """Mail each of these notifications whose user wants mail of its kind, unless already
    mailed: how many were mailed now."""
    mailed = 0
    rows = Notification.objects.filter(pk__in=ids, emailed_at__isnull=True).select_related("user")
    for notification in rows:
        user = notification.user
        if user.email and channel_of(user, notification.kind) == Channel.EMAIL:
            mailed += mail_once(notification)
    return mailed


def mail_lost(now: datetime) -> int:
    """The sweep: notices written ahead whose mail task was lost are mailed now."""
    rows = Notification.objects.filter(
        kind__in=WRITTEN_AHEAD,
        emailed_at__isnull=True,
        created__lte=now - MAIL_LOST_AFTER,
        created__gte=now - MAIL_WITHIN,
    )
    return mail_written(list(rows.values_list("pk", flat=True)))
