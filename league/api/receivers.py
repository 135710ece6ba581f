"""The club's events other than a result, recorded as webhook deliveries in the transaction that
makes them (a round created: paired; a competition saved finished; a rating period closed by
the ratings' rebuild), sent after it commits."""

from __future__ import annotations

from django.db.models.signals import post_save
from django.dispatch import receiver

from league.api.models import WebhookEvent
from league.api.webhooks.deliveries import club_wants, record, record_for_club
from league.api.webhooks.events import period_closed_body
from league.competitions.models import Competition, Round
from league.ratings.signals import rating_periods_closed


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


@receiver(rating_periods_closed, dispatch_uid="webhook-rating-period-closed")
def rating_period_closed(sender, club, periods, **kwargs) -> None:
    """Once per club and week (the key), whichever rebuild closed it first."""
    event = WebhookEvent.RATING_PERIOD_CLOSED
    if not club_wants(club.pk, event):
        return
    for period in periods:
        record_for_club(club.pk, event, f"{event}:{club.pk}:{period.starts_on.isoformat()}",
                        club.pk, body=period_closed_body(club, period))
