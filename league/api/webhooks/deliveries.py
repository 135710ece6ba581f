"""Deliveries: recorded in the transaction of the change they tell of (a confirmed result's
through the outbox's follow-up row, a round, a finished competition or a closed rating period
by the receivers), sent
after it commits, and by the relay whenever due and not sent. Each attempt claims its row for a
while, posts once, and records the outcome: delivered; or tried again after a wait that grows
fourfold (30 s, 2 min, 8 min, ...), given up after MAX_ATTEMPTS; the webhook paused after
PAUSE_AFTER failures in a row (the delivery that paused it waits for the resumption, which
sends every waiting delivery at once), and its club's organizers told in the same
transaction (league.notifications.outbox). A duplicate task finds the row delivered or
not yet due and does nothing."""

from __future__ import annotations

import logging
import uuid
from datetime import timedelta

from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from league.api.models import Delivery, Webhook, WebhookEvent

from . import events, signing, targets

log = logging.getLogger(__name__)

FIRST_WAIT = timedelta(seconds=30)
MAX_ATTEMPTS = 8
PAUSE_AFTER = 8
CLAIM = timedelta(seconds=90)  # above the request's timeout
TIMEOUT = 10.0
RELAY_BATCH = 200


def wait_after(attempts: int) -> timedelta:
    return FIRST_WAIT * 4 ** max(attempts - 1, 0)


def _of_competition(competition_id: int):
    return Webhook.objects.filter(club__seasons__competitions__id=competition_id)


def club_wants(club_id: int, event: WebhookEvent) -> bool:
    """Whether any webhook of the club wants this event: one query."""
    return any(event in events for events in
               Webhook.objects.filter(club_id=club_id).values_list("events", flat=True))


def wanted_for(competition_id: int, event_types: tuple[str, ...]) -> bool:
    """Whether any webhook of the competition's club wants one of these events: one query."""
    return any(set(events) & set(event_types) for events in
               _of_competition(competition_id).values_list("events", flat=True))


def record(competition_id: int, event: WebhookEvent, key: str, subject_id: int) -> list[int]:
    """In the caller's transaction: one delivery of the event for each webhook of the
    competition's club that wants it (none twice for the same key), sent after the commit.
    One query when the club has no webhook."""
    return _record(_of_competition(competition_id), event, key, subject_id)


def record_for_club(club_id: int, event: WebhookEvent, key: str, subject_id: int, *,
                    body: str = "") -> list[int]:
    """The same for an event of the club itself (a rating period closed), its body given as
    it is at the event rather than made at the first attempt."""
    return _record(Webhook.objects.filter(club_id=club_id), event, key, subject_id, body=body)


def _record(webhooks, event: WebhookEvent, key: str, subject_id: int, *,
            body: str = "") -> list[int]:
    hooks = [pk for pk, wanted in webhooks.values_list("pk", "events") if event in wanted]
    if not hooks:
        return []
    now = timezone.now()
    Delivery.objects.bulk_create(
        [Delivery(webhook_id=pk, event=event, key=key, subject_id=subject_id, body=body,
                  message_id=f"msg_{uuid.uuid4().hex}", next_attempt_at=now) for pk in hooks],
        ignore_conflicts=True)
    ids = list(Delivery.objects.filter(webhook_id__in=hooks, key=key,
                                       status=Delivery.Status.PENDING)
               .values_list("pk", flat=True))
    transaction.on_commit(lambda: send_all(ids))
    return ids


def record_result(match_id: int, competition_id: int, follow_up: int | None) -> list[int]:
    """A confirmed (or corrected) result: the result, and the standings it changed. The event's
    key is the follow-up row's, so the task run twice records nothing twice."""
    tag = follow_up if follow_up is not None else f"match-{match_id}"
    return [*record(competition_id, WebhookEvent.RESULT_CONFIRMED,
                    f"result.confirmed:{tag}", match_id),
            *record(competition_id, WebhookEvent.STANDINGS_CHANGED,
                    f"standings.changed:{tag}", match_id)]


def due_now(ids: list[int]) -> None:
    Delivery.objects.filter(pk__in=ids).update(next_attempt_at=timezone.now(), claimed_until=None)
    transaction.on_commit(lambda: send_all(ids))


def send_all(ids) -> int:
    """Hand each delivery's attempt to the broker; with the broker down they wait for the relay."""
    from league.api import tasks
    from league.competitions.base.outbox import BROKER_ERRORS

    sent = 0
    for pk in ids:
        try:
            tasks.deliver_webhook.apply_async(args=[pk])
            sent += 1
        except BROKER_ERRORS as error:
            log.warning("webhook delivery %s not sent, the relay sends it: %s", pk, error)
    return sent


def relay(now=None) -> int:
    """Send every delivery due and not claimed, of a webhook not paused."""
    now = now or timezone.now()
    due = (Delivery.objects.filter(status=Delivery.Status.PENDING, next_attempt_at__lte=now,
                                   webhook__paused_at__isnull=True)
           .filter(Q(claimed_until__isnull=True) | Q(claimed_until__lt=now))
           .order_by("next_attempt_at").values_list("pk", flat=True)[:RELAY_BATCH])
    return send_all(list(due))


def _claim(pk: int, now) -> bool:
    return Delivery.objects.filter(
        Q(claimed_until__isnull=True) | Q(claimed_until__lt=now), pk=pk,
        status=Delivery.Status.PENDING, next_attempt_at__lte=now,
        webhook__paused_at__isnull=True,
    ).update(claimed_until=now + CLAIM) == 1


def attempt(pk: int, now=None) -> str | None:
    """One attempt at the delivery, if it is due; its status after, None when not attempted."""
    now = now or timezone.now()
    if not _claim(pk, now):
        return None
    delivery = Delivery.objects.select_related("webhook").get(pk=pk)
    if not delivery.body:
        delivery.body = events.body_of(delivery)
        Delivery.objects.filter(pk=pk).update(body=delivery.body)
    hook = delivery.webhook
    stamp = int(now.timestamp())
    headers = signing.headers(hook.secret, delivery.message_id, stamp, delivery.body)
    status, error = None, ""
    try:
        status = targets.post(hook.url, delivery.body, headers, timeout=TIMEOUT)
    except targets.Refused as refusal:
        error = str(refusal)
    except Exception as failure:  # any failure to connect or to read the answer
        error = f"{type(failure).__name__}: {failure}"[:300]
    ok = status is not None and 200 <= status < 300
    if status is not None and not ok:
        error = f"The address answered {status}."
    return _outcome(delivery, ok=ok, status=status, error=error, now=now)


def _outcome(delivery: Delivery, *, ok: bool, status: int | None, error: str, now) -> str:
    paused = False
    with transaction.atomic():
        hook = Webhook.objects.select_for_update().get(pk=delivery.webhook_id)
        row = Delivery.objects.select_for_update().get(pk=delivery.pk)
        row.attempts += 1
        row.last_status, row.last_error, row.last_attempt_at = status, error, now
        row.claimed_until = None
        if ok:
            row.status, row.delivered_at = Delivery.Status.DELIVERED, now
            hook.failures = 0
        else:
            hook.failures += 1
            if hook.failures >= PAUSE_AFTER and hook.paused_at is None:
                hook.paused_at, paused = now, True
            if row.attempts >= MAX_ATTEMPTS and not paused:
                row.status = Delivery.Status.FAILED
            else:  # a delivery whose failure paused its webhook waits for the resumption
                row.next_attempt_at = now + wait_after(row.attempts)
        row.save()
        hook.save(update_fields=["failures", "paused_at"])
        if paused:
            _tell_organizers(hook)
    return row.status


def _tell_organizers(hook: Webhook) -> None:
    """In the pausing transaction: the club's organizers' notices written (once each, the
    notification's key), mailed by the notifications' task after the commit."""
    from django.urls import reverse
    from django.utils.translation import gettext

    from league.notifications.models import Kind
    from league.notifications.outbox import tell_club_organizers

    club = hook.club
    def text() -> str:
        return gettext("The webhook to %(url)s of %(club)s failed %(failures)s times in a row "
                       "and is paused: its events wait until you resume it.") % {
            "url": hook.url, "club": club.name, "failures": hook.failures}
    tell_club_organizers(club, Kind.WEBHOOK_PAUSED,
                         key=f"webhook-paused:{hook.pk}:{int(hook.paused_at.timestamp())}",
                         text=text, link=reverse("webhooks", args=[club.slug]))
