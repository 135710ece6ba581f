"""The organizer's answer to a pending decision: keep the match as played, or reset it (its games voided, the match seated again from the bracket or the Swiss round paired again); or, for players level at a stage's cut line, who goes through."""

from __future__ import annotations

from collections.abc import Sequence

from django.db import transaction
from django.utils.translation import gettext as _

from league.clubs.permissions import require_organizer
from league.competitions.base.outbox import enqueue_result_follow_up, record_statistics_recount
from league.competitions.base.permissions import require_deciding_organizer
from league.competitions.formats.decisions import is_asked, latest_decisions
from league.competitions.formats.progression import progress_competition
from league.competitions.formats.stages import (
    QUALIFIERS,
    is_redraw_ask,
    is_tie_ask,
    keep_stage,
    redraw_stage,
)
from league.competitions.formats.swiss_corrections import reset_swiss_round
from league.competitions.models import AuditEntry, Competition, Match, ResultReport, Stage
from league.core.errors import ServiceError


def reset_match(match_id: int, *, actor, comment: str = "") -> Match:
    """The organizer's choice: void the match's games and re-seat it from the bracket; for a
    played group stage whose qualifiers changed, the stage drawn again."""
    with transaction.atomic():
        competition, match = _decision_to_make(match_id, actor)
        asked = latest_decisions(competition)[match.pk]
        if is_redraw_ask(asked):
            redraw_stage(competition, asked, actor=actor, comment=comment)
            progress_competition(competition)
            return match
        if _is_swiss_round(competition, match):
            return _reset_swiss(competition, match, actor, comment)
        games = list(match.games.order_by("number").values("number", "winner", "total_a", "total_b"))
        before = {"entry_a": match.entry_a_id, "entry_b": match.entry_b_id, "status": match.status,
                  "winner": match.winner_id, "games_a": match.games_a, "games_b": match.games_b,
                  "games": games}
        if match.status == Match.Status.CONFIRMED:  # its players may change when re-seated
            record_statistics_recount(competition.pk)
        match.games.all().delete()
        open_or_counted = (ResultReport.Status.PENDING, ResultReport.Status.DISPUTED,
                           ResultReport.Status.CONFIRMED)
        match.reports.filter(status__in=open_or_counted).update(
            status=ResultReport.Status.SUPERSEDED)
        match.winner, match.games_a, match.games_b = None, 0, 0
        match.points_a = match.points_b = 0  # its games are gone
        match.kind, match.status, match.confirmed_at = Match.Kind.PLAYED, Match.Status.PENDING, None
        match.save(update_fields=["winner", "games_a", "games_b", "points_a", "points_b", "kind",
                                  "status", "confirmed_at"])
        AuditEntry.objects.create(match=match, actor=actor, action=AuditEntry.Action.RESET, before=before,
                                  comment=comment.strip() or "Reset: to be played again.")
        progress_competition(competition, trigger=match)
        _enqueue(match)
        return match


def keep_match(match_id: int, *, actor, comment: str = "") -> Match:
    """The organizer's choice: the match stands with the players who played it (for a played
    group stage whose qualifiers changed, the whole stage stands as drawn)."""
    with transaction.atomic():
        competition, match = _decision_to_make(match_id, actor)
        asked = latest_decisions(competition)[match.pk]
        if is_redraw_ask(asked):
            keep_stage(asked)
        AuditEntry.objects.create(
            match=match, actor=actor, action=AuditEntry.Action.KEPT,
            after={"entry_a": match.entry_a_id, "entry_b": match.entry_b_id},
            comment=comment.strip() or "Kept as played.",
        )
        progress_competition(competition, trigger=match)
        _enqueue(match)
        return match


def _is_swiss_round(competition: Competition, match: Match) -> bool:
    """A Swiss round's match (a Swiss played alone, or as a competition's first stage), not a
    match of the knockout that follows a Swiss."""
    stage = match.round.stage
    if stage is not None:
        return stage.kind == Stage.Kind.SWISS
    return competition.format == Competition.Format.SWISS


def _reset_swiss(competition: Competition, match: Match, actor, comment: str) -> Match:
    seated = reset_swiss_round(competition, match, actor=actor, comment=comment)
    progress_competition(competition, trigger=match)
    for row in {match.pk: match, **{m.pk: m for m in seated}}.values():
        _enqueue(row)  # re-rates from the week the voided games were played in
    return match


def _decision_to_make(match_id: int, actor) -> tuple[Competition, Match]:
    competition_id = Match.objects.filter(pk=match_id).values_list("competition_id", flat=True).first()
    if competition_id is None:
        raise ServiceError(_("No such match."))
    competition = (Competition.objects.select_for_update(of=("self",), no_key=True)
                   .select_related("season__club").get(pk=competition_id))
    require_organizer(actor, competition.season.club)
    match = Match.objects.select_for_update().get(pk=match_id)
    require_deciding_organizer(actor, match, "decide it")
    asked = latest_decisions(competition).get(match.pk)
    if not is_asked(asked):
        raise ServiceError(_("There is no decision to make about this match."))
    if is_tie_ask(asked):
        raise ServiceError(_("This decision is who goes through to the next stage, not a match "
                           "to keep or reset."))
    return competition, match


def _enqueue(match: Match) -> None:
    enqueue_result_follow_up(match)


def choose_qualifiers(match_id: int, players: Sequence[int], *, actor) -> Stage:
    """The organizer's answer to a tie at the cut line: the tied players who take the places,
    best first. The next stage is then drawn (or the next tie asked about)."""
    with transaction.atomic():
        competition_id = (Match.objects.filter(pk=match_id)
                          .values_list("competition_id", flat=True).first())
        if competition_id is None:
            raise ServiceError(_("No such match."))
        competition = (Competition.objects.select_for_update(of=("self",))
                       .select_related("season__club").get(pk=competition_id))
        require_organizer(actor, competition.season.club)
        asked = latest_decisions(competition).get(match_id)
        if not is_asked(asked) or asked.after.get("kind") != QUALIFIERS:
            raise ServiceError(_("There is no tie to decide here."))
        chosen = [int(p) for p in players]
        tied = asked.after["players"]
        if len(set(chosen)) != asked.after["places"] or not set(chosen) <= set(tied):
            raise ServiceError(_("Choose %(places)s of the tied players, each once.") % {"places": asked.after['places']},
                               field="players")
        stage = Stage.objects.select_for_update().get(pk=asked.after["stage"])
        stage.decided = [*stage.decided, {"group": asked.after["group"], "players": chosen}]
        stage.save(update_fields=["decided"])
        names = dict(competition.entries.values_list("pk", "player__name"))
        AuditEntry.objects.create(
            match_id=match_id, actor=actor, action=AuditEntry.Action.QUALIFIERS_CHOSEN,
            after={"kind": QUALIFIERS, "players": chosen},
            comment="Going through, in order: " + ", ".join(names[p] for p in chosen) + ".")
        progress_competition(competition)
        return stage
