"""The accounts' own pages beside allauth's: the admin's sign-in, deleting one's account, and a
person claiming their player with a one-time link."""

from __future__ import annotations

from urllib.parse import urlencode

from allauth.account.adapter import get_adapter
from allauth.account.views import LoginView
from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login, logout
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from league.accounts import services as account_services
from league.accounts.devices import trust_device
from league.accounts.forms import ClaimSignUpForm, DeleteAccountForm
from league.clubs.services import players
from league.core.errors import ServiceError
from league.core.views import refusal_status


class SignInView(LoginView):
    """allauth's sign-in; a browser that signs in is given the device cookie for the login it
    used, so its later sign-ins are held to its own failures (league/accounts/devices.py)."""

    def form_valid(self, form):
        response = super().form_valid(form)
        if self.request.user.is_authenticated:
            key = get_adapter(self.request).login_key(self.request, **form.user_credentials())
            trust_device(response, key)
        return response


sign_in = SignInView.as_view()


@require_http_methods(["GET", "POST"])
def admin_sign_in(request: HttpRequest) -> HttpResponse:
    """The admin's sign-in is the site's (with its limits): staff sign in there and come back;
    a signed-in user who is not staff is told so, not sent round in a loop."""
    next_url = request.GET.get("next") or reverse("admin:index")
    if request.user.is_authenticated:
        if request.user.is_active and request.user.is_staff:
            return redirect(next_url if url_has_allowed_host_and_scheme(
                next_url, allowed_hosts={request.get_host()}) else reverse("admin:index"))
        return render(request, "account/not_staff.html", status=403)
    return redirect(f"{reverse('login')}?{urlencode({'next': next_url})}")


@login_required
@require_http_methods(["GET", "POST"])
def delete_account(request: HttpRequest) -> HttpResponse:
    """Delete one's own account, with the password; the players stay, unlinked."""
    form = DeleteAccountForm(request.POST if request.method == "POST" else None)
    if request.method == "POST" and form.is_valid():
        user = request.user
        try:
            account_services.delete_account(user, password=form.cleaned_data["password"])
        except ServiceError as error:
            form.add_service_error(error)
        else:
            logout(request)
            messages.success(request, _("Your account is deleted. Your results stay with the "
                                        "clubs you played in."))
            return redirect("home")
    status = 422 if form.is_bound else 200
    return render(request, "account/delete.html", {"form": form}, status=status)


TEMPLATE = "registration/claim.html"


@require_http_methods(["GET", "POST"])
def claim(request: HttpRequest, token: str) -> HttpResponse:
    """The claim link: signed in, claim with one button; otherwise sign up here (or sign in)."""
    try:
        player = players.player_of_token(token)
    except ServiceError as error:
        return _page(request, token, problem=error.message, status=refusal_status(error))
    if request.method == "GET":
        return _page(request, token, player=player)
    if request.user.is_authenticated:
        return _claim_signed_in(request, token, player)
    return _sign_up(request, token, player)


def _claim_signed_in(request: HttpRequest, token: str, player) -> HttpResponse:
    try:
        player = players.claim_player(token, user=request.user)
    except ServiceError as error:
        return _page(request, token, player=player, problem=error.message,
                     status=refusal_status(error))
    messages.success(request, _("Welcome, %(name)s: this player is now yours.")
                     % {"name": player.name})
    return redirect(player.get_absolute_url())


def _sign_up(request: HttpRequest, token: str, player) -> HttpResponse:
    form = ClaimSignUpForm(request.POST)
    if form.is_valid():
        try:
            user = players.sign_up_and_claim(token, username=form.cleaned_data["username"],
                                             password=form.cleaned_data["password1"])
        except ServiceError as error:
            if not error.field:
                return _page(request, token, player=player, form=form, problem=error.message,
                             status=refusal_status(error))
            form.add_service_error(error)
        else:
            login(request, user, backend=settings.AUTHENTICATION_BACKENDS[0])
            messages.success(request, _("Welcome, %(name)s: your account is ready.")
                             % {"name": player.name})
            return redirect(player.get_absolute_url())
    return _page(request, token, player=player, form=form, status=422)


def _page(request: HttpRequest, token: str, *, player=None, form=None, problem: str = "",
          status: int = 200) -> HttpResponse:
    if form is None and not request.user.is_authenticated:
        form = ClaimSignUpForm()
    context = {"token": token, "player": player, "form": form, "problem": problem}
    return render(request, TEMPLATE, context, status=status)
