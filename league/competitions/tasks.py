"""Celery tasks: thin, idempotent wrappers that take ids and call one service each.

Transient failures (a lost connection, a timeout, a database that is locked or restarting, a
deadlock or serialization failure) are retried with backoff; acks_late makes the broker hand the
task to another worker if this one dies half-way. Every task recomputes from confirmed facts, so
running it again (a retry, a redelivery) changes nothing.
"""

from __future__ import annotations

from celery import shared_task

from league.core.retry import RETRIED


@shared_task(name="competitions.tasks.result_confirmed", bind=True, **RETRIED)
def result_confirmed(self, match_id: int, follow_up: int | None = None) -> None:
    """Advance the bracket, pair the next Swiss round, finish the competition. Nothing when its
    follow-up row is already done."""
    from league.competitions.base.outbox import mark_done, take
    from league.competitions.formats.progression import follow_up_confirmed_result

    if not take(follow_up):
        return
    follow_up_confirmed_result(match_id)
    mark_done(follow_up)


@shared_task(name="competitions.tasks.relay_follow_ups", acks_late=True)
def relay_follow_ups() -> int:
    """Beat: send again the follow-up work that was not done (its message lost or failed)."""
    from league.competitions.base.outbox import relay

    return relay()


@shared_task(name="competitions.tasks.confirm_overdue_results", bind=True, **RETRIED)
def confirm_overdue_results(self) -> int:
    """Periodic: confirm the reported results their clubs' hours for answering have passed."""
    from league.competitions.results.deadlines import confirm_overdue_results as confirm

    return len(confirm())


@shared_task(name="competitions.tasks.forfeit_overdue_challenges", bind=True, **RETRIED)
def forfeit_overdue_challenges(self) -> int:
    """Periodic: ladder challenges not played by their deadline, forfeited by the challenged."""
    from league.competitions.ladders.services import forfeit_overdue

    return forfeit_overdue()


@shared_task(name="competitions.tasks.keep_tables_of_other_code", bind=True, **RETRIED)
def keep_tables_of_other_code(self) -> int:
    """Periodic: the league and Swiss tables counted by other code (before a release), or never
    kept, kept anew, a batch at a time."""
    from league.competitions.standings.upkeep import keep_tables_of_other_code as keep

    return keep()
