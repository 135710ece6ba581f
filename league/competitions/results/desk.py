"""The organizer's desk at a club night: a table's result entered or confirmed in one short form.

- A result a player reported, entered as reported: confirmed for the opponent, no reason asked
  (the reason kept says it was confirmed at the desk).
- A result nobody reported: entered by the organizer, it counts at once, as from paper; no
  reason asked unless it says otherwise than the games played at the table.
- A result that says otherwise than what a player reported (or than the games at the table), or
  a disputed one decided: the organizer overrides it, and says why (kept in the history); the
  report he overrides is kept as rejected.
Only an organizer of the club who does not play in the match.
"""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from league.competitions.base.locks import locked_match
from league.competitions.base.permissions import require_deciding_organizer
from league.competitions.models import AuditEntry, Match, ResultReport
from league.competitions.results.services import (
    apply_confirmed,
    confirm_for_player,
    games_disagree,
    match_outcome,
)
from league.core.errors import ServiceError

DESK_REASON = "Confirmed at the organizer's desk, as reported."


def desk_result(match_id: int, *, actor, winner: str | None, games_a: int, games_b: int,
                reason: str = "") -> Match:
    """The table's result as the organizer enters it at the desk (see the module)."""
    reason = reason.strip()
    if winner not in ("A", "B", None):
        raise ServiceError(_("Choose the winner of the match."), field="winner")
    if not all(isinstance(n, int) and 0 <= n <= 99 for n in (games_a, games_b)):
        raise ServiceError(_("Games won are whole numbers from 0 to 99."), field="games_a")
    with transaction.atomic():
        match = locked_match(match_id)
        require_deciding_organizer(actor, match, "enter this table's result")
        if match.status not in (*Match.OPEN_FOR_PLAY, Match.Status.REPORTED,
                                Match.Status.DISPUTED):
            raise ServiceError(_("This match is %(status)s: correct it from the match page.") % {"status": match.get_status_display().lower()})
        if problem := games_disagree(match, winner, games_a, games_b):
            raise ServiceError(problem, field="games_a")
        report = match.reports.filter(status__in=(ResultReport.Status.PENDING,
                                                  ResultReport.Status.DISPUTED)).first()
        said = (_entry(match, winner), games_a, games_b)
        if (report is not None and report.status == ResultReport.Status.PENDING
                and (report.winner, report.games_a, report.games_b) == said):
            return confirm_for_player(match.pk, actor=actor, reason=DESK_REASON)
        overrides = _overridden(match, report, winner, games_a, games_b)
        if overrides and not reason:
            raise ServiceError(_("%(overrides)s Say why you override it (it is kept in the history).") % {"overrides": overrides}, field="reason")
        if report is not None:
            report.status = ResultReport.Status.REJECTED
            report.decided_by, report.decided_at = actor, timezone.now()
            report.save(update_fields=["status", "decided_by", "decided_at"])
        new = ResultReport.objects.create(match=match, winner=said[0], games_a=games_a,
                                          games_b=games_b, reported_by=actor,
                                          comment=reason[:2000])
        apply_confirmed(match, new, actor, action=AuditEntry.Action.ENTERED_BY_ORGANIZER,
                        comment=reason[:2000] or "Entered at the organizer's desk.",
                        overrides_games=bool(overrides))
        return match


def _overridden(match: Match, report: ResultReport | None, winner: str | None, games_a: int,
                games_b: int) -> str:
    """What the entered result overrides, in a sentence; "" when it overrides nothing."""
    if report is not None:
        games = {"games_a": report.games_a, "games_b": report.games_b}
        pending = report.status == ResultReport.Status.PENDING
        if report.winner_id is None:
            said = (_("The result reported was a draw, %(games_a)s–%(games_b)s.") if pending
                    else _("The result disputed was a draw, %(games_a)s–%(games_b)s."))
            return said % games
        said = (_("The result reported was %(name)s wins, %(games_a)s–%(games_b)s.") if pending
                else _("The result disputed was %(name)s wins, %(games_a)s–%(games_b)s."))
        return said % {"name": report.winner.player.name, **games}
    games = [g for g in match.games.all() if g.status == "finished"]
    if not games:
        return ""
    outcome = match_outcome(match, games)
    if outcome.decided and (outcome.winner, outcome.games_a, outcome.games_b) == (
            winner, games_a, games_b):
        return ""
    said = (_("The games at the table say %(games_a)s–%(games_b)s.") if outcome.decided
            else _("The games at the table say %(games_a)s–%(games_b)s, not yet decided."))
    return said % {"games_a": outcome.games_a, "games_b": outcome.games_b}


def _entry(match: Match, side: str | None):
    return {"A": match.entry_a, "B": match.entry_b}.get(side) if side else None
