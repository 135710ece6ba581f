"""A ladder's page: the positions with a Challenge button where the signed-in player may
challenge, the open and settled challenges with their deadlines, and the history of moves. It is
the viewer's own page (what they may challenge), so it is not cached. Works without JavaScript."""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.urls import reverse
from django.utils.formats import date_format
from django.utils.translation import gettext as _

from league.clubs.selectors import player_of_user
from league.competitions.base.selectors import club_of_competition, competition_with_club
from league.competitions.ladders.services import challenge, join_ladder, ladder_page
from league.competitions.models import Competition
from league.competitions.views.visibility import for_members
from league.core.errors import ServiceError
from league.core.numbers import ascii_int
from league.core.views import go, in_club_zone, refusal_status, render_page, signed_in_post

TEMPLATE = "competitions/ladder.html"


def _ladder(pk: int) -> Competition:
    competition = competition_with_club(pk)
    if competition.format != Competition.Format.LADDER:
        raise Http404("This competition is not a ladder.")
    return competition


@for_members(club_of_competition)
def ladder(request: HttpRequest, pk: int, *, refusal: str = "", status: int = 200) -> HttpResponse:
    competition = _ladder(pk)
    in_club_zone(competition.season.club)
    context = {"page": ladder_page(competition, request.user), "competition": competition,
               "club": competition.season.club, "refusal": refusal}
    return render_page(request, TEMPLATE, context, partial="ladder", status=status)


@signed_in_post("competition-ladder")
@for_members(club_of_competition)
def challenge_player(request: HttpRequest, pk: int) -> HttpResponse:
    competition = _ladder(pk)
    challenged = ascii_int(request.POST.get("challenged", ""))
    if challenged is None:
        return ladder(request, pk, refusal=_("Choose the player to challenge."), status=422)
    try:
        made = challenge(competition.pk, challenged, actor=request.user)
    except ServiceError as error:
        return ladder(request, pk, refusal=error.message, status=refusal_status(error))
    messages.success(request, _("You challenged %(name)s: the match is to be played by %(deadline)s.") % {"name": made.challenged.player.name, "deadline": date_format(made.deadline, "SHORT_DATETIME_FORMAT")})
    return go(request, reverse("competition-ladder", args=[pk]))


@signed_in_post("competition-ladder")
@for_members(club_of_competition)
def join(request: HttpRequest, pk: int) -> HttpResponse:
    competition = _ladder(pk)
    player = player_of_user(competition.season.club, request.user)
    if player is None:
        return ladder(request, pk, refusal=_("Only a player of the club joins its ladder."),
                      status=403)
    try:
        join_ladder(competition.pk, player, actor=request.user)
    except ServiceError as error:
        return ladder(request, pk, refusal=error.message, status=refusal_status(error))
    messages.success(request, _("You are on the ladder, at the bottom: challenge your way up."))
    return go(request, reverse("competition-ladder", args=[pk]))
