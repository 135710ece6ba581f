"""An organizer's acts on the club's webhooks: subscribe a URL to some of the club's events
(its secret shown once), resume one paused, remove one."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext

from league.api.models import Delivery, Webhook, WebhookEvent
from league.clubs.models import Club
from league.clubs.permissions import is_organizer
from league.core.errors import NotAllowed, ServiceError

from . import deliveries, signing, targets

MAX_WEBHOOKS = 10


def subscribe(club: Club, *, actor, url: str, events: list[str]) -> Webhook:
    if not is_organizer(actor, club):
        raise NotAllowed(gettext("Only the club's organizers add its webhooks."))
    url = url.strip()
    try:
        targets.check(url)
    except targets.Refused as refusal:
        raise ServiceError(str(refusal), field="url") from None
    chosen = [event for event in WebhookEvent.values if event in set(events)]
    if not chosen:
        raise ServiceError(gettext("Choose at least one event to send."), field="events")
    with transaction.atomic():
        Club.objects.select_for_update().get(pk=club.pk)
        if Webhook.objects.filter(club=club).count() >= MAX_WEBHOOKS:
            raise ServiceError(gettext("A club has at most %(most)s webhooks: remove one first.")
                               % {"most": MAX_WEBHOOKS}, field="url")
        return Webhook.objects.create(club=club, url=url, events=chosen, made_by=actor,
                                      secret=signing.new_secret())


def resume(webhook: Webhook, *, actor) -> Webhook:
    """Deliveries start again, the waiting ones at once."""
    if not is_organizer(actor, webhook.club):
        raise NotAllowed(gettext("Only the club's organizers resume its webhooks."))
    with transaction.atomic():
        row = Webhook.objects.select_for_update().get(pk=webhook.pk)
        row.paused_at, row.failures = None, 0
        row.save(update_fields=["paused_at", "failures"])
        waiting = list(Delivery.objects.filter(webhook=row, status=Delivery.Status.PENDING)
                       .values_list("pk", flat=True))
        deliveries.due_now(waiting)
    return row


def remove(webhook: Webhook, *, actor) -> None:
    if not is_organizer(actor, webhook.club):
        raise NotAllowed(gettext("Only the club's organizers remove its webhooks."))
    Webhook.objects.filter(pk=webhook.pk).delete()
