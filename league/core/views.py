"""What every page view shares: one template per page, its named partial for htmx requests,
refusals shown in the page, and actions that need a signed-in user."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from urllib.parse import urlencode
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext
from django.views.decorators.http import require_POST
from django_htmx.http import HttpResponseClientRedirect

from league.core.errors import NotAllowed, ServiceError
from league.core.languages import in_club_language

# Refused actions re-render the page with the reason; htmx is told to swap these (base.html).
FORBIDDEN = 403
UNPROCESSABLE = 422
# A response with this attribute set may be framed by any site (league.security).
FRAMABLE = "framable"


def render_page(
    request: HttpRequest, template: str, context: dict, *, partial: str, status: int = 200
) -> HttpResponse:
    """The full page, or for an htmx request only its partial `template#partial`."""
    name = f"{template}#{partial}" if request.htmx else template
    return render(request, name, context, status=status)


def in_club_zone(club) -> None:
    """Show and read the rest of this request's dates and times in the club's time zone (a
    club's `time_zone`); league.core.middleware.TimeZoneResetMiddleware ends it with the request.
    In the club's language too, when the reader has chosen none (league.core.languages)."""
    in_club_language(getattr(club, "default_language", None))
    try:
        timezone.activate(ZoneInfo(club.time_zone))
    except (ZoneInfoNotFoundError, ValueError):
        timezone.deactivate()


def refusal_status(error: ServiceError) -> int:
    return FORBIDDEN if isinstance(error, NotAllowed) else UNPROCESSABLE


def submitted(form, act: Callable[[dict], object]) -> tuple[object, int | None]:
    """A posted form handed to its service: (what `act` returned from the cleaned data, None),
    or (None, the status to show the form again with): 422 when the form is not valid, the
    refusal's status when the service refuses (its message put next to its field)."""
    if not form.is_valid():
        return None, UNPROCESSABLE
    try:
        return act(form.cleaned_data), None
    except ServiceError as error:
        form.add_service_error(error)
        return None, refusal_status(error)


def page_refusal(error: ServiceError, form=None) -> dict:
    """A service's refusal as the page shows it, `refusal` (the message above the actions) and
    `status`, to pass on to the page's render: a refusal about one of the form's fields is shown
    next to that field instead."""
    if form is not None and form.shows(error.field):
        form.add_service_error(error)
        return {"refusal": "", "status": refusal_status(error)}
    return {"refusal": error.message, "status": refusal_status(error)}


def unseen_errors(form) -> str:
    """The errors of a posted form that the page does not show this viewer (not offered to
    them), in one line for the page's refusal: a refusal always says why."""
    if form is None or not form.is_bound or not form.errors:
        return ""
    return " ".join(str(error) for errors in form.errors.values() for error in errors)


def go(request: HttpRequest, url: str) -> HttpResponse:
    """Redirect; an htmx request is told to load the page itself."""
    if request.htmx:
        return HttpResponseClientRedirect(url)
    return redirect(url)


def sign_in_first(request: HttpRequest, next_url: str) -> HttpResponse:
    messages.info(request, gettext("Sign in to do that."))
    return go(request, f"{reverse('login')}?{urlencode({'next': next_url})}")


def signed_in_post(page: str) -> Callable:
    """A POST action on the object `pk` of page `page`; a visitor who is not signed in is sent
    to sign in, then back to that page."""

    def decorate(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
        @require_POST
        @wraps(view)
        def wrapped(request: HttpRequest, pk: int, *args, **kwargs) -> HttpResponse:
            if not request.user.is_authenticated:
                return sign_in_first(request, reverse(page, args=[pk]))
            return view(request, pk, *args, **kwargs)

        return wrapped

    return decorate
