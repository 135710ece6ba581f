"""The statistics' Celery task: thin, idempotent, taking ids and calling one service."""

from __future__ import annotations

from celery import shared_task

from league.core.retry import RETRIED


@shared_task(name="stats.tasks.count_statistics", bind=True, **RETRIED)
def count_statistics(self, match_id: int | None, follow_up: int | None = None,
                     competition_id: int | None = None) -> None:
    """The summary rows of the match's players recounted, with those of the other results of
    its club still waiting (summaries.refresh_results), or, with no match (matches removed or
    reset), those of the competition's players; nothing when its follow-up row is done (counted
    with another result's). Counting again gives the same rows: a second sending is
    harmless."""
    from league.competitions.base.outbox import mark_done, take
    from league.stats.summaries import refresh_competition, refresh_results

    if not take(follow_up):
        return
    if match_id is not None:
        refresh_results(match_id, follow_up)
    elif competition_id is not None:
        refresh_competition(competition_id)
    mark_done(follow_up)
