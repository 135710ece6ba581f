"""Who is at the club night: a player checks in himself or the organizer ticks him present,
either checks him out again; a walk-in is entered late and checked in at once, and taken out
again while he is not paired."""

from __future__ import annotations

from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from league.clubs.permissions import require_organizer
from league.competitions.entries.late_entries import add_late_entry, add_new_player_late
from league.competitions.models import CheckIn, ClubNight, Entry, Match
from league.competitions.nights.guards import (
    entry_at_night,
    locked_competition_and_night,
    locked_open_night,
)
from league.core.errors import ServiceError


def check_in(night_id: int, *, actor, entry_id: int | None = None) -> CheckIn:
    """The actor's own entry present, or (for an organizer) the entry `entry_id`."""
    with transaction.atomic():
        night = locked_open_night(night_id)
        entry = entry_at_night(night, actor, entry_id)
        if entry.withdrawn_at is not None:
            raise ServiceError(_("%(name)s has withdrawn from %(competition)s.") % {
                "name": entry.player.name, "competition": night.competition.name})
        now = timezone.now()
        found = CheckIn.objects.filter(night=night, entry=entry).first()
        if found is None:
            try:
                with transaction.atomic():
                    return CheckIn.objects.create(night=night, entry=entry, checked_in_at=now,
                                                  checked_in_by=actor)
            except IntegrityError:  # checked in by someone else a moment ago
                found = CheckIn.objects.get(night=night, entry=entry)
        if found.left_at is None:
            raise ServiceError(_("%(name)s is checked in already.") % {"name": entry.player.name})
        found.left_at, found.left_by = None, None
        found.checked_in_at, found.checked_in_by = now, actor
        found.save(update_fields=["left_at", "left_by", "checked_in_at", "checked_in_by"])
        return found


def check_out(night_id: int, *, actor, entry_id: int | None = None) -> CheckIn:
    """The actor (or, for an organizer, the entry `entry_id`) has left: paired no more tonight."""
    with transaction.atomic():
        night = locked_open_night(night_id)
        entry = entry_at_night(night, actor, entry_id)
        found = CheckIn.objects.filter(night=night, entry=entry, left_at=None).first()
        if found is None:
            raise ServiceError(_("%(name)s is not checked in.") % {"name": entry.player.name})
        found.left_at, found.left_by = timezone.now(), actor
        found.save(update_fields=["left_at", "left_by"])
        return found


def walk_in(night_id: int, *, actor, player_id: int | None = None, name: str = "") -> CheckIn:
    """Someone not entered arrives: the club player `player_id`, or a new player of the club
    called `name`, entered late and checked in at once. All of it, or none of it."""
    with transaction.atomic():
        competition, night = locked_competition_and_night(night_id, actor)
        if player_id is not None:
            late = add_late_entry(competition.pk, player_id, actor=actor)
        elif name.strip():
            late = add_new_player_late(competition.pk, name, actor=actor)
        else:
            raise ServiceError(_("Choose a player of the club, or give the newcomer's name."),
                               field="player")
        return CheckIn.objects.create(night=night, entry=late.entry,
                                      checked_in_at=timezone.now(), checked_in_by=actor)


def undo_walk_in(night_id: int, entry_id: int, *, actor) -> tuple[str, bool]:
    """A walk-in entered by mistake taken out again, while he is not yet paired: his entry and
    check-in go, and so does the player when he joined the club since the night opened (a
    newcomer's name typed wrong) and has no other entry and no account. Returns his name and
    whether the player went too."""
    with transaction.atomic():
        competition, night = locked_competition_and_night(night_id, actor)
        entry = (competition.entries.select_related("player")
                 .filter(pk=entry_id, check_ins__night=night).first())
        if entry is None:
            raise ServiceError(_("That player is not checked in tonight."))
        if reason := walk_in_undo_refusal(night, entry):
            raise ServiceError(reason)
        player = entry.player
        entry.delete()
        newcomer = (player.created_at >= night.opened_at and player.user_id is None
                    and not player.entries.exists())
        if newcomer:
            player.delete()
        return player.name, newcomer


def entered_tonight(night: ClubNight, entry: Entry) -> bool:
    """Whether `entry` came in late since the night opened: a walk-in of this night."""
    return entry.entered_late_at is not None and entry.entered_late_at >= night.opened_at


def walk_in_undo_refusal(night: ClubNight, entry: Entry) -> str:
    """Why the walk-in `entry` can no longer be taken out; "" when he can."""
    if not entered_tonight(night, entry):
        return _("%(name)s was entered before tonight: check them out, or withdraw them from "
                 "the competition's entries.") % {"name": entry.player.name}
    if Match.objects.filter(Q(entry_a=entry) | Q(entry_b=entry)).exists():
        return _("%(name)s is paired already: their match stands (check them out, or withdraw "
                 "them).") % {"name": entry.player.name}
    return ""


def set_present(night_id: int, *, actor, present: set[int]) -> tuple[int, int]:
    """The organizer's list: the ticked entries checked in, the unticked who were present
    checked out (left). Returns how many came and how many left."""
    with transaction.atomic():
        night = locked_open_night(night_id)
        require_organizer(actor, night.competition.season.club)
        entries = {e.pk: e for e in night.competition.entries.filter(withdrawn_at=None)}
        if unknown := present - set(entries):
            raise ServiceError(ngettext(
                "%(count)s of the players ticked is not in the competition (or has withdrawn).",
                "%(count)s of the players ticked are not in the competition (or have withdrawn).",
                len(unknown)) % {"count": len(unknown)})
        rows = {c.entry_id: c for c in night.check_ins.all()}
        now = timezone.now()
        came = left = 0
        for pk in sorted(present):
            row = rows.get(pk)
            if row is None:
                CheckIn.objects.create(night=night, entry_id=pk, checked_in_at=now,
                                       checked_in_by=actor)
            elif row.left_at is not None:
                row.left_at, row.left_by, row.checked_in_at, row.checked_in_by = (
                    None, None, now, actor)
                row.save(update_fields=["left_at", "left_by", "checked_in_at",
                                        "checked_in_by"])
            else:
                continue
            came += 1
        for pk, row in rows.items():
            if pk not in present and row.left_at is None:
                row.left_at, row.left_by = now, actor
                row.save(update_fields=["left_at", "left_by"])
                left += 1
        return came, left


def present_entries(night: ClubNight) -> list[int]:
    """The entries of the night's players present (checked in, not left, not withdrawn), in
    seed order."""
    return list(Entry.objects.filter(
        check_ins__night=night, check_ins__left_at=None, withdrawn_at=None)
        .order_by("seed", "pk").values_list("pk", flat=True))
