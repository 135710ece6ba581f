"""The organizer's pages of a club's API keys (make one, shown once on the page that made it;
see which are in use; revoke one) and of its embeds (the snippets to copy)."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.html import escape
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_POST

from league.clubs.views import club_organizers_only, organizer_of
from league.core.errors import ServiceError
from league.core.views import go, refusal_status, submitted

from . import selectors, services
from .forms import KeyForm

TEMPLATE = "api/keys.html"


@club_organizers_only
def keys(request: HttpRequest, club) -> HttpResponse:
    return _render(request, club)


def _render(request: HttpRequest, club, *, form: KeyForm | None = None, made=None,
            status: int = 200) -> HttpResponse:
    site = request.build_absolute_uri("/").rstrip("/")
    context = {"club": club, "keys": selectors.keys_of(club), "form": form or KeyForm(),
               "made": made, "site": site}
    return render(request, TEMPLATE, context, status=status)


@require_POST
@club_organizers_only
def make(request: HttpRequest, club) -> HttpResponse:
    form = KeyForm(request.POST)
    made, refused = submitted(
        form, lambda data: services.make_key(club, actor=request.user, name=data["name"]))
    if refused:
        return _render(request, club, form=form, status=refused)
    response = _render(request, club, made=made)
    response["Cache-Control"] = "no-store"  # the key is on this page only
    return response


@require_POST
@organizer_of(selectors.club_key, "club")
def revoke(request: HttpRequest, key) -> HttpResponse:
    try:
        services.revoke_key(key, actor=request.user)
    except ServiceError as error:
        messages.error(request, error.message)
        return _render(request, key.club, status=refusal_status(error))
    messages.success(request, gettext("The key “%(name)s” is revoked: it reads nothing from now on.")
                     % {"name": key.name})
    return go(request, reverse("api-keys", args=[key.club.slug]))


@club_organizers_only
def embeds(request: HttpRequest, club) -> HttpResponse:
    """The snippets to copy into the club's site, for each competition under way or finished."""
    site = request.build_absolute_uri("/").rstrip("/")
    shown = [(competition, [_snippet(site, competition, *kind) for kind in EMBEDS])
             for competition in selectors.embeddable(club)]
    return render(request, "api/embeds.html", {"club": club, "competitions": shown})


EMBEDS = (("embed-standings", _("Standings"), 420),
          ("embed-bracket", _("Bracket or rounds"), 480),
          ("embed-pairings", _("Latest pairings"), 320))


def _snippet(site: str, competition, name: str, label: str, height: int) -> dict:
    url = reverse(name, args=[competition.pk])
    title = gettext("%(what)s of %(competition)s") % {"what": label,
                                                       "competition": competition.name}
    code = (f'<iframe src="{site}{url}" title="{escape(title)}" width="100%" '
            f'height="{height}" loading="lazy"></iframe>')
    return {"label": label, "url": url, "code": code, "id": f"{name}-{competition.pk}"}
