"""Many players at once: pasted or from a CSV file, shown as what would be done (to create,
already there, wrong lines) before anything is saved."""

from __future__ import annotations

import csv
import io

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_http_methods

from clubs.models import Club
from clubs.services import players
from clubs.views import organizer_of
from competitions import selectors_organizer as selectors
from competitions.forms.entries import PlayerListForm
from core.errors import ServiceError
from core.views import go, refusal_status

TEMPLATE = "organizer/players_bulk.html"


@require_http_methods(["GET", "POST"])
@organizer_of(selectors.organizer_club)
def add_players(request: HttpRequest, club: Club) -> HttpResponse:
    if request.method == "GET":
        return render(request, TEMPLATE, {"club": club, "form": PlayerListForm()})
    form = PlayerListForm(request.POST, request.FILES)
    if not form.is_valid():
        return render(request, TEMPLATE, {"club": club, "form": form}, status=422)
    rows = _rows(form.cleaned_data)
    if "save" not in request.POST:
        preview = players.read_player_lines(club, rows)
        # The preview carries the list on as text, so that saving needs no second upload.
        text = "\n".join(f"{name}, {email}" if email else name for name, email in
                         preview.to_create)
        context = {"club": club, "form": PlayerListForm(), "preview": preview, "text": text}
        return render(request, TEMPLATE, context)
    try:
        created = players.add_players(club, actor=request.user, rows=rows,
                                      site=request.build_absolute_uri("/"))
    except ServiceError as error:
        form.add_service_error(error)
        return render(request, TEMPLATE, {"club": club, "form": form},
                      status=refusal_status(error))
    invited = sum(1 for row in rows if len(row) == 2 and row[1].strip())
    messages.success(request, f"{len(created)} players added to {club}."
                     + (f" Claim links are on their way to {invited} addresses." if invited else ""))
    return go(request, reverse("organizer-club", args=[club.slug]))


def _rows(data: dict) -> list[list[str]]:
    text = data["text"]
    if data.get("is_csv"):
        return list(csv.reader(io.StringIO(text)))
    return players.split_pasted(text)
