"""Sign in with a limit on failures, and a person claiming their player with a one-time link."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.views import LoginView
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods

from accounts import sign_in_limit
from accounts.forms import ClaimSignUpForm
from clubs.services import players
from core.errors import ServiceError
from core.views import refusal_status

TOO_MANY_REQUESTS = 429
SERVICE_UNAVAILABLE = 503


def _address(request: HttpRequest) -> str:
    # REMOTE_ADDR only: a forwarded-for header is the client's to invent.
    return request.META.get("REMOTE_ADDR", "")


class SignInView(LoginView):
    """Django's sign-in, refused after too many failures for a username from one address."""

    def post(self, request: HttpRequest, *args, **kwargs) -> HttpResponse:
        username = request.POST.get("username", "")
        try:
            blocked = sign_in_limit.is_blocked(username, _address(request))
        except sign_in_limit.Unavailable:
            return self._refuse(username, sign_in_limit.UNAVAILABLE, SERVICE_UNAVAILABLE)
        if blocked:
            return self._refuse(username, sign_in_limit.MESSAGE, TOO_MANY_REQUESTS)
        return super().post(request, *args, **kwargs)

    def _refuse(self, username: str, refusal: str, status: int) -> HttpResponse:
        form = self.form_class(self.request, initial={"username": username})
        context = self.get_context_data(form=form, refusal=refusal)
        return self.render_to_response(context, status=status)

    def form_invalid(self, form) -> HttpResponse:
        sign_in_limit.record_failure(self.request.POST.get("username", ""), _address(self.request))
        return super().form_invalid(form)

    def form_valid(self, form) -> HttpResponse:
        sign_in_limit.clear(self.request.POST.get("username", ""), _address(self.request))
        return super().form_valid(form)


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
    messages.success(request, f"Welcome, {player.name}: this player is now yours.")
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
            login(request, user, backend="django.contrib.auth.backends.ModelBackend")
            messages.success(request, f"Welcome, {player.name}: your account is ready.")
            return redirect(player.get_absolute_url())
    return _page(request, token, player=player, form=form, status=422)


def _page(request: HttpRequest, token: str, *, player=None, form=None, problem: str = "",
          status: int = 200) -> HttpResponse:
    if form is None and not request.user.is_authenticated:
        form = ClaimSignUpForm()
    context = {"token": token, "player": player, "form": form, "problem": problem}
    return render(request, TEMPLATE, context, status=status)
