"""The club's events other than a result, recorded as webhook deliveries in the transaction that
makes them (a round created: paired; a competition saved finished), sent after it commits."""

from __future__ import annotations

from django.db.models.signals import post_save
from django.dispatch import receiver

from league.api.models import WebhookEvent
from league.api.webhooks.deliveries import record
from league.competitions.models import Competition, Round


@receiver(post_save, sender=Round, dispatch_uid="webhook-round-paired")
def round_paired(sender, instance: Round, created: bool, raw: bool = False, **kwargs) -> None:
    if created and not raw:
        record(instance.competition_id, WebhookEvent.ROUND_PAIRED, f"round.paired:{instance.pk}",
               instance.pk)


@receiver(post_save, sender=Competition, dispatch_uid="webhook-competition-finished")
def competition_finished(sender, instance: Competition, raw: bool = False, **kwargs) -> None:
    if not raw and instance.status == Competition.Status.FINISHED:
        record(instance.pk, WebhookEvent.COMPETITION_FINISHED,
               f"competition.finished:{instance.pk}", instance.pk)
