"""The organizer deals a stage's players into its groups by hand: a group chosen for each player,
before the stage is drawn (the first stage while the competition is a draft; a later stage once
the stage before it has its qualifiers). The stage is then drawn from that dealing."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.urls import reverse
from django.utils.translation import ngettext
from django.views.decorators.http import require_http_methods

from league.clubs.views import organizer_of
from league.competitions.base.selectors import organizer_competition
from league.competitions.entries.selectors import entrant_names
from league.competitions.formats.selectors import competition_stage
from league.competitions.formats.stage_dealing import (
    deal_by_hand,
    dealing_players,
    dealing_refusal,
    suggested_dealing,
)
from league.competitions.forms.dealing import DealingForm
from league.competitions.models import Competition
from league.core.errors import ServiceError
from league.core.views import UNPROCESSABLE, go, refusal_status, render_page

TEMPLATE = "organizer/stage_groups.html"


@require_http_methods(["GET", "POST"])
@organizer_of(organizer_competition, "season.club")
def stage_groups(request: HttpRequest, competition: Competition, order: int) -> HttpResponse:
    stage = competition_stage(competition, order)
    players = dealing_players(competition, stage)
    if players is None:
        return _render(request, competition, stage, None, refusal=dealing_refusal(competition, stage),
                       status=200 if request.method == "GET" else UNPROCESSABLE)
    names = entrant_names(competition)
    rows = [(pk, names[pk]) for pk in players]
    if request.method == "GET":
        form = DealingForm(players=rows, groups=stage.groups, initial=suggested_dealing(stage, players))
        return _render(request, competition, stage, form)
    form = DealingForm(request.POST, players=rows, groups=stage.groups)
    if not form.is_valid():
        return _render(request, competition, stage, form, status=UNPROCESSABLE)
    try:
        deal_by_hand(stage.pk, form.cleaned_data["groups"], actor=request.user,
                     uneven=form.cleaned_data["uneven"])
    except ServiceError as error:
        form.add_service_error(error)
        return _render(request, competition, stage, form, status=refusal_status(error))
    count = len(form.cleaned_data["groups"])
    if competition.status == Competition.Status.DRAFT:
        messages.success(request, ngettext(
            "The %(count)s group is dealt: the stage is drawn from it when the competition starts.",
            "The %(count)s groups are dealt: the stage is drawn from them when the competition "
            "starts.", count) % {"count": count})
        return go(request, reverse("competition-entries", args=[competition.pk]))
    messages.success(request, ngettext(
        "%(stage)s is drawn from the %(count)s group you dealt.",
        "%(stage)s is drawn from the %(count)s groups you dealt.", count)
        % {"stage": stage, "count": count})
    return go(request, reverse("competition", args=[competition.pk]) + f"?stage={stage.order}")


def _render(request, competition, stage, form, *, refusal: str = "", status: int = 200):
    context = {"competition": competition, "club": competition.season.club, "stage": stage,
               "form": form, "refusal": refusal}
    return render_page(request, TEMPLATE, context, partial="dealing", status=status)
