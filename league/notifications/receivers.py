"""The lower apps' signals, turned into tasks sent once the change commits.

A reported, disputed, decided or corrected result leaves an audit entry; a paired round is a new
Round row (its matches follow in the same transaction); a knockout match is ready when a saved
row has both its players; a ladder challenge is a new LadderChallenge row, and it is settled
when its status is saved as other than open; sign-ups open when a competition is saved with
registration_open among its saved fields and set; an invitation is league.clubs.signals.organizer_invited.
Nothing is read here (no query in the request): the tasks read what was committed.
"""

from __future__ import annotations

import logging

from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models.signals import post_save
from django.dispatch import receiver

from league.clubs.models import Club
from league.clubs.signals import organizer_invited
from league.competitions.models import (
    AuditEntry,
    Competition,
    Entry,
    LadderChallenge,
    Match,
    Round,
)
from league.notifications.events import TOLD_OF

log = logging.getLogger(__name__)

SEATING = {"entry_a", "entry_b", "status"}
# A match's result confirmed, decided or settled otherwise: what its notifications asked for
# may be done (league.notifications.events.asked_and_done).
ANSWERING = frozenset({
    AuditEntry.Action.CONFIRMED, AuditEntry.Action.ENTERED_BY_ORGANIZER,
    AuditEntry.Action.CONFIRMED_FOR_PLAYER, AuditEntry.Action.CONFIRMED_AUTOMATICALLY,
    AuditEntry.Action.DISPUTED, AuditEntry.Action.DISPUTE_UPHELD,
    AuditEntry.Action.DISPUTE_REJECTED, AuditEntry.Action.CORRECTED, AuditEntry.Action.NO_SHOW,
    AuditEntry.Action.FORFEIT, AuditEntry.Action.DOUBLE_FORFEIT, AuditEntry.Action.WALKOVER,
    AuditEntry.Action.WITHDRAWAL,
})


def send_after_commit(task_name: str, *args) -> None:
    def send() -> None:
        from league.notifications import tasks

        try:
            getattr(tasks, task_name).delay(*args)
        except Exception:
            # The broker is down, or (tasks run in-process) the mail server refused after the
            # task's retries: the change stands and its page answers; the periodic task tells
            # of a result later (league.notifications.events.recent_results).
            log.exception("notification task %s%s not done", task_name, args)

    transaction.on_commit(send)


@receiver(post_save, sender=AuditEntry, dispatch_uid="notify-audit")
def _audit_entry(instance: AuditEntry, created: bool, **_) -> None:
    if created and instance.action in TOLD_OF:
        send_after_commit("notify_audit_entry", instance.pk)
    if created and instance.match_id and instance.action in ANSWERING:
        send_after_commit("mark_asked_done", instance.match_id)


@receiver(post_save, sender=Round, dispatch_uid="notify-round")
def _round(instance: Round, created: bool, **_) -> None:
    if created:
        send_after_commit("notify_round_paired", instance.pk)


@receiver(post_save, sender=Match, dispatch_uid="notify-match-ready")
def _match(instance: Match, created: bool, update_fields=None, **_) -> None:
    seated = update_fields is None or SEATING & set(update_fields)
    if (seated and instance.status == Match.Status.SCHEDULED and instance.kind == Match.Kind.PLAYED
            and instance.entry_a_id and instance.entry_b_id):
        send_after_commit("notify_match_ready", instance.pk)


@receiver(post_save, sender=LadderChallenge, dispatch_uid="notify-ladder-challenge")
def _challenge(instance: LadderChallenge, created: bool, update_fields=None, **_) -> None:
    if created:
        send_after_commit("notify_ladder_challenge", instance.pk)
    elif (instance.status != LadderChallenge.Status.OPEN
          and (update_fields is None or "status" in update_fields)):
        send_after_commit("notify_ladder_settled", instance.pk)


@receiver(post_save, sender=Competition, dispatch_uid="notify-sign-ups-open")
def _competition(instance: Competition, update_fields=None, **_) -> None:
    if (instance.registration_open and update_fields is not None
            and "registration_open" in update_fields):
        send_after_commit("notify_sign_ups_open", instance.pk)
    elif update_fields is not None and {"registration_open", "status"} & set(update_fields):
        send_after_commit("mark_sign_ups_done", instance.pk)


@receiver(post_save, sender=Entry, dispatch_uid="sign-up-answered")
def _entry(instance: Entry, created: bool, **_) -> None:
    if created:
        send_after_commit("mark_sign_ups_done", instance.competition_id)


@receiver(organizer_invited, sender=Club, dispatch_uid="notify-invitation")
def _invited(club: Club, email: str, token: str, by: str, **_) -> bool:
    if not get_user_model().objects.filter(email__iexact=email).exists():
        return False
    send_after_commit("notify_invitation", club.pk, email, token, by)
    return True
