"""The statistics' Celery task: thin, idempotent, taking ids and calling one service."""

from __future__ import annotations

from celery import shared_task

from league.core.retry import RETRIED


@shared_task(name="stats.tasks.count_statistics", bind=True, **RETRIED)
def count_statistics(self, match_id: int, follow_up: int | None = None) -> None:
    """The summary rows of the match's players recounted (summaries.py); nothing when its
    follow-up row is done. Counting again gives the same rows: a second sending is harmless."""
    from league.competitions.base.outbox import mark_done, take
    from league.stats.summaries import refresh_match

    if not take(follow_up):
        return
    refresh_match(match_id)
    mark_done(follow_up)
