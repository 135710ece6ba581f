"""The organizer's page of one player of the club: rename, merge another record of the same
person into it, retire or bring back."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_POST

from league.clubs.models import Player
from league.clubs.selectors import club_player
from league.clubs.services import player_records
from league.clubs.views import refused
from league.competitions.entries.selectors import entries_of_player
from league.core.errors import ServiceError
from league.core.views import go, refusal_status
from league.pages.forms import MergePlayerForm, RenamePlayerForm

TEMPLATE = "organizer/player.html"


def player(request: HttpRequest, pk: int) -> HttpResponse:
    found = club_player(pk)
    return refused(request, found.club) or _render(request, found)


def _render(request: HttpRequest, player: Player, *, rename: RenamePlayerForm | None = None,
            merge: MergePlayerForm | None = None, refusal: str = "",
            status: int = 200) -> HttpResponse:
    context = {
        "club": player.club, "player": player, "refusal": refusal,
        "entries": entries_of_player(player),
        "rename_form": rename or RenamePlayerForm(initial={"name": player.name}),
        "merge_form": merge or MergePlayerForm(player=player),
    }
    return render(request, TEMPLATE, context, status=status)


def _here(request: HttpRequest, player: Player, message: str) -> HttpResponse:
    messages.success(request, message)
    return go(request, reverse("organizer-player", args=[player.pk]))


@require_POST
def rename(request: HttpRequest, pk: int) -> HttpResponse:
    found = club_player(pk)
    if (refusal := refused(request, found.club)) is not None:
        return refusal
    form = RenamePlayerForm(request.POST)
    if not form.is_valid():
        return _render(request, found, rename=form, status=422)
    old = found.name
    try:
        renamed = player_records.rename_player(found, actor=request.user,
                                               name=form.cleaned_data["name"])
    except ServiceError as error:
        form.add_service_error(error)
        return _render(request, found, rename=form, status=refusal_status(error))
    return _here(request, renamed, f"{old} is now called {renamed.name}.")


@require_POST
def merge(request: HttpRequest, pk: int) -> HttpResponse:
    found = club_player(pk)
    if (refusal := refused(request, found.club)) is not None:
        return refusal
    form = MergePlayerForm(request.POST, player=found)
    if not form.is_valid():
        return _render(request, found, merge=form, status=422)
    merged = form.cleaned_data["merged"]
    try:
        survivor = player_records.merge_players(found, merged, actor=request.user)
    except ServiceError as error:
        form.add_service_error(error)
        return _render(request, found, merge=form, status=refusal_status(error))
    return _here(request, survivor, f"{merged.name} is merged into {survivor.name}: one "
                 "player now, with all the entries and results.")


@require_POST
def retire(request: HttpRequest, pk: int) -> HttpResponse:
    return _retirement(request, pk, player_records.retire_player,
                       "{} is retired: offered for no new entry; the results stay.")


@require_POST
def bring_back(request: HttpRequest, pk: int) -> HttpResponse:
    return _retirement(request, pk, player_records.bring_back_player,
                       "{} is back: offered for new entries again.")


def _retirement(request: HttpRequest, pk: int, change, message: str) -> HttpResponse:
    found = club_player(pk)
    if (refusal := refused(request, found.club)) is not None:
        return refusal
    try:
        changed = change(found, actor=request.user)
    except ServiceError as error:
        return _render(request, found, refusal=error.message, status=refusal_status(error))
    return _here(request, changed, message.format(changed.name))
