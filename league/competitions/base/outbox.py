"""The outbox of follow-up work (league.competitions.models.FollowUp).

`record` writes the rows in the caller's transaction and sends them once it commits; `relay`
sends again what is still not done and looks lost; the task that does the work calls `take`
first (a row already done is not done again) and `mark_done` last. Sending never raises: with
the broker down or not answering (its connect and publish timeouts:
CELERY_BROKER_CONNECTION_TIMEOUT and the transport's socket timeouts in
CELERY_BROKER_TRANSPORT_OPTIONS) the row stays for the relay, and the change that caused it
stands.

The task that does each kind of work is registered by the app that owns the work, when that app
is ready (`register`): the competitions app registers the progression, the ratings app, a
higher layer that competitions never imports, the rating of a result and the rating again after
removed results. A kind no app registered is not recorded.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import timedelta

from celery import Task
from django.conf import settings
from django.db import transaction
from django.db.models import F
from django.utils import timezone
from kombu.exceptions import KombuError

from league.competitions.models import FollowUp, Match

from .played import record_played_at

log = logging.getLogger(__name__)

# A row a worker took this long ago and still not done is sent again: its worker died or its
# retries ran out (the broker itself gives that message back only after its visibility timeout).
# Far above the longest task (seconds) and the longest wait between two retries of a task
# (league.core.retry); with the relay every 15 s, work whose worker died is sent again within a
# minute.
RESEND_AFTER = timedelta(seconds=45)
# A row sent and taken by no worker yet is queued, or its message was lost: the workers may
# merely be down or busy, so it is sent again only after a wait that doubles with each sending,
# from QUEUED_WAIT up to the broker's visibility timeout. A task sent twice changes nothing and
# returns at once when its row is done.
QUEUED_WAIT = timedelta(minutes=3)
# The organizer's page shows work that has waited longer than this.
OVERDUE_AFTER = timedelta(minutes=5)
BROKER_ERRORS = (KombuError, ConnectionError, TimeoutError, OSError)
# The work a confirmed (or corrected) result sets off, in this order, each given the match id.
RESULT_KINDS = (FollowUp.Kind.PROGRESS, FollowUp.Kind.RATE, FollowUp.Kind.WEBHOOKS,
                FollowUp.Kind.STATISTICS)

_TASKS: dict[str, Task] = {}
_WANTED: dict[str, Callable[[Match], bool]] = {}


def register(kind: FollowUp.Kind, task: Task,
             wanted: Callable[[Match], bool] | None = None) -> None:
    """Name the task that does `kind`'s work. A result's kinds (RESULT_KINDS) are given the match
    id, RATE_AGAIN the competition id and the moment to rate from; every task also gets the
    row's id as `follow_up`, to mark it done. `wanted`, if given, says in the confirming
    transaction whether a result has such work at all (a club with no webhook has none)."""
    _TASKS[kind] = task
    if wanted is None:
        _WANTED.pop(kind, None)
    else:
        _WANTED[kind] = wanted


def unregister(kind: FollowUp.Kind) -> Task | None:
    """Take `kind`'s task away (no row of that kind is recorded after this); the task it had."""
    _WANTED.pop(kind, None)
    return _TASKS.pop(kind, None)


def enqueue_result_follow_up(match: Match) -> list[FollowUp]:
    """In the confirming transaction: record the work a confirmed result sets off (the
    progression, the ratings); it is sent to the broker after the commit, and again by the relay
    until done. The moment the result was played is stored with it (base.played), the week the
    ratings place it in."""
    record_played_at(match)
    rows = FollowUp.objects.bulk_create(
        FollowUp(kind=kind, competition_id=match.competition_id, match_id=match.pk)
        for kind in RESULT_KINDS if kind in _TASKS and _WANTED.get(kind, _always)(match)
    )
    ids = [row.pk for row in rows]
    transaction.on_commit(lambda: send_all(FollowUp.objects.filter(pk__in=ids)))
    return rows


def enqueue_statistics_follow_up(match: Match) -> list[FollowUp]:
    """In the transaction of a change to a confirmed match's facts that sets off no other work
    (a hand corrected without changing the result, a walkover in a bracket): its players'
    statistics counted again, after the commit."""
    if FollowUp.Kind.STATISTICS not in _TASKS:
        return []
    row = FollowUp.objects.create(kind=FollowUp.Kind.STATISTICS,
                                  competition_id=match.competition_id, match_id=match.pk)
    transaction.on_commit(lambda: send_all(FollowUp.objects.filter(pk=row.pk)))
    return [row]


def record_statistics_recount(competition_id: int) -> FollowUp | None:
    """In the transaction that removes or resets a competition's matches (a stage drawn again,
    a Swiss round paired again, a match reset): the statistics of the competition's players
    counted again after the commit, the removed matches' players among them."""
    if FollowUp.Kind.STATISTICS not in _TASKS:
        return None
    waiting = FollowUp.objects.filter(kind=FollowUp.Kind.STATISTICS, competition_id=competition_id,
                                      match__isnull=True, sent_at__isnull=True,
                                      done_at__isnull=True).first()
    if waiting is not None:  # not sent yet: it counts what this transaction leaves too
        return waiting
    row = FollowUp.objects.create(kind=FollowUp.Kind.STATISTICS, competition_id=competition_id)
    transaction.on_commit(lambda: send_all(FollowUp.objects.filter(pk=row.pk)))
    return row


def _always(match: Match) -> bool:
    return True


def record_rate_again(competition_id: int, rate_from) -> FollowUp | None:
    """In the transaction that removes a stage's played matches (their games with them): the
    club's ratings rated again from the week of the earliest removed result. Nothing when no
    result was removed (rate_from None)."""
    if rate_from is None or FollowUp.Kind.RATE_AGAIN not in _TASKS:
        return None
    row = FollowUp.objects.create(kind=FollowUp.Kind.RATE_AGAIN, competition_id=competition_id,
                                  rate_from=rate_from)
    transaction.on_commit(lambda: send_all(FollowUp.objects.filter(pk=row.pk)))
    return row


def relay(now=None) -> int:
    """Send again what is not done and is lost: written and never sent, taken by a worker
    RESEND_AFTER ago and not done since, or sent and taken by none for longer than its queued
    wait (`queued_wait`)."""
    now = now or timezone.now()
    due = now - RESEND_AFTER
    rows = FollowUp.objects.filter(done_at__isnull=True, created__lte=due)
    return send_all((row for row in rows if _lost(row, now)), now=now)


def queued_wait(attempts: int) -> timedelta:
    """How long a row sent `attempts` times and taken by no worker waits before it is sent
    again: QUEUED_WAIT, doubled with each sending after the first, at most the broker's
    visibility timeout."""
    longest = timedelta(seconds=settings.CELERY_BROKER_TRANSPORT_OPTIONS["visibility_timeout"])
    return min(QUEUED_WAIT * 2 ** max(attempts - 1, 0), longest)


def _lost(row: FollowUp, now) -> bool:
    if row.sent_at is None:
        return True
    if row.taken_at is not None:
        return row.taken_at <= now - RESEND_AFTER
    return row.sent_at <= now - queued_wait(row.attempts)


def send_all(rows, *, now=None) -> int:
    return sum(send(row, now=now) for row in list(rows))


def send(row: FollowUp, *, now=None) -> bool:
    """Hand the row's task to the broker (in-process when tasks run eagerly)."""
    task = _TASKS.get(row.kind)
    if task is None:
        log.warning("follow-up %s (%s) not sent: no task does that work here", row.pk, row.kind)
        return False
    FollowUp.objects.filter(pk=row.pk).update(sent_at=now or timezone.now(), taken_at=None,
                                              attempts=F("attempts") + 1)
    kwargs = {"follow_up": row.pk}
    if row.kind == FollowUp.Kind.RATE_AGAIN:
        args = [row.competition_id, row.rate_from.isoformat()]
    else:
        args = [row.match_id]
        if row.match_id is None:  # a whole competition's statistics
            kwargs["competition_id"] = row.competition_id
    signature = task.signature(args=args, kwargs=kwargs)
    try:
        publish(signature)
    except BROKER_ERRORS as error:
        log.warning("follow-up %s (%s) not sent, the relay sends it again: %s",
                    row.pk, row.kind, error)
        return False
    return True


def publish(signature) -> None:
    # Retried on a lost connection as CELERY_TASK_PUBLISH_RETRY_POLICY says (once, at once):
    # a broker that is down fails within the connect and socket timeouts, not after a long wait.
    signature.apply_async()


def take(follow_up: int | None) -> bool:
    """At the start of the task: whether its work is still to do. A row already done (a second
    sending, a redelivery) is False and the task returns at once; otherwise the row is marked
    taken by a worker now, on every attempt. No row (the task called without one) is True."""
    if follow_up is None:
        return True
    return FollowUp.objects.filter(pk=follow_up, done_at__isnull=True).update(
        taken_at=timezone.now()) == 1


def mark_done(follow_up: int | None) -> None:
    if follow_up is not None:
        FollowUp.objects.filter(pk=follow_up, done_at__isnull=True).update(done_at=timezone.now())


def due_in_club(kind: FollowUp.Kind, club_id: int) -> list[tuple[int, int | None]]:
    """The club's follow-ups of `kind` not done yet, as (row id, match id), oldest first: the
    work one task may do at once for all of them (a burst of results in one club rated once),
    then mark done together (`mark_all_done`) in the same transaction. One query."""
    return list(_not_done(kind, club_id).order_by("pk").values_list("pk", "match_id"))


def still_waiting(kind: FollowUp.Kind, club_id: int, *, but: int | None = None) -> set[int]:
    """The competitions of the club with a follow-up of `kind` not done yet (other than the row
    `but`, the caller's own). One query."""
    return set(_not_done(kind, club_id).exclude(pk=but).values_list("competition_id", flat=True))


def _not_done(kind: FollowUp.Kind, club_id: int):
    return FollowUp.objects.filter(kind=kind, done_at__isnull=True,
                                   competition__season__club_id=club_id)


def is_done(follow_up: int | None) -> bool:
    """Whether the row's work was done (by another task that did it with its own)."""
    return follow_up is not None and FollowUp.objects.filter(
        pk=follow_up, done_at__isnull=False).exists()


def mark_all_done(follow_ups: list[int]) -> None:
    if follow_ups:
        FollowUp.objects.filter(pk__in=follow_ups, done_at__isnull=True).update(
            done_at=timezone.now())


def overdue(club, now=None) -> list[FollowUp]:
    """The club's follow-up work still not done after OVERDUE_AFTER, oldest first. One query."""
    now = now or timezone.now()
    return list(FollowUp.objects.filter(competition__season__club=club, done_at__isnull=True,
                                        created__lte=now - OVERDUE_AFTER)
                .select_related("competition", "match__entry_a__player",
                                "match__entry_b__player"))
