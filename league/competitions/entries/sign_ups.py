"""Sign-ups: an organizer opens a draft competition's registration, with a closing time and a
cap if he wants them; until then (and until the start) a signed-in player of the club enters
or withdraws himself. The organizer still edits the entries as before."""

from __future__ import annotations

from datetime import datetime

from django.db import transaction
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext as _

from league.clubs.models import Player
from league.clubs.permissions import require_organizer
from league.competitions.models import Competition, Entry
from league.core.dates import require_in_bounds
from league.core.errors import NotAllowed, ServiceError


def open_registration(competition_id: int, *, actor, closes_at: datetime | None = None,
                      cap: int | None = None) -> Competition:
    require_in_bounds(closes_at, field="closes_at")
    with transaction.atomic():
        competition = _locked_draft(competition_id)
        require_organizer(actor, competition.season.club)
        if closes_at is not None and closes_at <= timezone.now():
            raise ServiceError(_("The closing time has passed already: choose a later one."),
                               field="closes_at")
        if cap is not None and cap < 2:
            raise ServiceError(_("A competition needs room for two players at least."),
                               field="cap")
        competition.registration_open = True
        competition.registration_closes_at = closes_at
        competition.registration_cap = cap
        competition.save(update_fields=["registration_open", "registration_closes_at",
                                        "registration_cap"])
    return competition


def close_registration(competition_id: int, *, actor) -> Competition:
    with transaction.atomic():
        competition = _locked_draft(competition_id)
        require_organizer(actor, competition.season.club)
        competition.registration_open = False
        competition.save(update_fields=["registration_open"])
    return competition


def registration_refusal(competition: Competition, *, now: datetime | None = None) -> str:
    """Why nobody may sign up now, or "" when sign-ups are open."""
    now = now or timezone.now()
    if competition.status != Competition.Status.DRAFT:
        return _("Sign-ups closed when the competition started.")
    if not competition.registration_open:
        return _("This competition does not take sign-ups: the organizer enters the players.")
    if competition.registration_closes_at and now >= competition.registration_closes_at:
        closed = timezone.localtime(competition.registration_closes_at)
        return _("Sign-ups closed on %(closed)s.") % {
            "closed": date_format(closed, "SHORT_DATETIME_FORMAT")}
    return ""


def sign_up(competition_id: int, *, user) -> Entry:
    """Enter the user's player of the club."""
    with transaction.atomic():
        competition = _locked(competition_id)
        player = _own_player(competition, user)
        if (refusal := registration_refusal(competition)):
            raise ServiceError(refusal)
        if player.is_retired:
            raise ServiceError(_("%(name)s is retired in %(club)s: ask an organizer to bring you back.") % {"name": player.name, "club": competition.season.club})
        if competition.entries.filter(player=player).exists():
            raise ServiceError(_("You are entered in %(name)s already.") % {"name": competition.name})
        cap = competition.registration_cap
        if cap is not None and competition.entries.filter(withdrawn_at__isnull=True).count() >= cap:
            raise ServiceError(_("%(name)s is full: %(cap)s players have signed up.") % {"name": competition.name, "cap": cap})
        return Entry.objects.create(competition=competition, player=player)


def withdraw_sign_up(competition_id: int, *, user) -> None:
    """Take the user's entry out again, any time before the start."""
    with transaction.atomic():
        competition = _locked(competition_id)
        player = _own_player(competition, user)
        if competition.status != Competition.Status.DRAFT:
            raise ServiceError(_("The competition has started: ask an organizer to withdraw you."))
        entry = competition.entries.select_for_update().filter(player=player).first()
        if entry is None:
            raise ServiceError(_("You are not entered in %(name)s.") % {"name": competition.name})
        entry.delete()


def _locked(competition_id: int) -> Competition:
    competition = (Competition.objects.select_for_update(of=("self",))
                   .select_related("season__club").filter(pk=competition_id).first())
    if competition is None:
        raise ServiceError(_("No such competition."))
    return competition


def _locked_draft(competition_id: int) -> Competition:
    competition = _locked(competition_id)
    if competition.status != Competition.Status.DRAFT:
        raise ServiceError(_("Sign-ups are for a competition not started yet."))
    return competition


def _own_player(competition: Competition, user) -> Player:
    if not user.is_authenticated:
        raise NotAllowed(_("Sign in to sign up."))
    club = competition.season.club
    player = Player.objects.filter(club=club, user=user).first()
    if player is None:
        raise NotAllowed(_("Only players of %(club)s sign up: ask to join the club first.") % {"club": club})
    return player
