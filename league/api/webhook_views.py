"""The organizer's page of the club's webhooks: add one (its secret shown once), each one's
delivery log, resume one paused, remove one."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

from league.clubs.views import club_organizers_only, organizer_of
from league.core.views import go, submitted

from . import selectors
from .forms import WebhookForm
from .webhooks import subscriptions

TEMPLATE = "api/webhooks.html"


@club_organizers_only
def webhooks(request: HttpRequest, club) -> HttpResponse:
    return _render(request, club)


def _render(request: HttpRequest, club, *, form: WebhookForm | None = None, made=None,
            status: int = 200) -> HttpResponse:
    context = {"club": club, "hooks": selectors.webhooks_of(club), "form": form or WebhookForm(),
               "made": made}
    return render(request, TEMPLATE, context, status=status)


@require_POST
@club_organizers_only
def add(request: HttpRequest, club) -> HttpResponse:
    form = WebhookForm(request.POST)
    hook, refused = submitted(form, lambda data: subscriptions.subscribe(
        club, actor=request.user, url=data["url"], events=data["events"]))
    if refused:
        return _render(request, club, form=form, status=refused)
    response = _render(request, club, made=hook)
    response["Cache-Control"] = "no-store"  # its secret is on this page
    return response


@require_POST
@organizer_of(selectors.club_webhook, "club")
def resume(request: HttpRequest, hook) -> HttpResponse:
    subscriptions.resume(hook, actor=request.user)
    messages.success(request, gettext("The webhook to %(url)s is sending again.") % {"url": hook.url})
    return go(request, reverse("webhooks", args=[hook.club.slug]))


@require_POST
@organizer_of(selectors.club_webhook, "club")
def remove(request: HttpRequest, hook) -> HttpResponse:
    subscriptions.remove(hook, actor=request.user)
    messages.success(request, gettext("The webhook to %(url)s is removed.") % {"url": hook.url})
    return go(request, reverse("webhooks", args=[hook.club.slug]))
