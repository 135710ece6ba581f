"""Many players at once: pasted or from a CSV file, shown as what would be done (to create,
already there, wrong lines) before anything is saved."""

from __future__ import annotations

import csv
import io

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_http_methods

from league.clubs.models import Club
from league.clubs.services import players
from league.clubs.views import organizer_of
from league.competitions.base.selectors import organizer_club
from league.competitions.forms.entries import PlayerListForm
from league.core.errors import ServiceError
from league.core.views import UNPROCESSABLE, go, refusal_status

TEMPLATE = "organizer/players_bulk.html"


@require_http_methods(["GET", "POST"])
@organizer_of(organizer_club)
def add_players(request: HttpRequest, club: Club) -> HttpResponse:
    if request.method == "GET":
        return render(request, TEMPLATE, {"club": club, "form": PlayerListForm()})
    form = PlayerListForm(request.POST, request.FILES)
    if not form.is_valid():
        return render(request, TEMPLATE, {"club": club, "form": form}, status=422)
    rows = _rows(form.cleaned_data)
    if "save" not in request.POST:
        preview = players.read_player_lines(club, rows)
        # The preview carries the list on as text, so that saving needs no second upload; the
        # list box keeps the list as it was pasted, to be corrected and previewed again.
        text = "\n".join(f"{name}, {email}" if email else name for name, email in
                         preview.to_create)
        context = {"club": club, "form": form, "preview": preview, "text": text}
        return render(request, TEMPLATE, context)
    try:
        added = players.add_players(club, actor=request.user, rows=rows,
                                    site=request.build_absolute_uri("/"))
    except ServiceError as error:
        form.add_service_error(error)
        return render(request, TEMPLATE, {"club": club, "form": form},
                      status=refusal_status(error))
    if added.created:
        messages.success(request, _added(added, club))
    elif added.existing:
        # The same list saved again (the browser's back and resubmit, or a double click).
        messages.info(request, _who(added.existing, club))
    else:
        form.add_error("text", _("No line of the list names a player to add."))
        return render(request, TEMPLATE, {"club": club, "form": form}, status=UNPROCESSABLE)
    return go(request, reverse("organizer-club", args=[club.slug]))


def _added(added: players.PlayersAdded, club: Club) -> str:
    """How many players were added and, when it is so, how many were mailed and how many were
    in the club already."""
    count = len(added.created)
    said = [ngettext("%(count)s player added to %(club)s.", "%(count)s players added to %(club)s.",
                     count) % {"count": count, "club": club}]
    if added.invited:
        said.append(ngettext("A claim link is on its way to %(count)s address.",
                             "Claim links are on their way to %(count)s addresses.",
                             added.invited) % {"count": added.invited})
    if added.existing:
        there = len(added.existing)
        said.append(ngettext("%(count)s was in the club already.",
                             "%(count)s were in the club already.", there) % {"count": there})
    return " ".join(said)


def _who(names: tuple[str, ...], club: Club) -> str:
    if len(names) == 1:
        return _("%(name)s is in %(club)s already: nothing added, no mail sent.") % {
            "name": names[0], "club": club}
    return _("These players are in %(club)s already: nothing added, no mail sent.") % {
        "club": club}


def _rows(data: dict) -> list[list[str]]:
    text = data["text"]
    if data.get("is_csv"):
        return list(csv.reader(io.StringIO(text)))
    return players.split_pasted(text)
