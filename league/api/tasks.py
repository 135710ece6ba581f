"""The webhooks' Celery tasks: thin, idempotent, each taking ids and calling one service."""

from __future__ import annotations

from celery import shared_task

from league.core.retry import RETRIED


@shared_task(name="api.tasks.result_webhooks", bind=True, **RETRIED)
def result_webhooks(self, match_id: int, follow_up: int | None = None) -> None:
    """A confirmed result's deliveries recorded (and sent); nothing when its row is done."""
    from league.api import selectors
    from league.api.webhooks.deliveries import record_result
    from league.competitions.base.outbox import mark_done, take

    if not take(follow_up):
        return
    match = selectors.event_match(match_id)
    record_result(match.pk, match.competition_id, follow_up)
    mark_done(follow_up)


@shared_task(name="api.tasks.deliver_webhook", bind=True, **RETRIED)
def deliver_webhook(self, delivery_id: int) -> str | None:
    """One attempt at a delivery when it is due (a failure is tried again by the relay, later)."""
    from league.api.webhooks.deliveries import attempt

    return attempt(delivery_id)


@shared_task(name="api.tasks.relay_webhooks", acks_late=True)
def relay_webhooks() -> int:
    """Periodic: send the deliveries due and not sent (a retry's time come, the broker back)."""
    from league.api.webhooks.deliveries import relay

    return relay()
