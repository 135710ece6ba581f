"""Asking to join a club (a signed-in user), and the organizer's answer."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.http import require_http_methods, require_POST

from league.clubs.models import Club, JoinRequest
from league.clubs.selectors import club_by_slug, join_request, latest_join_request, player_of_user
from league.clubs.services import joining
from league.clubs.views import refused
from league.core.errors import ServiceError
from league.core.views import go, refusal_status, sign_in_first, unseen_errors
from league.pages.forms import JoinForm

TEMPLATE = "pages/join.html"


@require_http_methods(["GET", "POST"])
def join(request: HttpRequest, slug: str) -> HttpResponse:
    club = club_by_slug(slug)
    if not request.user.is_authenticated:
        return sign_in_first(request, reverse("club-join", args=[slug]))
    if request.method == "GET":
        return _render(request, club, JoinForm())
    form = JoinForm(request.POST)
    if not form.is_valid():
        return _render(request, club, form, status=422)
    try:
        joining.ask_to_join(club, user=request.user, name=form.cleaned_data["name"])
    except ServiceError as error:
        form.add_service_error(error)
        return _render(request, club, form, status=refusal_status(error))
    messages.success(request, gettext("You have asked to join %(club)s: an organizer will answer.")
                                      % {"club": club})
    return go(request, reverse("club-join", args=[slug]))


def _render(request: HttpRequest, club: Club, form: JoinForm, *, status: int = 200):
    mine = latest_join_request(club, request.user)
    player = player_of_user(club, request.user)
    pending = mine is not None and mine.status == JoinRequest.Status.PENDING
    # Where the form is not shown (a player already, or asked already), its errors are said
    # above the page's status.
    hidden = unseen_errors(form) if (player or pending) else ""
    context = {"club": club, "form": form, "asked": mine, "player": player, "hidden": hidden}
    return render(request, TEMPLATE, context, status=status)


@require_POST
def accept(request: HttpRequest, pk: int) -> HttpResponse:
    return _answer(request, pk, accepting=True)


@require_POST
def refuse(request: HttpRequest, pk: int) -> HttpResponse:
    return _answer(request, pk, accepting=False)


def _answer(request: HttpRequest, pk: int, *, accepting: bool) -> HttpResponse:
    asked = join_request(pk)
    if (refusal := refused(request, asked.club)) is not None:
        return refusal
    dashboard = reverse("organizer-club", args=[asked.club.slug])
    try:
        if accepting:
            player = joining.accept_request(asked, actor=request.user)
            messages.success(request, gettext("%(player)s is a player of %(club)s.")
                                              % {"player": player.name, "club": asked.club})
        else:
            joining.refuse_request(asked, actor=request.user)
            messages.success(request, gettext("%(asked)s's request is refused.")
                                              % {"asked": asked.name})
    except ServiceError as error:
        return _refused_page(request, asked, error)
    return go(request, dashboard)


def _refused_page(request: HttpRequest, asked: JoinRequest, error: ServiceError):
    return render(request, "pages/join_refused.html", {"club": asked.club, "asked": asked,
                                                       "reason": error.message},
                  status=refusal_status(error))
