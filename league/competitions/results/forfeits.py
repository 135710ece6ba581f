"""An organizer records a match that was not played out: a no-show, a forfeit, a double forfeit.

- `absent` "A" or "B": that side loses without play and the other side wins. `kind` says why:
  "no_show" (the player did not turn up, so no game of the match may have been recorded) or
  "forfeit" (the player conceded, before the match or during it).
- `absent` "both": a double forfeit, whatever the cause; nobody wins. In a knockout both players
  are out and their next opponents go through by walkover (the progression does it).

The result is confirmed at once (an organizer's decision needs no confirmation): an open report
is superseded, the audit keeps what the match was, and the follow-up is enqueued as after any
confirmation. The standings count it as a win (or, both absent, a loss each) without play and
without game points (league.competitions.standings.services.KINDS); a win without play also counts as a bye
already received when a Swiss gives out the next bye (FIDE C.04.1 (d)).
"""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from league.competitions.base.locks import locked_match
from league.competitions.base.permissions import require_deciding_organizer
from league.competitions.models import AuditEntry, Match, ResultReport
from league.competitions.results.services import apply_confirmed
from league.core.errors import ServiceError

ABSENT = ("A", "B", "both")
CAUSES = (Match.Kind.NO_SHOW, Match.Kind.FORFEIT)
FORFEITABLE = (Match.Status.SCHEDULED, Match.Status.IN_PROGRESS, Match.Status.REPORTED,
               Match.Status.DISPUTED)
OPEN_REPORTS = (ResultReport.Status.PENDING, ResultReport.Status.DISPUTED)
ACTIONS = {Match.Kind.NO_SHOW: AuditEntry.Action.NO_SHOW, Match.Kind.FORFEIT: AuditEntry.Action.FORFEIT,
           Match.Kind.DOUBLE_FORFEIT: AuditEntry.Action.DOUBLE_FORFEIT}


def record_forfeit(match_id: int, *, actor, absent: str, kind: str = Match.Kind.NO_SHOW,
                   comment: str = "") -> Match:
    """The organizer's decision on a match not played out; confirmed at once."""
    with transaction.atomic():
        match = locked_match(match_id)
        require_deciding_organizer(actor, match, "record a forfeit or a no-show")
        _check(match, absent, kind)
        match.reports.filter(status__in=OPEN_REPORTS).update(
            status=ResultReport.Status.SUPERSEDED)
        recorded = Match.Kind.DOUBLE_FORFEIT if absent == "both" else kind
        winner = {"A": match.entry_b, "B": match.entry_a}.get(absent)
        text = comment.strip() or _reason(match, absent, kind)
        report = ResultReport.objects.create(match=match, kind=recorded, winner=winner,
                                             reported_by=actor, comment=text[:2000])
        apply_confirmed(match, report, actor, action=ACTIONS[recorded], comment=text)
        return match


def _check(match: Match, absent: str, kind: str) -> None:
    if absent not in ABSENT:
        raise ServiceError(_("Say who did not play: one of the two players, or both."),
                           field="absent")
    if kind not in CAUSES:
        raise ServiceError(_("Say why: a no-show (did not turn up) or a forfeit (conceded)."),
                           field="kind")
    if match.entry_a_id is None or match.entry_b_id is None:
        raise ServiceError(_("This match does not have both its players yet: nobody can forfeit it."))
    if match.status == Match.Status.CONFIRMED:
        raise ServiceError(_("This match's result is confirmed: correct the result instead."))
    if match.status not in FORFEITABLE:
        raise ServiceError(_("This match is %(status)s: there is nothing to forfeit.") % {"status": match.get_status_display().lower()})
    if kind == Match.Kind.NO_SHOW and match.games.exists():
        raise ServiceError(_("Games of this match were recorded, so both players came: record a "
                           "forfeit (a concession) instead."), field="kind")


def _reason(match: Match, absent: str, kind: str) -> str:
    names = {"A": match.entry_a.player.name, "B": match.entry_b.player.name}
    no_show = kind == Match.Kind.NO_SHOW
    if absent == "both":
        came = "turned up" if no_show else "played"
        return f"Neither {names['A']} nor {names['B']} {came}: a double forfeit."
    return f"{names[absent]} {'did not turn up' if no_show else 'conceded the match'}."
