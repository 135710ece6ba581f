"""What follows a confirmed result: recomputed from confirmed facts, so running twice changes
nothing."""

from __future__ import annotations

import logging

from django.db import transaction

from league.models import Competition, Match

log = logging.getLogger(__name__)


def follow_up_confirmed_result(match_id: int) -> None:
    with transaction.atomic():
        match = Match.objects.select_related("competition").filter(pk=match_id).first()
        if match is None:
            log.info("result follow-up: match %s no longer exists", match_id)
            return
        competition = Competition.objects.select_for_update().get(pk=match.competition_id)
        _finish_if_complete(competition)


def _finish_if_complete(competition: Competition) -> None:
    if competition.status != Competition.Status.RUNNING:
        return
    open_matches = competition.matches.exclude(status=Match.Status.CONFIRMED)
    if not open_matches.exists():
        competition.status = Competition.Status.FINISHED
        competition.save(update_fields=["status"])
