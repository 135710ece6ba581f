"""A competition's matches for its organizer, grouped by what they wait for, with quick links
to the match page's actions (report, resolve, correct) and the decisions a correction asks
for (reset or keep)."""

from __future__ import annotations

from django.contrib import messages
from django.db.models import Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.views.decorators.http import require_POST

from clubs.views import organizer_of
from competitions import selectors_organizer as selectors
from competitions.forms.entries import DecisionForm
from competitions.models import Competition, Match
from competitions.services.decide import keep_match, reset_match
from core.errors import ServiceError
from core.views import UNPROCESSABLE, go, page_refusal, render_page

TEMPLATE = "organizer/matches.html"
NO_DECISION = "There is no decision to make about this match."


@organizer_of(selectors.organizer_competition, "season.club")
def matches(request: HttpRequest, competition: Competition) -> HttpResponse:
    return _render(request, competition)


def _render(request: HttpRequest, competition: Competition, *, forms: dict | None = None,
            refusal: str = "", status: int = 200) -> HttpResponse:
    decisions = selectors.open_decisions(Q(match__competition=competition))
    forms = forms or {}
    context = {
        "competition": competition, "club": competition.season.club,
        "groups": selectors.matches_by_status(competition),
        "decisions": [(d, forms.get(d.match_id) or DecisionForm(prefix=f"d{d.match_id}"))
                      for d in decisions],
        "refusal": refusal,
    }
    return render_page(request, TEMPLATE, context, partial="matches", status=status)


def _match(pk: int) -> Match:
    return get_object_or_404(Match.objects.select_related("competition__season__club"), pk=pk)


@require_POST
@organizer_of(_match, "competition.season.club")
def decide(request: HttpRequest, match: Match) -> HttpResponse:
    competition = match.competition
    if not selectors.open_decisions(Q(match=match)):
        return _render(request, competition, refusal=NO_DECISION, status=UNPROCESSABLE)
    form = DecisionForm(request.POST, prefix=f"d{match.pk}")
    if not form.is_valid():
        return _render(request, competition, forms={match.pk: form}, status=UNPROCESSABLE)
    decide_with = reset_match if form.cleaned_data["decision"] == "reset" else keep_match
    try:
        decide_with(match.pk, actor=request.user, comment=form.cleaned_data["comment"])
    except ServiceError as error:
        return _render(request, competition, forms={match.pk: form}, **page_refusal(error))
    done = "reset: it is to be played again" if decide_with is reset_match else "kept as played"
    messages.success(request, f"{match} is {done}.")
    return go(request, reverse("organizer-matches", args=[competition.pk]))
