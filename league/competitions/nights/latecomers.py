"""A latecomer seated in the round already paired: a player checked in after the round was
paired (a walk-in, or an entrant who came late) plays at once, where the Swiss allows it:

- against another player present and waiting for a match of the same round, at a new table;
- or instead of a bye: the bye's player gets the latecomer as opponent, at a new table, and the
  bye (it counted as a win) no longer counts.
Never two players who have met already in the competition (a Swiss has no rematch), only while
the round is still being played (a complete round: pair the next one), only at an open night,
by an organizer. A league's fixtures are fixed: its latecomer's fixtures are seated by pairing
the night's round again."""

from __future__ import annotations

from django.db import transaction
from django.db.models import Q
from django.utils.translation import gettext as _

from league.competitions.base.audit import audit_match
from league.competitions.base.brackets import fixture_key, table_of
from league.competitions.models import AuditEntry, ClubNight, Competition, Match
from league.competitions.nights.attendance import present_entries
from league.competitions.nights.guards import locked_competition, locked_open_night
from league.core.errors import ServiceError


def seat_latecomer(night_id: int, entry_id: int, opponent_id: int, *, actor) -> Match:
    """Seat `entry_id`, present and without a match in the night's current round, against
    `opponent_id`: another such player, or the player with the round's bye."""
    with transaction.atomic():
        night = ClubNight.objects.filter(pk=night_id).first()
        if night is None:
            raise ServiceError(_("No such club night."))
        competition = locked_competition(night.competition_id, actor)
        night = locked_open_night(night_id)
        if competition.format != Competition.Format.SWISS:
            raise ServiceError(_("A league's fixtures are fixed: seat a latecomer's fixture by "
                               "seating the night's fixtures again."))
        round_ = night.rounds.order_by("-number").first()
        if round_ is None or competition.rounds.order_by("-number").first() != round_:
            raise ServiceError(_("No round of this night is being played: pair the next round."))
        matches = list(Match.objects.select_for_update(of=("self",)).filter(round=round_)
                       .select_related("entry_a__player", "entry_b__player"))
        if all(m.status in (Match.Status.CONFIRMED, Match.Status.VOID)
               for m in matches if m.kind == Match.Kind.PLAYED):
            raise ServiceError(_("%(round_)s is complete: pair the next round instead.") % {"round_": round_})
        paired = {pk for m in matches for pk in (m.entry_a_id, m.entry_b_id) if pk}
        present = set(present_entries(night))
        if entry_id not in present or entry_id in paired:
            raise ServiceError(_("That player is not checked in and waiting for a match."))
        if entry_id == opponent_id:
            raise ServiceError(_("Choose an opponent other than the latecomer."))
        if competition.matches.filter(kind=Match.Kind.PLAYED).filter(
                Q(entry_a_id=entry_id, entry_b_id=opponent_id)
                | Q(entry_a_id=opponent_id, entry_b_id=entry_id)).exists():
            raise ServiceError(_("These two have played each other already in this Swiss: "
                               "choose another opponent."))
        table = str(1 + max((int(m.table) for m in matches if m.table.isdigit()), default=0))
        key = fixture_key(round_.number, 1 + max(
            (table_of(m.key) for m in matches if m.kind == Match.Kind.PLAYED), default=0))
        bye = next((m for m in matches if m.kind == Match.Kind.BYE
                    and m.entry_a_id == opponent_id), None)
        entries = {e.pk: e for e in competition.entries.select_related("player")
                   .filter(pk__in=(entry_id, opponent_id))}
        if bye is not None:
            return _instead_of_bye(bye, entries[entry_id], table, key, actor)
        if opponent_id not in present or opponent_id in paired or opponent_id not in entries:
            raise ServiceError(_("The opponent must be checked in and waiting for a match, or "
                               "have this round's bye."))
        match = Match.objects.create(
            competition=competition, round=round_, key=key, entry_a=entries[opponent_id],
            entry_b=entries[entry_id], status=Match.Status.SCHEDULED, table=table)
        audit_match(match, actor, AuditEntry.Action.LATE_ENTRY,
                    after={"table": table},
                    comment=f"{entries[entry_id].player.name} came late: paired in {round_} "
                            f"against {entries[opponent_id].player.name}, who was waiting, "
                            f"at table {table}.")
        return match


def _instead_of_bye(bye: Match, latecomer, table: str, key: str, actor) -> Match:
    before = {"kind": bye.kind, "status": bye.status, "winner": bye.winner_id}
    bye.kind, bye.status, bye.entry_b = Match.Kind.PLAYED, Match.Status.SCHEDULED, latecomer
    bye.winner, bye.games_a, bye.games_b, bye.confirmed_at = None, 0, 0, None
    bye.table, bye.key = table, key
    bye.save()
    audit_match(bye, actor, AuditEntry.Action.LATE_ENTRY, before=before, after={"table": table},
                comment=f"{latecomer.player.name} came late: plays {bye.entry_a.player.name} "
                        f"at table {table} instead of {bye.entry_a.player.name}'s bye.")
    return bye
