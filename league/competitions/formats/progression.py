"""What follows a confirmed (or corrected) result, recomputed from confirmed facts only, so that
running it twice changes nothing. It runs with the competition's row locked.

- Knockout: `advance()` from every confirmed result fills the slots of every match that has not
  started (pending or scheduled, no games): scheduled once both players are known, walkovers
  where a player has withdrawn, a bracket reset that is not needed becomes "void". A match that
  has started (games, a report, a confirmed result) is never changed: when the bracket now puts
  other players there (a correction after the bracket moved on), the match gets an audit entry
  "needs decision" naming what depends on it, listed by `pending_decisions`, and an organizer
  either resets it (`reset_match`: its games are voided and it is re-seated from the bracket)
  or keeps it (`keep_match`: its players stay in that slot whatever the bracket says).
- Swiss: when every match of the current round is confirmed, the next round is paired (until
  `swiss_rounds`); withdrawn players are not paired, a late entry is (his first match audited).
  A result corrected after a later round was paired from it: that round is paired again if
  nothing of it has started, else an organizer decides (league.competitions.formats.swiss_corrections);
  no round is paired while a decision is pending.
- In stages (league.competitions.formats.stages): each stage as above, and the next stage drawn from
  the qualifiers once the one before is complete; finished only when the last stage is.
- The competition is finished when its last match is confirmed (knockout: the champion known
  and nothing left to decide), and running again if a correction reopens it.
"""

from __future__ import annotations

import logging

from django.db import transaction

from league.competitions.base.selectors import STILL_OPEN, has_match_in
from league.competitions.formats import stages
from league.competitions.formats.decisions import pending_decisions
from league.competitions.formats.knockout import sync_knockout
from league.competitions.formats.swiss_corrections import recheck_later_rounds
from league.competitions.formats.swiss_rounds import advance_swiss
from league.competitions.ladders import services as ladders
from league.competitions.models import Competition, Match

log = logging.getLogger(__name__)


def follow_up_confirmed_result(match_id: int) -> None:
    with transaction.atomic():
        trigger = Match.objects.filter(pk=match_id).first()
        if trigger is None:
            log.info("result follow-up: match %s no longer exists", match_id)
            return
        # FOR NO KEY UPDATE: a confirmation holding its match's lock inserts rows that refer to
        # the competition (a key-share lock), which must not wait for this one (PostgreSQL).
        competition = Competition.objects.select_for_update(no_key=True).get(pk=trigger.competition_id)
        progress_competition(competition, trigger=trigger)


def progress_competition(competition: Competition, *, trigger: Match | None = None) -> None:
    """Bring the competition up to date with its confirmed results (caller holds its lock)."""
    if competition.status == Competition.Status.DRAFT:
        return
    if competition.format == Competition.Format.LADDER:
        ladders.settle_played(competition)
        return  # a ladder runs all season: no last match finishes it
    if competition.stages.exists():
        stages.progress_stages(competition, trigger=trigger)
    elif competition.is_knockout:
        sync_knockout(competition, trigger=trigger)
    elif competition.format == Competition.Format.SWISS:
        if trigger is not None:
            recheck_later_rounds(competition, trigger)
        advance_swiss(competition)
    _finish_if_complete(competition)


def _swiss_rounds_to_come(competition: Competition) -> bool:
    """A Swiss (in one stage) with rounds still to pair, waiting for a club night: not over."""
    return (competition.format == Competition.Format.SWISS and not competition.ended_early
            and not competition.stages.exists()
            and competition.rounds.count() < (competition.swiss_rounds or 0))


def _finish_if_complete(competition: Competition) -> None:
    """Finished when every match is confirmed (or not needed) and no organizer's decision is
    pending; running again when a correction reopened it. Run after the bracket was filled and
    the next Swiss round paired, so a Swiss whose last round is complete (or that cannot be
    paired further) is over."""
    open_matches = has_match_in(competition.pk, STILL_OPEN)
    done = (not open_matches and not pending_decisions(competition)
            and stages.all_drawn(competition) and not _swiss_rounds_to_come(competition))
    status = Competition.Status.FINISHED if done else Competition.Status.RUNNING
    if competition.status != status:
        competition.status = status
        competition.save(update_fields=["status"])
