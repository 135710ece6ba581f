"""The organizer's page of the club's webhooks: add one (its secret shown once), each one's
delivery log, resume one paused, remove one."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_POST

from league.clubs.views import organizer_of
from league.competitions.base.selectors import organizer_club
from league.core.errors import ServiceError
from league.core.views import go, in_club_zone, refusal_status

from . import selectors
from .forms import WebhookForm
from .webhooks import subscriptions

TEMPLATE = "api/webhooks.html"


@organizer_of(organizer_club)
def webhooks(request: HttpRequest, club) -> HttpResponse:
    return _render(request, club)


def _render(request: HttpRequest, club, *, form: WebhookForm | None = None, made=None,
            status: int = 200) -> HttpResponse:
    in_club_zone(club)
    context = {"club": club, "hooks": selectors.webhooks_of(club), "form": form or WebhookForm(),
               "made": made}
    return render(request, TEMPLATE, context, status=status)


@require_POST
@organizer_of(organizer_club)
def add(request: HttpRequest, club) -> HttpResponse:
    form = WebhookForm(request.POST)
    if not form.is_valid():
        return _render(request, club, form=form, status=422)
    try:
        hook = subscriptions.subscribe(club, actor=request.user, url=form.cleaned_data["url"],
                                       events=form.cleaned_data["events"])
    except ServiceError as error:
        form.add_service_error(error)
        return _render(request, club, form=form, status=refusal_status(error))
    response = _render(request, club, made=hook)
    response["Cache-Control"] = "no-store"  # its secret is on this page
    return response


@require_POST
@organizer_of(selectors.club_webhook, "club")
def resume(request: HttpRequest, hook) -> HttpResponse:
    subscriptions.resume(hook, actor=request.user)
    messages.success(request, f"The webhook to {hook.url} is sending again.")
    return go(request, reverse("webhooks", args=[hook.club.slug]))


@require_POST
@organizer_of(selectors.club_webhook, "club")
def remove(request: HttpRequest, hook) -> HttpResponse:
    subscriptions.remove(hook, actor=request.user)
    messages.success(request, f"The webhook to {hook.url} is removed.")
    return go(request, reverse("webhooks", args=[hook.club.slug]))
