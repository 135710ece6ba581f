"""The match page and its actions: start a game, report, confirm, dispute, resolve, correct,
and an organizer's forfeit or no-show.

Each action is a POST that calls one service. A refusal re-renders the page with the reason
(next to the field it names) and what was typed; success redirects (PRG), or for htmx returns
the updated partial."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.urls import reverse

from competitions import selectors
from competitions.forms.formats import ForfeitForm
from competitions.forms.matches import CorrectForm, DisputeForm, ResolveForm
from competitions.models import Match, ResultReport
from competitions.services import results
from competitions.services.forfeits import record_forfeit
from competitions.views.competitions import match_format
from competitions.views.history import history
from competitions.views.visibility import club_of_match, members_only
from core.errors import ServiceError
from core.views import (
    UNPROCESSABLE,
    go,
    page_refusal,
    render_page,
    signed_in_post,
    unseen_errors,
)
from gameplay.hand_views import may_correct
from gameplay.services import start_game as start_game_service
from pages import selectors as page_selectors
from pages.views.match_actions import match_actions, viewer_of
from pages.views.match_schedule import schedule_context
from ratings.selectors import win_probability

TEMPLATE = "pages/match.html"
PARTIAL = "match-body"
FORM_ACTIONS = {"dispute_form": "dispute", "resolve_form": "resolve", "correct_form": "correct",
                "forfeit_form": "forfeit"}
SCHEDULE_FORMS = {"time_form": "set", "propose_form": "propose"}
# The win chances are a forecast: shown until the result is reported.
BEFORE_PLAY = (Match.Status.PENDING, Match.Status.SCHEDULED, Match.Status.IN_PROGRESS)


def match(request: HttpRequest, pk: int) -> HttpResponse:
    return _render(request, pk)


def _render(request: HttpRequest, pk: int, *, forms: dict | None = None,
            refusal: str = "", status: int = 200) -> HttpResponse:
    if (members_refusal := members_only(request, club_of_match(pk))) is not None:
        return members_refusal
    page = page_selectors.match_page(pk)
    base = _page_context(request.user, page)
    context = {**base, **_blank_forms(page.match), **schedule_context(page.match, base["viewer"]),
               **(forms or {}), "refusal": refusal}
    for name, action in FORM_ACTIONS.items():
        if not getattr(context["actions"], action):
            context["refusal"] = context["refusal"] or unseen_errors(context[name])
    for name, action in SCHEDULE_FORMS.items():
        if not getattr(context["schedule"], action):
            context["refusal"] = context["refusal"] or unseen_errors(context[name])
    return render_page(request, TEMPLATE, context, partial=PARTIAL, status=status)


def _page_context(user, page: page_selectors.MatchPage) -> dict:
    match = page.match
    viewer = viewer_of(user, match)
    outcome = results.match_outcome(match, page.games)
    confirmed = match.status == Match.Status.CONFIRMED
    name_a, name_b = selectors.side_names(match)
    return {
        "page": page,
        "match": match,
        "name_a": name_a,
        "name_b": name_b,
        "format": match_format(match.competition),
        "outcome": outcome,
        "games_won": (match.games_a, match.games_b) if confirmed else (outcome.games_a, outcome.games_b),
        "viewer": viewer,
        "actions": match_actions(page, viewer),
        "history": history(match, page.audit),
        "may_correct_hands": may_correct(user, match),
        "chances": win_probability(match) if match.status in BEFORE_PLAY else None,
    }


def _blank_forms(match: Match) -> dict:
    return {
        "dispute_form": DisputeForm(prefix="dispute"),
        "resolve_form": ResolveForm(prefix="resolve"),
        "correct_form": CorrectForm.for_match(match, prefix="correct"),
        "forfeit_form": ForfeitForm(match=match, prefix="forfeit"),
    }


def _done(request: HttpRequest, pk: int, message: str) -> HttpResponse:
    messages.success(request, message)
    if request.htmx:
        return _render(request, pk)
    return go(request, reverse("match", args=[pk]))


def _refused(request: HttpRequest, pk: int, error: ServiceError, *, form=None,
             name: str = "") -> HttpResponse:
    """The page again with the reason: next to the field it names, else above the actions."""
    forms = {name: form} if form is not None else None
    return _render(request, pk, forms=forms, **page_refusal(error, form))


@signed_in_post("match")
def start_game(request: HttpRequest, pk: int) -> HttpResponse:
    try:
        game = start_game_service(pk, actor=request.user)
    except ServiceError as error:
        return _refused(request, pk, error)
    messages.success(request, f"Game {game.number} started: enter each hand as it ends.")
    return go(request, game.get_absolute_url())


@signed_in_post("match")
def report(request: HttpRequest, pk: int) -> HttpResponse:
    try:
        report = results.report_result(pk, actor=request.user)
    except ServiceError as error:
        return _refused(request, pk, error)
    if report.status == ResultReport.Status.CONFIRMED:
        return _done(request, pk, "Result recorded: it counts at once, as entered by an organizer.")
    return _done(request, pk, "Result reported. It counts once your opponent confirms it.")


@signed_in_post("match")
def confirm(request: HttpRequest, pk: int) -> HttpResponse:
    try:
        results.confirm_result(pk, actor=request.user)
    except ServiceError as error:
        return _refused(request, pk, error)
    return _done(request, pk, "Result confirmed. Thank you.")


@signed_in_post("match")
def dispute(request: HttpRequest, pk: int) -> HttpResponse:
    form = DisputeForm(request.POST, prefix="dispute")
    if not form.is_valid():
        return _render(request, pk, forms={"dispute_form": form}, status=UNPROCESSABLE)
    try:
        results.dispute_result(pk, actor=request.user, comment=form.cleaned_data["comment"])
    except ServiceError as error:
        return _refused(request, pk, error, form=form, name="dispute_form")
    return _done(request, pk, "Result disputed. An organizer of the club will resolve it.")


@signed_in_post("match")
def resolve(request: HttpRequest, pk: int) -> HttpResponse:
    form = ResolveForm(request.POST, prefix="resolve")
    if not form.is_valid():
        return _render(request, pk, forms={"resolve_form": form}, status=UNPROCESSABLE)
    try:
        results.resolve_dispute(pk, actor=request.user, uphold=form.uphold,
                                comment=form.cleaned_data["comment"])
    except ServiceError as error:
        return _refused(request, pk, error, form=form, name="resolve_form")
    verdict = "upheld: the result is confirmed" if form.uphold else "rejected: the games reopen"
    return _done(request, pk, f"Dispute {verdict}.")


@signed_in_post("match")
def correct(request: HttpRequest, pk: int) -> HttpResponse:
    page = page_selectors.match_page(pk)
    form = CorrectForm(request.POST, match=page.match, prefix="correct")
    if not form.is_valid():
        return _render(request, pk, forms={"correct_form": form}, status=UNPROCESSABLE)
    data = form.cleaned_data
    try:
        results.correct_result(pk, actor=request.user, winner=form.winner_side,
                               games_a=data["games_a"], games_b=data["games_b"], kind=data["kind"],
                               comment=data["comment"], expected_confirmed_at=data["seen"],
                               overrides_games=data["overrides_games"])
    except ServiceError as error:
        return _refused(request, pk, error, form=form, name="correct_form")
    return _done(request, pk, "Result corrected. The history keeps what it was before.")


@signed_in_post("match")
def forfeit(request: HttpRequest, pk: int) -> HttpResponse:
    page = page_selectors.match_page(pk)
    form = ForfeitForm(request.POST, match=page.match, prefix="forfeit")
    if not form.is_valid():
        return _render(request, pk, forms={"forfeit_form": form}, status=UNPROCESSABLE)
    data = form.cleaned_data
    try:
        match = record_forfeit(pk, actor=request.user, absent=data["absent"], kind=data["kind"],
                               comment=data["comment"])
    except ServiceError as error:
        return _refused(request, pk, error, form=form, name="forfeit_form")
    return _done(request, pk, f"{match.get_kind_display()} recorded: the result is confirmed.")
