"""A player signs himself up for a competition taking sign-ups, or withdraws, before the
start; the organizer opens and closes the sign-ups on the entries page."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from league.clubs.views import organizer_of
from league.competitions.base.selectors import (
    club_of_competition,
    competition_with_club,
    organizer_competition,
)
from league.competitions.entries import sign_ups
from league.competitions.entries.selectors import sign_up_page
from league.competitions.forms.entries import RegistrationForm
from league.competitions.models import Competition
from league.competitions.views.organizer.entries import render_entries
from league.competitions.views.visibility import members_only
from league.core.errors import ServiceError
from league.core.views import UNPROCESSABLE, go, in_club_zone, refusal_status, sign_in_first

TEMPLATE = "competitions/sign_up.html"


@require_http_methods(["GET", "POST"])
def sign_up(request: HttpRequest, pk: int) -> HttpResponse:
    if (refusal := members_only(request, club_of_competition(pk))) is not None:
        return refusal
    competition = competition_with_club(pk)
    if request.method != "POST":
        return _render(request, competition)
    if not request.user.is_authenticated:
        return sign_in_first(request, reverse("competition-sign-up", args=[pk]))
    try:
        sign_ups.sign_up(pk, user=request.user)
    except ServiceError as error:
        return _render(request, competition, refusal=error.message,
                       status=refusal_status(error))
    messages.success(request, _("You are entered in %(name)s.") % {"name": competition.name})
    return go(request, reverse("competition-sign-up", args=[pk]))


@require_POST
def withdraw(request: HttpRequest, pk: int) -> HttpResponse:
    competition = competition_with_club(pk)
    if not request.user.is_authenticated:
        return sign_in_first(request, reverse("competition-sign-up", args=[pk]))
    try:
        sign_ups.withdraw_sign_up(pk, user=request.user)
    except ServiceError as error:
        return _render(request, competition, refusal=error.message,
                       status=refusal_status(error))
    messages.success(request, _("You are no longer entered in %(name)s.") % {"name": competition.name})
    return go(request, reverse("competition-sign-up", args=[pk]))


def _render(request, competition: Competition, *, refusal: str = "", status: int = 200):
    club = competition.season.club
    in_club_zone(club)
    page = sign_up_page(competition, request.user)
    context = {"competition": competition, "club": club, "player": page.player,
               "entered": page.entered, "closed": sign_ups.registration_refusal(competition),
               "refusal": refusal, "signed_up": page.signed_up}
    return render(request, TEMPLATE, context, status=status)


@require_POST
@organizer_of(organizer_competition, "season.club")
def registration(request: HttpRequest, competition: Competition) -> HttpResponse:
    """The organizer opens the sign-ups (with the form's closing time, read in the club's zone,
    and cap), changes them, or closes them. A refusal comes back on the entries page with the
    form as typed."""
    entries = reverse("competition-entries", args=[competition.pk])
    if request.POST.get("action") == "close":
        try:
            sign_ups.close_registration(competition.pk, actor=request.user)
        except ServiceError as error:
            return render_entries(request, competition, refusal=error.message,
                                  status=refusal_status(error))
        messages.success(request, _("Sign-ups are closed."))
        return go(request, entries)
    form = RegistrationForm(request.POST)
    if not form.is_valid():
        return render_entries(request, competition, forms={"registration_form": form},
                              status=UNPROCESSABLE)
    try:
        sign_ups.open_registration(competition.pk, actor=request.user,
                                   closes_at=form.cleaned_data["closes_at"],
                                   cap=form.cleaned_data["cap"])
    except ServiceError as error:
        if competition.status != Competition.Status.DRAFT:  # the form is no longer shown
            return render_entries(request, competition, refusal=error.message,
                                  status=refusal_status(error))
        form.add_service_error(error)  # next to the field it names, else at the top of the form
        return render_entries(request, competition, forms={"registration_form": form},
                              status=refusal_status(error))
    messages.success(request, _("Sign-ups are open: the club's players enter themselves on the "
                     "competition's page."))
    return go(request, entries)
