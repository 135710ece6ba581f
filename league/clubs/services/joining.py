"""A user with an account asks to play in a club; an organizer accepts (a player of the club
linked to the user, under the name asked for) or refuses."""

from __future__ import annotations

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext

from league.clubs.models import Club, JoinRequest, Player
from league.clubs.permissions import require_organizer
from league.clubs.services.players import clean_player_name
from league.core.errors import NotAllowed, ServiceError


def ask_to_join(club: Club, *, user, name: str) -> JoinRequest:
    if not user.is_authenticated:
        raise NotAllowed(gettext("Sign in or sign up to ask to join a club."))
    name = clean_player_name(name)
    if Player.objects.filter(club=club, user=user).exists():
        raise ServiceError(gettext("You are a player of %(club)s already.") % {"club": club})
    waiting = ServiceError(gettext("You have asked to join %(club)s already: an organizer will "
                                   "answer.") % {"club": club})
    if JoinRequest.objects.filter(club=club, user=user,
                                  status=JoinRequest.Status.PENDING).exists():
        raise waiting
    try:
        with transaction.atomic():
            return JoinRequest.objects.create(club=club, user=user, name=name)
    except IntegrityError:  # asked twice at the same instant
        raise waiting from None


def accept_request(request: JoinRequest, *, actor) -> Player:
    """The user becomes a player of the club: a new player under the asked name, refused
    (on the name) when the club has a player of that name; link that one by a claim link."""
    require_organizer(actor, request.club)
    with transaction.atomic():
        request = _open(request)
        if Player.objects.filter(club=request.club, user=request.user_id).exists():
            raise ServiceError(gettext("%(user)s is a player of %(club)s already.")
                                       % {"user": request.user, "club": request.club})
        if Player.objects.filter(club=request.club, name__iexact=request.name).exists():
            raise ServiceError(
                gettext("%(club)s already has a player called %(request)s: if that is the same "
                        "person, refuse this request and send them that player's claim link.")
                        % {"club": request.club, "request": request.name})
        player = Player.objects.create(club=request.club, name=request.name, user=request.user)
        _decide(request, actor, JoinRequest.Status.ACCEPTED)
    return player


def refuse_request(request: JoinRequest, *, actor) -> JoinRequest:
    require_organizer(actor, request.club)
    with transaction.atomic():
        request = _open(request)
        _decide(request, actor, JoinRequest.Status.REFUSED)
    return request


def _open(request: JoinRequest) -> JoinRequest:
    request = JoinRequest.objects.select_for_update().select_related("club").get(pk=request.pk)
    if request.status != JoinRequest.Status.PENDING:
        raise ServiceError(gettext("This request was %(status)s already.") % {
            "status": request.get_status_display().lower()})
    return request


def _decide(request: JoinRequest, actor, status: str) -> None:
    request.status, request.decided_by, request.decided_at = status, actor, timezone.now()
    request.save(update_fields=["status", "decided_by", "decided_at"])
