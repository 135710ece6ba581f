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

from competitions import selectors_organizer as selectors
from competitions.forms.entries import DecisionForm, QualifiersForm
from competitions.models import Competition, Match
from competitions.services.decide import choose_qualifiers, keep_match, reset_match
from competitions.services.stages import is_tie_ask
from competitions.views.organizer.access import refused
from core.errors import ServiceError
from core.views import UNPROCESSABLE, go, refusal_status, render_page

TEMPLATE = "organizer/matches.html"
NO_DECISION = "There is no decision to make about this match."
NO_TIE = "There is no tie at a stage's cut line to decide here."


def matches(request: HttpRequest, pk: int) -> HttpResponse:
    competition = selectors.organizer_competition(pk)
    return refused(request, competition.season.club) or _render(request, competition)


def _render(request: HttpRequest, competition: Competition, *, forms: dict | None = None,
            refusal: str = "", status: int = 200) -> HttpResponse:
    decisions = selectors.open_decisions(Q(match__competition=competition))
    forms = forms or {}
    context = {
        "competition": competition, "club": competition.season.club,
        "groups": selectors.matches_by_status(competition),
        "decisions": [(d, forms.get(d.match_id) or DecisionForm(prefix=f"d{d.match_id}"))
                      for d in decisions if not is_tie_ask(d)],
        "ties": [(d, forms.get(d.match_id) or qualifiers_form(d, competition))
                 for d in decisions if is_tie_ask(d)],
        "refusal": refusal,
    }
    return render_page(request, TEMPLATE, context, partial="matches", status=status)


def qualifiers_form(asked, competition: Competition, data=None) -> QualifiersForm:
    names = dict(competition.entries.values_list("pk", "player__name"))
    tied = [(pk, names[pk]) for pk in asked.after["players"]]
    return QualifiersForm(data, prefix=f"q{asked.match_id}", tied=tied,
                          places=asked.after["places"], first=asked.after["first_position"])


@require_POST
def choose(request: HttpRequest, pk: int) -> HttpResponse:
    """The organizer's answer to players level at a stage's cut line."""
    match = get_object_or_404(Match.objects.select_related("competition__season__club"), pk=pk)
    competition = match.competition
    if (refusal := refused(request, competition.season.club)) is not None:
        return refusal
    asked = [d for d in selectors.open_decisions(Q(match=match)) if is_tie_ask(d)]
    if not asked:
        return _render(request, competition, refusal=NO_TIE, status=UNPROCESSABLE)
    form = qualifiers_form(asked[0], competition, request.POST)
    if not form.is_valid():
        return _render(request, competition, forms={match.pk: form}, status=UNPROCESSABLE)
    try:
        choose_qualifiers(match.pk, form.players(), actor=request.user)
    except ServiceError as error:
        return _render(request, competition, forms={match.pk: form}, refusal=error.message,
                       status=refusal_status(error))
    messages.success(request, "Decided: the next stage is drawn once nothing else is level.")
    return go(request, reverse("organizer-matches", args=[competition.pk]))


@require_POST
def decide(request: HttpRequest, pk: int) -> HttpResponse:
    match = get_object_or_404(Match.objects.select_related("competition__season__club"), pk=pk)
    competition = match.competition
    if (refusal := refused(request, competition.season.club)) is not None:
        return refusal
    if not [d for d in selectors.open_decisions(Q(match=match)) if not is_tie_ask(d)]:
        return _render(request, competition, refusal=NO_DECISION, status=UNPROCESSABLE)
    form = DecisionForm(request.POST, prefix=f"d{match.pk}")
    if not form.is_valid():
        return _render(request, competition, forms={match.pk: form}, status=UNPROCESSABLE)
    decide_with = reset_match if form.cleaned_data["decision"] == "reset" else keep_match
    try:
        decide_with(match.pk, actor=request.user, comment=form.cleaned_data["comment"])
    except ServiceError as error:
        return _render(request, competition, forms={match.pk: form}, refusal=error.message,
                       status=refusal_status(error))
    done = "reset: it is to be played again" if decide_with is reset_match else "kept as played"
    messages.success(request, f"{match} is {done}.")
    return go(request, reverse("organizer-matches", args=[competition.pk]))
