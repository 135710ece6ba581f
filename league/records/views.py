"""A match's record downloaded (whoever sees the match page); imported by an organizer into a
match with no games yet; a club's archive downloaded by its organizers."""

from __future__ import annotations

import json

from django.contrib import messages
from django.core.serializers.json import DjangoJSONEncoder
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import ngettext

from league.clubs.views import organizer_of
from league.competitions.base.selectors import (
    club_of_match,
    organizer_club,
    organizer_match,
    side_names,
)
from league.competitions.models import Match
from league.competitions.views.visibility import for_members
from league.core.errors import ServiceError
from league.core.views import go, page_refusal

from . import selectors
from .archive import club_archive
from .export import match_record, record_match
from .forms import RecordUploadForm
from .importing import import_match_record
from .reading import read_record

TEMPLATE = "records/import.html"


@for_members(club_of_match)
def download_record(request: HttpRequest, pk: int) -> HttpResponse:
    try:
        match = record_match(pk)
    except Match.DoesNotExist:
        raise Http404 from None
    return json_download(match_record(match), f"match-{pk}-record.json")


def json_download(data: dict, name: str) -> HttpResponse:
    body = json.dumps(data, cls=DjangoJSONEncoder, ensure_ascii=False, indent=1)
    response = HttpResponse(body, content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response


@organizer_of(organizer_match, "competition.season.club")
def import_record(request: HttpRequest, match: Match) -> HttpResponse:
    if request.method != "POST":
        return _render(request, match, RecordUploadForm())
    form = RecordUploadForm(request.POST, request.FILES)
    if not form.is_valid():
        return _render(request, match, form, status=422)
    try:
        games = import_match_record(
            match.pk, read_record(form.cleaned_data["file"]), actor=request.user
        )
    except ServiceError as error:
        refused = page_refusal(error)
        return _render(request, match, form, refusal=refused["refusal"], status=refused["status"])
    hands = selectors.hand_count(games)
    messages.success(
        request,
        ngettext(
            "The record is imported: %(hands)s hand, checked by the engine. Record the result "
            "when the games decide the match.",
            "The record is imported: %(hands)s hands, each checked by the engine. Record the "
            "result when the games decide the match.",
            hands,
        )
        % {"hands": hands},
    )
    return go(request, reverse("match-paper", args=[match.pk]))


def _render(
    request: HttpRequest,
    match: Match,
    form: RecordUploadForm,
    *,
    refusal: str = "",
    status: int = 200,
) -> HttpResponse:
    name_a, name_b = side_names(match)
    context = {
        "match": match,
        "form": form,
        "refusal": refusal,
        "name_a": name_a,
        "name_b": name_b,
        "has_games": selectors.has_games(match.pk),
    }
    return render(request, TEMPLATE, context, status=status)


@organizer_of(organizer_club)
def download_archive(request: HttpRequest, club) -> HttpResponse:
    response = HttpResponse(club_archive(club), content_type="application/zip")
    response["Content-Disposition"] = f'attachment; filename="{club.slug}-archive.zip"'
    return response
