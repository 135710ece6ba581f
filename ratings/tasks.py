"""Celery tasks: thin, idempotent wrappers that take ids and call one ratings service each."""

from __future__ import annotations

from celery import shared_task

from . import services

RETRIED = {"autoretry_for": (ConnectionError, TimeoutError), "retry_backoff": True,
           "max_retries": 5, "acks_late": True}


@shared_task(**RETRIED)
def rate_confirmed_result(match_id: int) -> str:
    """After a result is confirmed or corrected: re-rate from its week on if that is rated."""
    run = services.rate_confirmed_result(match_id)
    return str(run) if run is not None else f"match {match_id} no longer exists"


@shared_task(**RETRIED)
def close_rating_periods() -> list[str]:
    """Beat: rate every club's weeks that have ended."""
    return [str(run) for run in services.close_rating_periods()]
