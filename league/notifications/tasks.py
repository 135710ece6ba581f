"""Celery tasks that notify: each takes ids, reads what was committed and tells each user once
(league.notifications.services.notify's unique key), so a retry or a redelivered task tells nobody
twice. A mail server that does not answer is retried with backoff."""

from __future__ import annotations

import smtplib

from celery import shared_task
from django.utils import timezone

from league.core.retry import RETRIED as RETRIED_ON_TRANSIENT_ERRORS
from league.core.retry import TRANSIENT_ERRORS

RETRIED = {**RETRIED_ON_TRANSIENT_ERRORS,
           "autoretry_for": (*TRANSIENT_ERRORS, smtplib.SMTPException)}


@shared_task(name="notifications.tasks.notify_audit_entry", **RETRIED)
def notify_audit_entry(audit_id: int) -> int:
    from league.notifications.events import audit_entry

    return audit_entry(audit_id)


@shared_task(name="notifications.tasks.mark_asked_done", **RETRIED)
def mark_asked_done(match_id: int) -> int:
    from league.notifications.events import asked_and_done

    return asked_and_done(match_id)


@shared_task(name="notifications.tasks.notify_round_paired", **RETRIED)
def notify_round_paired(round_id: int) -> int:
    from league.notifications.events import round_paired

    return round_paired(round_id)


@shared_task(name="notifications.tasks.notify_match_ready", **RETRIED)
def notify_match_ready(match_id: int) -> int:
    from league.notifications.events import match_ready

    return match_ready(match_id)


@shared_task(name="notifications.tasks.notify_invitation", **RETRIED)
def notify_invitation(club_id: int, email: str, token: str, by: str) -> int:
    from league.notifications.events import invited

    return invited(club_id, email, token, by)


@shared_task(name="notifications.tasks.notify_ladder_challenge", **RETRIED)
def notify_ladder_challenge(challenge_id: int) -> int:
    from league.notifications.ladder_events import ladder_challenged

    return ladder_challenged(challenge_id)


@shared_task(name="notifications.tasks.notify_ladder_settled", **RETRIED)
def notify_ladder_settled(challenge_id: int) -> int:
    from league.notifications.ladder_events import ladder_settled

    return ladder_settled(challenge_id)


@shared_task(name="notifications.tasks.notify_sign_ups_open", **RETRIED)
def notify_sign_ups_open(competition_id: int) -> int:
    from league.notifications.sign_up_events import sign_ups_opened

    return sign_ups_opened(competition_id)


@shared_task(name="notifications.tasks.mark_sign_ups_done", **RETRIED)
def mark_sign_ups_done(competition_id: int) -> int:
    from league.notifications.sign_up_events import sign_ups_answered

    return sign_ups_answered(competition_id)


@shared_task(name="notifications.tasks.mail_notifications", **RETRIED)
def mail_notifications(notification_ids: list[int]) -> int:
    """Notices written with the change they tell of (league.notifications.outbox), mailed once."""
    from league.notifications.outbox import mail_written

    return mail_written(notification_ids)


@shared_task(name="notifications.tasks.periodic", **RETRIED)
def periodic() -> int:
    """Periodic: the reminders of what falls due within a day, the overdue matches to their
    organizers, and the results' notifications whose task was lost."""
    from league.notifications.reminders import sweep

    return sweep(timezone.now())
