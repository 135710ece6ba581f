"""Reporting, confirming, disputing and correcting a match result (two-party verification).

A result is reported by one side and counts nowhere until the other side confirms it (or an
organizer does on a player's behalf, with a reason, or the club's hours for answering pass).
Nobody confirms their own report. A result entered by an organizer who does not play in the
match counts at once; one he enters for his own match waits for his opponent like any player's. Once confirmed, only an organizer may correct it;
every action leaves an audit entry, and a confirmation or correction enqueues, after the
transaction commits, the work that follows (progression, standings, ratings).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from league.clubs.permissions import is_organizer
from league.competitions.base.actors import table_actor_of, table_note
from league.competitions.base.audit import account_of, audit_match
from league.competitions.base.locks import locked_match
from league.competitions.base.outbox import enqueue_result_follow_up
from league.competitions.base.permissions import (
    may_decide,
    require_deciding_organizer,
    side_of,
    side_of_account,
)
from league.competitions.models import AuditEntry, Competition, Match, ResultReport
from league.core.errors import Changed, NotAllowed, ServiceError


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
    if competition.match_format == Competition.MatchFormat.HOLLYWOOD:
        return _hollywood_outcome(competition, finished)
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


def may_report(user, match: Match) -> bool:
    """The two players of the match (signed in, or at its table through its link, naming who
    reports) or an organizer of its club."""
    return side_of(user, match) is not None or is_organizer(user, match.competition.season.club)


def reporting_side(match: Match, report: ResultReport) -> str | None:
    """The side of the player who reported: named at the table, or the reporter's account's."""
    return report.reported_side or side_of_account(report.reported_by_id, match)


def _is_reporter(user, report: ResultReport) -> bool:
    return user.pk is not None and user.pk == report.reported_by_id


def may_confirm(user, match: Match, report: ResultReport) -> bool:
    """The opponent of whoever reported: nobody confirms their own report."""
    side = side_of(user, match)
    return (not _is_reporter(user, report) and side is not None
            and side != reporting_side(match, report))


def may_dispute(user, match: Match, report: ResultReport) -> bool:
    """A player of the match who did not report it."""
    side = side_of(user, match)
    return (not _is_reporter(user, report) and side is not None
            and (report.reported_side == "" or side != report.reported_side))


def may_resolve(user, match: Match) -> bool:
    """An organizer of the club who does not play in the match."""
    return may_decide(user, match)


def _hollywood_outcome(competition: Competition, finished: Sequence) -> MatchOutcome:
    """A Hollywood match is decided by its game of columns; games won are columns won. Level in
    a knockout, which needs a winner, another Hollywood game is played."""
    hollywood = [g for g in finished if getattr(g, "is_hollywood", False)]
    if not hollywood:
        return MatchOutcome(False, None, 0, 0)
    last = hollywood[-1]
    winner = last.winner or None
    decided = winner is not None or not competition.is_knockout
    return MatchOutcome(decided, winner, last.columns_a, last.columns_b)


def report_result(match_id: int, *, actor) -> ResultReport:
    """Report the result the match's games decided. It waits for the opponent's confirmation."""
    with transaction.atomic():
        match = locked_match(match_id)
        if not may_report(actor, match):
            raise NotAllowed(_("Only the two players of this match or an organizer may report its result."))
        if match.status not in Match.OPEN_FOR_PLAY:
            raise ServiceError(_("This match is %(status)s: nothing to report.") % {"status": match.get_status_display().lower()})
        outcome = match_outcome(match, list(match.games.all()))
        if not outcome.decided:
            raise ServiceError(_("The games have not decided the match yet: finish them first."))
        report = ResultReport.objects.create(
            match=match,
            winner=_entry(match, outcome.winner),
            games_a=outcome.games_a,
            games_b=outcome.games_b,
            reported_by=actor if actor.is_authenticated else None,
            reported_side=table.side if (table := table_actor_of(actor, match)) else "",
        )
        match.status = Match.Status.REPORTED
        match.save(update_fields=["status"])
        audit_match(match, actor, AuditEntry.Action.REPORTED, after=_report_facts(report),
                    comment=table_note(actor, match, "Reported"))
        if side_of(actor, match) is None:
            # An organizer who does not play in the match enters it from the table or from
            # paper: nobody else is there to confirm it, so it counts at once.
            apply_confirmed(match, report, actor, action=AuditEntry.Action.ENTERED_BY_ORGANIZER)
        return report


def confirm_result(match_id: int, *, actor, seen: str | None = None) -> Match:
    """The other side confirms: the result counts from now on. ``seen``, the report's version
    the page showed (ResultReport.version): when the result changed since (a hand corrected),
    nothing is confirmed and Changed is raised."""
    with transaction.atomic():
        match = locked_match(match_id)
        report = _open_report(match, ResultReport.Status.PENDING, "confirm")
        require_unchanged(report, seen)
        if _is_reporter(actor, report):
            raise NotAllowed(_("You reported this result: your opponent must confirm it."))
        if not may_confirm(actor, match, report):
            raise NotAllowed(_("Only the opponent of the player who reported may confirm this result."))
        apply_confirmed(match, report, actor, action=AuditEntry.Action.CONFIRMED,
                        comment=table_note(actor, match, "Verified"))
        return match


def require_unchanged(report: ResultReport, seen: str | None) -> None:
    """Refuse an answer to a report whose result is not the one the user's page showed."""
    if seen is not None and seen != report.version:
        now = (_("%(name)s wins") % {"name": report.winner.player.name} if report.winner_id
               else _("a draw"))
        raise Changed(_("The result changed since your page showed it: it is now %(now)s, %(games_a)s–%(games_b)s. Nothing was done: check it and answer again.") % {"now": now, "games_a": report.games_a, "games_b": report.games_b})


def confirm_for_player(match_id: int, *, actor, reason: str, seen: str | None = None) -> Match:
    """An organizer confirms a reported result on the opponent's behalf (a player without an
    account, or who said so at the table), with the reason kept in the history."""
    reason = reason.strip()
    with transaction.atomic():
        match = locked_match(match_id)
        if not is_organizer(actor, match.competition.season.club):
            raise NotAllowed(_("Only an organizer of the club may confirm a result for a player."))
        report = _open_report(match, ResultReport.Status.PENDING, "confirm")
        require_unchanged(report, seen)
        if actor.pk == report.reported_by_id or side_of(actor, match) is not None:
            raise NotAllowed(_("You play in this match or reported it: your opponent must confirm it."))
        if not reason:
            raise ServiceError(_("Say why you confirm it for the player (it is kept in the history)."),
                               field="reason")
        apply_confirmed(match, report, actor, action=AuditEntry.Action.CONFIRMED_FOR_PLAYER,
                         comment=reason[:2000])
        return match


def confirm_overdue(match_id: int, *, now: datetime) -> Match | None:
    """Confirm a reported result nobody answered within its club's hours; None when it is not
    (or no longer) overdue. Running it twice confirms once."""
    with transaction.atomic():
        match = locked_match(match_id)
        hours = match.competition.season.club.confirm_within_hours
        report = match.reports.filter(status=ResultReport.Status.PENDING).first()
        if hours is None or report is None or match.status != Match.Status.REPORTED:
            return None
        if report.reported_at + timedelta(hours=hours) > now:
            return None
        opponent = _opponent_name(match, report)
        note = (f"Nobody confirmed or disputed it within {hours} hours of its report, so it was "
                f"confirmed automatically. {opponent}: it now counts; an organizer can still "
                "correct it.")
        apply_confirmed(match, report, None, action=AuditEntry.Action.CONFIRMED_AUTOMATICALLY, comment=note)
        return match


def _opponent_name(match: Match, report: ResultReport) -> str:
    reporter = side_of_account(report.reported_by_id, match)
    entry = {"A": match.entry_b, "B": match.entry_a}.get(reporter)
    return entry.player.name if entry is not None else "Both players"


def dispute_result(match_id: int, *, actor, comment: str) -> ResultReport:
    comment = comment.strip()
    with transaction.atomic():
        match = locked_match(match_id)
        report = _open_report(match, ResultReport.Status.PENDING, "dispute")
        if not may_dispute(actor, match, report):
            raise NotAllowed(_("Only the opponent of the player who reported may dispute this result."))
        if not comment:
            raise ServiceError(_("Say what is wrong with the result, for the organizer."), field="comment")
        report.status = ResultReport.Status.DISPUTED
        report.comment = comment[:2000]
        report.save(update_fields=["status", "comment"])
        match.status = Match.Status.DISPUTED
        match.save(update_fields=["status"])
        where = table_note(actor, match, "Disputed")
        audit_match(match, actor, AuditEntry.Action.DISPUTED,
                    comment=f"{where} {report.comment}".strip())
        return report


def resolve_dispute(match_id: int, *, actor, uphold: bool, comment: str = "",
                    seen: str | None = None) -> Match:
    """An organizer settles a dispute: uphold the report (it is confirmed) or reject it (the
    games reopen for correction). Nobody decides a dispute about their own match: an organizer
    who plays in it leaves it to another organizer."""
    with transaction.atomic():
        match = locked_match(match_id)
        if not is_organizer(actor, match.competition.season.club):
            raise NotAllowed(_("Only an organizer of the club may resolve a dispute."))
        if not may_resolve(actor, match):
            raise NotAllowed(_("You play in this match: another organizer must resolve its dispute."))
        report = _open_report(match, ResultReport.Status.DISPUTED, "resolve")
        require_unchanged(report, seen)
        if uphold:
            apply_confirmed(match, report, actor, action=AuditEntry.Action.DISPUTE_UPHELD, comment=comment)
        else:
            report.status = ResultReport.Status.REJECTED
            report.decided_by, report.decided_at = actor, timezone.now()
            report.save(update_fields=["status", "decided_by", "decided_at"])
            match.status = Match.Status.IN_PROGRESS
            match.save(update_fields=["status"])
            audit_match(match, actor, AuditEntry.Action.DISPUTE_REJECTED, comment=comment)
        return match


def correct_result(match_id: int, *, actor, winner: str | None, games_a: int, games_b: int,
                   kind: str = Match.Kind.PLAYED, comment: str = "",
                   expected_confirmed_at: datetime | None = None,
                   overrides_games: bool = False) -> Match:
    """An organizer corrects a confirmed result; the same follow-up work runs again.

    ``expected_confirmed_at`` (when the result the organizer saw was confirmed) guards two
    organizers correcting at once: the second is refused, not applied over the first."""
    with transaction.atomic():
        match = locked_match(match_id)
        require_deciding_organizer(actor, match, "correct a confirmed result")
        if match.status != Match.Status.CONFIRMED:
            raise ServiceError(_("Only a confirmed result can be corrected."))
        if expected_confirmed_at is not None and match.confirmed_at != expected_confirmed_at:
            raise ServiceError(_("Someone else changed this result while you were correcting it: "
                               "nothing was changed. Check the result and correct it again if needed."))
        if winner not in ("A", "B", None):
            raise ServiceError(_("Choose the winner of the match."), field="winner")
        if kind not in Match.Kind.values or kind == Match.Kind.BYE:
            raise ServiceError(_("Choose how the match was decided."), field="kind")
        if not all(isinstance(n, int) and 0 <= n <= 99 for n in (games_a, games_b)):
            raise ServiceError(_("Games won are whole numbers from 0 to 99."), field="games_a")
        if winner is not None and kind == Match.Kind.DOUBLE_FORFEIT:
            raise ServiceError(_("A double forfeit has no winner: choose nobody."), field="winner")
        if winner is None and match.competition.is_knockout and kind != Match.Kind.DOUBLE_FORFEIT:
            raise ServiceError(_("A knockout match needs a winner (nobody wins only a double "
                               "forfeit, which puts both players out)."), field="winner")
        if not comment.strip():
            raise ServiceError(_("Say why the result is corrected (it is kept in the history)."), field="comment")
        if kind == Match.Kind.PLAYED and (problem := games_disagree(match, winner, games_a, games_b)):
            raise ServiceError(problem, field="games_a")
        disagreement = _disagreement(match, winner, games_a, games_b, kind)
        if disagreement and not overrides_games:
            raise ServiceError(_("%(disagreement)s Correct the hands instead, or say that this result overrides the games (a director's penalty, for example) and why.") % {"disagreement": disagreement}, field="overrides_games")
        before = _match_facts(match)
        match.reports.filter(status=ResultReport.Status.CONFIRMED).update(
            status=ResultReport.Status.SUPERSEDED
        )
        report = ResultReport.objects.create(
            match=match, winner=_entry(match, winner), games_a=games_a, games_b=games_b,
            kind=kind, reported_by=actor, comment=comment.strip(),
        )
        apply_confirmed(match, report, actor, action=AuditEntry.Action.CORRECTED, comment=comment, before=before,
                         overrides_games=bool(disagreement))
        return match


def _disagreement(match: Match, winner: str | None, games_a: int, games_b: int,
                  kind: str) -> str:
    """What a played result contradicts in the match's finished games; empty when it agrees
    (or there are no games to agree with)."""
    games = [g for g in match.games.all() if g.status == "finished"]
    if kind != Match.Kind.PLAYED or not games:
        return ""
    outcome = match_outcome(match, games)
    if (outcome.winner, outcome.games_a, outcome.games_b) == (winner, games_a, games_b):
        return ""
    games_said = (_("The games say %(a)s–%(b)s") if outcome.winner
                  else _("The games say %(a)s–%(b)s, no winner")) % {
        "a": outcome.games_a, "b": outcome.games_b}
    result_said = (_("this result says %(a)s–%(b)s") if winner
                   else _("this result says %(a)s–%(b)s, no winner")) % {"a": games_a, "b": games_b}
    other = (_(", with the other winner") if winner and outcome.winner and winner != outcome.winner
             else "")
    return f"{games_said}; {result_said}{other}."


def games_disagree(match: Match, winner: str | None, games_a: int, games_b: int) -> str:
    """Why the games won do not give this winner under the match format ("" when they do)."""
    competition = match.competition
    needed = competition.match_games
    won = {"A": games_a, "B": games_b}
    if winner is None:
        if games_a != games_b:
            return _("Games won level or choose the winner: nobody wins only a level match.")
        if competition.match_format == Competition.MatchFormat.FIRST_TO:
            return _("A first-to-%(needed)s match is won by whoever first wins %(needed)s games: choose the winner.") % {"needed": needed}
        return ""
    loser = "B" if winner == "A" else "A"
    if won[winner] <= won[loser]:
        return _("The winner won %(won)s games to %(lost)s: the winner wins more games.") % {
            "won": won[winner], "lost": won[loser]}
    if competition.match_format == Competition.MatchFormat.FIRST_TO:
        if won[winner] != needed:
            return _("In a first-to-%(needed)s match the winner wins exactly %(needed)s games.") % {"needed": needed}
    elif games_a + games_b < needed:
        return _("A match of %(needed)s games has at least %(needed)s games won between the players.") % {"needed": needed}
    return ""


def apply_confirmed(match: Match, report: ResultReport, actor, *, action: str, comment: str = "",
                     before: dict | None = None, overrides_games: bool = False) -> None:
    now = timezone.now()
    report.status = ResultReport.Status.CONFIRMED
    report.decided_by, report.decided_at = account_of(actor), now
    report.save(update_fields=["status", "decided_by", "decided_at"])
    before = before if before is not None else _match_facts(match)
    match.winner = report.winner
    match.games_a, match.games_b = report.games_a, report.games_b
    match.kind = report.kind
    match.status = Match.Status.CONFIRMED
    match.confirmed_at = now
    match.save(update_fields=["winner", "games_a", "games_b", "kind", "status", "confirmed_at"])
    after = {**_match_facts(match), **({"overrides_games": True} if overrides_games else {})}
    audit_match(match, actor, action, before=before, after=after, comment=comment)
    enqueue_result_follow_up(match)


def _open_report(match: Match, status: str, verb: str) -> ResultReport:
    report = match.reports.filter(status=status).first()
    if report is None:
        refusals = {"confirm": _("There is no result to confirm for this match."),
                    "dispute": _("There is no result to dispute for this match."),
                    "resolve": _("There is no result to resolve for this match.")}
        raise ServiceError(refusals[verb])
    return report


def _entry(match: Match, side: str | None):
    return {"A": match.entry_a, "B": match.entry_b}.get(side) if side else None


def _report_facts(report: ResultReport) -> dict:
    return {"winner": report.winner_id, "games_a": report.games_a, "games_b": report.games_b,
            "kind": report.kind}


def _match_facts(match: Match) -> dict:
    return {"status": match.status, "winner": match.winner_id, "games_a": match.games_a,
            "games_b": match.games_b, "kind": match.kind}
