"""The organizer's page of a club: competitions by status, what waits for a decision, what the
tasks have done, the players (add one, make a claim link)."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

from league.clubs.models import Player
from league.clubs.selectors import club_player
from league.clubs.services import players
from league.clubs.views import club_organizers_only, organizer_of
from league.competitions.forms.entries import AddPlayerForm
from league.core.errors import ServiceError
from league.core.views import go, refusal_status, submitted
from league.pages import selectors

TEMPLATE = "organizer/dashboard.html"


@club_organizers_only
def dashboard(request: HttpRequest, club) -> HttpResponse:
    return _render(request, club)


def _render(request: HttpRequest, club, *, form: AddPlayerForm | None = None,
            claim_link: tuple[Player, str] | None = None, status: int = 200) -> HttpResponse:
    context = {"page": selectors.dashboard(club), "club": club,
               "add_form": form or AddPlayerForm(), "claim_link": claim_link}
    return render(request, TEMPLATE, context, status=status)


@require_POST
@club_organizers_only
def add_player(request: HttpRequest, club) -> HttpResponse:
    form = AddPlayerForm(request.POST)
    player, refused = submitted(form, lambda data: players.add_player(
        club, actor=request.user, name=data["name"], email=data["email"],
        site=request.build_absolute_uri("/")))
    if refused:
        return _render(request, club, form=form, status=refused)
    said = (gettext("%(player)s is a player of %(club)s. Their claim link is on its way by email.")
            if form.cleaned_data["email"] else gettext("%(player)s is a player of %(club)s."))
    messages.success(request, said % {"player": player.name, "club": club})
    return go(request, reverse("organizer-club", args=[club.slug]))


@require_POST
@organizer_of(club_player, "club")
def claim_link(request: HttpRequest, player: Player) -> HttpResponse:
    try:
        token = players.claim_token(player, actor=request.user)
    except ServiceError as error:
        messages.error(request, error.message)
        return _render(request, player.club, status=refusal_status(error))
    link = request.build_absolute_uri(reverse("player-claim", args=[token]))
    return _render(request, player.club, claim_link=(player, link))
