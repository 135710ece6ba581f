"""What every service of a club night starts with: the refusal of a competition that has no
nights, the club's zone, and the row locks, always in one order: the competition row (FOR NO KEY
UPDATE, as the progression takes it) before the night row; a check-in takes the night row
only."""

from __future__ import annotations

from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from django.db.models import Q
from django.utils.translation import gettext as _

from league.clubs.models import Player
from league.clubs.permissions import is_organizer, require_organizer
from league.competitions.models import ClubNight, Competition, Entry
from league.core.errors import NotAllowed, ServiceError

OPEN, SCHEDULED, CLOSED = (ClubNight.Status.OPEN, ClubNight.Status.SCHEDULED,
                           ClubNight.Status.CLOSED)


def night_refusal(competition: Competition) -> str:
    """Why the competition has no club night; "" when it may have one."""
    if competition.format not in (Competition.Format.SWISS, Competition.Format.LEAGUE):
        return _("Club nights pair a Swiss or a league's rounds; this competition pairs itself.")
    if competition.stages.exists():
        return _("A competition played in stages has no club nights.")
    if competition.status == Competition.Status.DRAFT:
        return _("Start the competition first: a club night pairs a running competition.")
    if competition.status == Competition.Status.FINISHED:
        return _("The competition is finished: it has no more rounds to play.")
    return ""


def club_zone_of(club) -> ZoneInfo:
    try:
        return ZoneInfo(club.time_zone or "UTC")
    except (ZoneInfoNotFoundError, ValueError):
        return ZoneInfo("UTC")


def locked_competition(competition_id: int, actor) -> Competition:
    competition = (Competition.objects.select_for_update(of=("self",), no_key=True)
                   .select_related("season__club").filter(pk=competition_id).first())
    if competition is None:
        raise ServiceError(_("No such competition."))
    require_organizer(actor, competition.season.club)
    if reason := night_refusal(competition):
        raise ServiceError(reason)
    return competition


def locked_competition_and_night(night_id: int, actor) -> tuple[Competition, ClubNight]:
    """An open night's competition and the night, locked in that order, for its organizer."""
    night = ClubNight.objects.filter(pk=night_id).first()
    if night is None:
        raise ServiceError(_("No such club night."))
    return locked_competition(night.competition_id, actor), locked_open_night(night_id)


def locked_open_night(night_id: int) -> ClubNight:
    night = (ClubNight.objects.select_for_update(of=("self",))
             .select_related("competition__season__club").filter(pk=night_id).first())
    if night is None:
        raise ServiceError(_("No such club night."))
    if night.status == SCHEDULED:
        raise ServiceError(_("The club night has not been opened yet."))
    if night.status == CLOSED:
        raise ServiceError(_("The club night is closed."))
    return night


def entry_at_night(night: ClubNight, actor, entry_id: int | None) -> Entry:
    """The entry checked in or out: the actor's own, or any of the competition's for its
    organizer."""
    competition = night.competition
    entries = Entry.objects.filter(competition=competition).select_related("player")
    if entry_id is not None and not (
            actor.is_authenticated and entries.filter(pk=entry_id, player__user=actor).exists()):
        require_organizer(actor, competition.season.club)
        entry = entries.filter(pk=entry_id).first()
        if entry is None:
            raise ServiceError(_("That player is not in this competition."))
        return entry
    if not actor.is_authenticated:
        raise NotAllowed(_("Sign in to check in."))
    player = Player.objects.filter(club=competition.season.club, user=actor).first()
    entry = entries.filter(Q(player=player)).first() if player is not None else None
    if entry is None:
        if is_organizer(actor, competition.season.club):
            raise ServiceError(_("Choose the player to check in from the list."))
        raise NotAllowed(_("Only the players entered in %(name)s check in.") % {"name": competition.name})
    return entry
