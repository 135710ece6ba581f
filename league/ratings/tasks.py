"""Celery tasks: thin, idempotent wrappers that take ids and call one ratings service each."""

from __future__ import annotations

from datetime import datetime

from celery import shared_task

from league.competitions.base.outbox import mark_done, take
from league.core.retry import RETRIED

from . import services


@shared_task(name="ratings.tasks.rate_confirmed_result", **RETRIED)
def rate_confirmed_result(match_id: int, follow_up: int | None = None) -> str:
    """After a result is confirmed or corrected: re-rate from its week on if that is rated.
    Retried, like the progression, on a lost connection or a database error. Nothing when its
    follow-up row is already done; the other results of its club waiting for their rating are
    rated by the same rebuild (services.rate_confirmed_result)."""
    if not take(follow_up):
        return f"follow-up {follow_up} already done"
    run = services.rate_confirmed_result(match_id, follow_up=follow_up)
    mark_done(follow_up)
    return str(run) if run is not None else f"match {match_id}: nothing left to rate"


@shared_task(name="ratings.tasks.rate_again_from", **RETRIED)
def rate_again_from(competition_id: int, moment: str, follow_up: int | None = None) -> str:
    """After a stage's played matches were removed: the competition's club rated again from
    the week of the earliest removed result. Running it again rates the same weeks the same;
    nothing when its follow-up row is already done."""
    if not take(follow_up):
        return f"follow-up {follow_up} already done"
    run = services.rate_again_from(competition_id, datetime.fromisoformat(moment))
    mark_done(follow_up)
    return str(run) if run is not None else f"competition {competition_id} no longer exists"


@shared_task(name="ratings.tasks.close_rating_periods", **RETRIED)
def close_rating_periods() -> list[str]:
    """Beat: rate every club's weeks that have ended."""
    return [str(run) for run in services.close_rating_periods()]
