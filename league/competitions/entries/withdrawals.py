"""A player leaves a competition: the rest of their matches become walkovers for the opponent.

Every match of theirs that is not confirmed and has an opponent is confirmed at once as a
walkover (a double forfeit when the opponent has withdrawn too), audited, and its follow-up
enqueued. A knockout slot whose opponent is not known yet becomes a walkover when the bracket
fills it (league.competitions.formats.progression); a Swiss pairs only the players still in.
"""

from __future__ import annotations

from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

from league.clubs.permissions import is_organizer
from league.competitions.base.outbox import enqueue_result_follow_up
from league.competitions.models import AuditEntry, Competition, Entry, Match, ResultReport
from league.core.errors import NotAllowed, ServiceError

OPEN_REPORTS = (ResultReport.Status.PENDING, ResultReport.Status.DISPUTED)


def withdraw_entry(entry_id: int, *, actor, comment: str = "") -> list[Match]:
    """Withdraw the entry (an organizer, or the player themself); returns the walkovers made."""
    with transaction.atomic():
        competition_id = Entry.objects.filter(pk=entry_id).values_list("competition_id",
                                                                     flat=True).first()
        if competition_id is None:
            raise ServiceError(_("No such entry."))
        competition = (Competition.objects.select_for_update(of=("self",), no_key=True)
                       .select_related("season__club").get(pk=competition_id))
        entry = Entry.objects.select_related("player").get(pk=entry_id)  # read under the lock
        own = actor.is_authenticated and entry.player.user_id == actor.pk
        if not own and not is_organizer(actor, competition.season.club):
            raise NotAllowed(_("Only the player or an organizer of the club may withdraw an entry."))
        if entry.withdrawn_at is not None:
            raise ServiceError(_("%(player)s has already withdrawn.") % {"player": entry.player})
        if competition.status == Competition.Status.FINISHED:
            raise ServiceError(_("The competition is finished: nobody can withdraw any more."))
        now = timezone.now()
        entry.withdrawn_at = now
        entry.save(update_fields=["withdrawn_at"])
        if competition.status == Competition.Status.DRAFT:
            return []
        return [_walk_over(m, entry, actor, now, comment) for m in _remaining(competition, entry)]


def _remaining(competition: Competition, entry: Entry) -> list[Match]:
    return list(
        Match.objects.select_for_update(of=("self",))
        .select_related("entry_a", "entry_b")
        .filter(Q(entry_a=entry) | Q(entry_b=entry), competition=competition)
        .exclude(status__in=(Match.Status.CONFIRMED, Match.Status.VOID))
        .filter(entry_a__isnull=False, entry_b__isnull=False)
        .order_by("pk")
    )


def _walk_over(match: Match, entry: Entry, actor, now, comment: str) -> Match:
    before = {"status": match.status, "winner": match.winner_id, "kind": match.kind,
              "games_a": match.games_a, "games_b": match.games_b}
    opponent = match.entry_b if match.entry_a_id == entry.pk else match.entry_a
    match.reports.filter(status__in=OPEN_REPORTS).update(status=ResultReport.Status.SUPERSEDED)
    if opponent.withdrawn_at is not None:
        match.kind, match.winner = Match.Kind.DOUBLE_FORFEIT, None
    else:
        match.kind, match.winner = Match.Kind.WALKOVER, opponent
    match.status, match.confirmed_at = Match.Status.CONFIRMED, now
    match.games_a = match.games_b = 0
    match.save(update_fields=["kind", "winner", "status", "confirmed_at", "games_a", "games_b"])
    AuditEntry.objects.create(
        match=match, actor=actor, action=AuditEntry.Action.WITHDRAWAL, before=before,
        after={"status": match.status, "winner": match.winner_id, "kind": match.kind},
        comment=comment.strip() or f"{entry.player} withdrew from the competition.",
    )
    enqueue_result_follow_up(match)
    return match
