"""A club run from the site: start one, edit its settings, invite and remove organizers."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.http import require_http_methods, require_POST

from league.accounts.selectors import account
from league.clubs.models import Club
from league.clubs.selectors import club_by_slug, organized_clubs, organizers_of, person_name
from league.clubs.services import clubs as club_services
from league.clubs.views import organizer_of
from league.core.errors import ServiceError
from league.core.views import go, refusal_status
from league.pages.forms import ClubForm, ClubSettingsForm, InviteForm


@login_required
@require_http_methods(["GET", "POST"])
def start_club(request: HttpRequest) -> HttpResponse:
    form = ClubForm(request.POST if request.method == "POST" else None)
    if request.method == "POST" and form.is_valid():
        try:
            club = club_services.create_club(actor=request.user, **form.cleaned_data)
        except ServiceError as error:
            form.add_service_error(error)
        else:
            messages.success(request, gettext("%(club)s is started, and you are its organizer. "
                                              "Add its players next.") % {"club": club})
            return go(request, reverse("organizer-club", args=[club.slug]))
    status = 422 if form.is_bound else 200
    return render(request, "pages/club_new.html", {"form": form}, status=status)


@login_required
def organize(request: HttpRequest) -> HttpResponse:
    """The clubs the user organizes, and the way to start one."""
    return render(request, "pages/organize.html", {"clubs": organized_clubs(request.user)})


def _settings_page(request, club, *, form=None, invite_form=None, link="", status=200):
    context = {"club": club, "form": form or ClubSettingsForm.of(club),
               "invite_form": invite_form or InviteForm(), "invite_link": link,
               "organizers": organizers_of(club)}
    return render(request, "pages/club_settings.html", context, status=status)


@require_http_methods(["GET", "POST"])
@organizer_of(club_by_slug)
def club_settings(request: HttpRequest, club: Club) -> HttpResponse:
    if request.method == "GET":
        return _settings_page(request, club)
    form = ClubSettingsForm.of(club, request.POST)
    if form.is_valid():
        try:
            club_services.update_club(club, actor=request.user, **form.settings())
        except ServiceError as error:
            form.add_service_error(error)
        else:
            messages.success(request, gettext("The club's settings are saved."))
            return go(request, reverse("club-settings", args=[club.slug]))
    return _settings_page(request, club, form=form, status=422)


@require_POST
@organizer_of(club_by_slug)
def invite(request: HttpRequest, club: Club) -> HttpResponse:
    """Mail an invitation (with an address), or show the link to pass on (without)."""
    if "link" in request.POST:
        token = club_services.invitation_token(club, actor=request.user)
        link = request.build_absolute_uri(reverse("organizer-invitation", args=[token]))
        return _settings_page(request, club, link=link)
    form = InviteForm(request.POST)
    if not form.is_valid():
        return _settings_page(request, club, invite_form=form, status=422)
    try:
        club_services.invite_by_email(club, actor=request.user,
                                      email=form.cleaned_data["email"],
                                      site=request.build_absolute_uri("/"))
    except ServiceError as error:
        form.add_service_error(error)
        return _settings_page(request, club, invite_form=form, status=refusal_status(error))
    messages.success(request, gettext("The invitation is on its way to %(email)s.")
                                      % {"email": form.cleaned_data['email']})
    return go(request, reverse("club-settings", args=[club.slug]))


@require_POST
@organizer_of(club_by_slug)
def remove_organizer(request: HttpRequest, club: Club, user_id: int) -> HttpResponse:
    user = account(user_id)
    try:
        club_services.remove_organizer(club, actor=request.user, user=user)
    except ServiceError as error:
        messages.error(request, error.message)
        return _settings_page(request, club, status=refusal_status(error))
    messages.success(request, gettext("%(person_name)s no longer organizes %(club)s.")
                                      % {"person_name": person_name(user, club), "club": club})
    if user == request.user and not request.user.is_superuser:
        return go(request, reverse("club", args=[club.slug]))
    return go(request, reverse("club-settings", args=[club.slug]))


@require_http_methods(["GET", "POST"])
def invitation(request: HttpRequest, token: str) -> HttpResponse:
    """An organizer's invitation: signed in, accept with one button; otherwise sign in first."""
    try:
        club = club_services.club_of_invitation(token)
    except ServiceError as error:
        return render(request, "pages/invitation.html", {"problem": error.message}, status=422)
    if request.method == "POST":
        if not request.user.is_authenticated:
            return redirect(f"{reverse('login')}?next={request.path}")
        try:
            club = club_services.accept_invitation(token, user=request.user)
        except ServiceError as error:
            return render(request, "pages/invitation.html",
                          {"club": club, "problem": error.message},
                          status=refusal_status(error))
        messages.success(request, gettext("You now organize %(club)s.") % {"club": club})
        return go(request, reverse("organizer-club", args=[club.slug]))
    return render(request, "pages/invitation.html", {"club": club})
