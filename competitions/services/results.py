"""Reporting, confirming, disputing and correcting a match result (two-party verification).

A result is reported by one side (or an organizer) and counts nowhere until the other side
confirms it. Nobody confirms their own report. Once confirmed, only an organizer may correct it;
every action leaves an audit entry, and a confirmation or correction enqueues, after the
transaction commits, the work that follows (progression, standings, ratings).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from django.db import transaction
from django.utils import timezone

from clubs.permissions import is_organizer
from competitions.models import AuditEntry, Competition, Match, ResultReport
from competitions.permissions import side_of
from core.errors import NotAllowed, ServiceError

REPORTABLE = (Match.Status.SCHEDULED, Match.Status.IN_PROGRESS)


@dataclass(frozen=True)
class MatchOutcome:
    decided: bool
    winner: str | None  # "A", "B", or None (not decided, or a draw)
    games_a: int
    games_b: int


def match_outcome(match: Match, games: Sequence) -> MatchOutcome:
    """The match's result derived from its finished games, per the competition's match format."""
    finished = [g for g in games if g.status == "finished"]
    won_a = sum(1 for g in finished if g.winner == "A")
    won_b = sum(1 for g in finished if g.winner == "B")
    competition = match.competition
    needed = competition.match_games
    if competition.match_format == Competition.MatchFormat.FIRST_TO:
        if max(won_a, won_b) >= needed:
            return MatchOutcome(True, "A" if won_a > won_b else "B", won_a, won_b)
        return MatchOutcome(False, None, won_a, won_b)
    if len(finished) < needed:
        return MatchOutcome(False, None, won_a, won_b)
    winner = "A" if won_a > won_b else "B" if won_b > won_a else None
    if winner is None and competition.is_knockout:
        # A knockout needs a winner: a fixed-games match that is level goes to a deciding game.
        return MatchOutcome(False, None, won_a, won_b)
    return MatchOutcome(True, winner, won_a, won_b)


def report_result(match_id: int, *, actor) -> ResultReport:
    """Report the result the match's games decided. It waits for the opponent's confirmation."""
    with transaction.atomic():
        match = locked_match(match_id)
        reporter_side = side_of(actor, match)
        organizer = is_organizer(actor, match.competition.season.club)
        if reporter_side is None and not organizer:
            raise NotAllowed("Only the two players of this match or an organizer may report its result.")
        if match.status not in REPORTABLE:
            raise ServiceError(f"This match is {match.get_status_display().lower()}: nothing to report.")
        outcome = match_outcome(match, list(match.games.all()))
        if not outcome.decided:
            raise ServiceError("The games have not decided the match yet: finish them first.")
        report = ResultReport.objects.create(
            match=match,
            winner=_entry(match, outcome.winner),
            games_a=outcome.games_a,
            games_b=outcome.games_b,
            reported_by=actor,
        )
        match.status = Match.Status.REPORTED
        match.save(update_fields=["status"])
        _audit(match, actor, AuditEntry.Action.REPORTED, after=_report_facts(report))
        return report


def confirm_result(match_id: int, *, actor) -> Match:
    """The other side confirms: the result counts from now on."""
    with transaction.atomic():
        match = locked_match(match_id)
        report = _open_report(match, ResultReport.Status.PENDING, "confirm")
        confirmer_side = side_of(actor, match)
        if actor.pk == report.reported_by_id:
            raise NotAllowed("You reported this result: your opponent must confirm it.")
        if confirmer_side is None or confirmer_side == side_of(report.reported_by, match):
            raise NotAllowed("Only the opponent of the player who reported may confirm this result.")
        _apply_confirmed(match, report, actor, action=AuditEntry.Action.CONFIRMED)
        return match


def dispute_result(match_id: int, *, actor, comment: str) -> ResultReport:
    comment = comment.strip()
    with transaction.atomic():
        match = locked_match(match_id)
        report = _open_report(match, ResultReport.Status.PENDING, "dispute")
        if actor.pk == report.reported_by_id or side_of(actor, match) is None:
            raise NotAllowed("Only the opponent of the player who reported may dispute this result.")
        if not comment:
            raise ServiceError("Say what is wrong with the result, for the organizer.", field="comment")
        report.status = ResultReport.Status.DISPUTED
        report.comment = comment[:2000]
        report.save(update_fields=["status", "comment"])
        match.status = Match.Status.DISPUTED
        match.save(update_fields=["status"])
        _audit(match, actor, AuditEntry.Action.DISPUTED, comment=report.comment)
        return report


def resolve_dispute(match_id: int, *, actor, uphold: bool, comment: str = "") -> Match:
    """An organizer settles a dispute: uphold the report (it is confirmed) or reject it (the
    games reopen for correction). Nobody decides a dispute about their own match: an organizer
    who plays in it leaves it to another organizer."""
    with transaction.atomic():
        match = locked_match(match_id)
        if not is_organizer(actor, match.competition.season.club):
            raise NotAllowed("Only an organizer of the club may resolve a dispute.")
        if side_of(actor, match) is not None:
            raise NotAllowed("You play in this match: another organizer must resolve its dispute.")
        report = _open_report(match, ResultReport.Status.DISPUTED, "resolve")
        if uphold:
            _apply_confirmed(match, report, actor, action=AuditEntry.Action.DISPUTE_UPHELD, comment=comment)
        else:
            report.status = ResultReport.Status.REJECTED
            report.decided_by, report.decided_at = actor, timezone.now()
            report.save(update_fields=["status", "decided_by", "decided_at"])
            match.status = Match.Status.IN_PROGRESS
            match.save(update_fields=["status"])
            _audit(match, actor, AuditEntry.Action.DISPUTE_REJECTED, comment=comment)
        return match


def correct_result(match_id: int, *, actor, winner: str | None, games_a: int, games_b: int,
                   kind: str = Match.Kind.PLAYED, comment: str = "",
                   expected_confirmed_at: datetime | None = None) -> Match:
    """An organizer corrects a confirmed result; the same follow-up work runs again.

    ``expected_confirmed_at`` (when the result the organizer saw was confirmed) guards two
    organizers correcting at once: the second is refused, not applied over the first."""
    with transaction.atomic():
        match = locked_match(match_id)
        if not is_organizer(actor, match.competition.season.club):
            raise NotAllowed("Only an organizer of the club may correct a confirmed result.")
        if match.status != Match.Status.CONFIRMED:
            raise ServiceError("Only a confirmed result can be corrected.")
        if expected_confirmed_at is not None and match.confirmed_at != expected_confirmed_at:
            raise ServiceError("Someone else changed this result while you were correcting it: "
                               "nothing was changed. Check the result and correct it again if needed.")
        if winner not in ("A", "B", None):
            raise ServiceError("Choose the winner of the match.", field="winner")
        if kind not in Match.Kind.values or kind == Match.Kind.BYE:
            raise ServiceError("Choose how the match was decided.", field="kind")
        if not all(isinstance(n, int) and 0 <= n <= 99 for n in (games_a, games_b)):
            raise ServiceError("Games won are whole numbers from 0 to 99.", field="games_a")
        if winner is not None and kind == Match.Kind.DOUBLE_FORFEIT:
            raise ServiceError("A double forfeit has no winner: choose nobody.", field="winner")
        if winner is None and match.competition.is_knockout and kind != Match.Kind.DOUBLE_FORFEIT:
            raise ServiceError("A knockout match needs a winner (nobody wins only a double "
                               "forfeit, which puts both players out).", field="winner")
        if not comment.strip():
            raise ServiceError("Say why the result is corrected (it is kept in the history).", field="comment")
        if kind == Match.Kind.PLAYED and (problem := _games_disagree(match, winner, games_a, games_b)):
            raise ServiceError(problem, field="games_a")
        before = _match_facts(match)
        match.reports.filter(status=ResultReport.Status.CONFIRMED).update(
            status=ResultReport.Status.SUPERSEDED
        )
        report = ResultReport.objects.create(
            match=match, winner=_entry(match, winner), games_a=games_a, games_b=games_b,
            kind=kind, reported_by=actor, comment=comment.strip(),
        )
        _apply_confirmed(match, report, actor, action=AuditEntry.Action.CORRECTED, comment=comment, before=before)
        return match


def _games_disagree(match: Match, winner: str | None, games_a: int, games_b: int) -> str:
    """Why the games won do not give this winner under the match format ("" when they do)."""
    competition = match.competition
    needed = competition.match_games
    won = {"A": games_a, "B": games_b}
    if winner is None:
        if games_a != games_b:
            return "Games won level or choose the winner: nobody wins only a level match."
        if competition.match_format == Competition.MatchFormat.FIRST_TO:
            return f"A first-to-{needed} match is won by whoever first wins {needed} games: choose the winner."
        return ""
    loser = "B" if winner == "A" else "A"
    if won[winner] <= won[loser]:
        return f"The winner won {won[winner]} games to {won[loser]}: the winner wins more games."
    if competition.match_format == Competition.MatchFormat.FIRST_TO:
        if won[winner] != needed:
            return f"In a first-to-{needed} match the winner wins exactly {needed} games."
    elif games_a + games_b < needed:
        return f"A match of {needed} games has at least {needed} games won between the players."
    return ""


def _apply_confirmed(match: Match, report: ResultReport, actor, *, action: str, comment: str = "",
                     before: dict | None = None) -> None:
    now = timezone.now()
    report.status = ResultReport.Status.CONFIRMED
    report.decided_by, report.decided_at = actor, now
    report.save(update_fields=["status", "decided_by", "decided_at"])
    before = before if before is not None else _match_facts(match)
    match.winner = report.winner
    match.games_a, match.games_b = report.games_a, report.games_b
    match.kind = report.kind
    match.status = Match.Status.CONFIRMED
    match.confirmed_at = now
    match.save(update_fields=["winner", "games_a", "games_b", "kind", "status", "confirmed_at"])
    _audit(match, actor, action, before=before, after=_match_facts(match), comment=comment)
    from competitions.tasks import enqueue_result_follow_up

    enqueue_result_follow_up(match.pk)


def _open_report(match: Match, status: str, verb: str) -> ResultReport:
    report = match.reports.filter(status=status).first()
    if report is None:
        raise ServiceError(f"There is no result to {verb} for this match.")
    return report


def _entry(match: Match, side: str | None):
    return {"A": match.entry_a, "B": match.entry_b}.get(side) if side else None


def _report_facts(report: ResultReport) -> dict:
    return {"winner": report.winner_id, "games_a": report.games_a, "games_b": report.games_b,
            "kind": report.kind}


def _match_facts(match: Match) -> dict:
    return {"status": match.status, "winner": match.winner_id, "games_a": match.games_a,
            "games_b": match.games_b, "kind": match.kind}


def _audit(match: Match, actor, action: str, *, before: dict | None = None,
           after: dict | None = None, comment: str = "") -> None:
    AuditEntry.objects.create(match=match, actor=actor, action=action, before=before or {},
                              after=after or {}, comment=comment)


def locked_match(match_id: int) -> Match:
    """The match, its row locked until the transaction ends, with what permissions read."""
    try:
        return (
            Match.objects.select_for_update(of=("self",))
            .select_related("competition__season__club", "entry_a__player", "entry_b__player")
            .get(pk=match_id)
        )
    except Match.DoesNotExist:
        raise ServiceError("No such match.") from None
