"""An organizer's page for entering a match from a paper scoresheet: each game from its final
totals or hand by hand (on the game's scoresheet), then the result, which counts at once when
the organizer does not play in the match; and confirming a player's report for his opponent."""

from __future__ import annotations

from functools import wraps

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.urls import reverse

from clubs.views import organizer_of
from competitions import selectors
from competitions.forms.matches import ConfirmForPlayerForm
from competitions.models import Match, ResultReport
from competitions.permissions import side_of
from competitions.services import results
from core.errors import ServiceError
from core.views import UNPROCESSABLE, go, page_refusal, render_page, signed_in_post
from gameplay.forms import GameTotalsForm
from gameplay.services import enter_game_totals, start_game
from pages import selectors as page_selectors

TEMPLATE = "pages/paper.html"
PARTIAL = "paper-body"


def _match(pk: int) -> Match:
    return get_object_or_404(Match.objects.select_related("competition__season__club"), pk=pk)


for_organizers = organizer_of(_match, "competition.season.club")


@for_organizers
def paper(request: HttpRequest, match: Match) -> HttpResponse:
    return _render(request, match.pk)


def _render(request: HttpRequest, pk: int, *, totals_form: GameTotalsForm | None = None,
            confirm_form: ConfirmForPlayerForm | None = None, refusal: str = "",
            status: int = 200) -> HttpResponse:
    page = page_selectors.match_page(pk)
    match = page.match
    names = selectors.side_names(match)
    outcome = results.match_outcome(match, page.games)
    open_for_play = match.status in Match.OPEN_FOR_PLAY and bool(match.entry_a_id and match.entry_b_id)
    in_progress = next((g for g in page.games if not g.is_finished), None)
    report = page.open_report
    plays = side_of(request.user, match) is not None
    context = {
        "page": page, "match": match, "name_a": names[0], "name_b": names[1],
        "outcome": outcome, "in_progress": in_progress if open_for_play else None,
        "may_add_game": open_for_play and in_progress is None and not outcome.decided,
        "may_record": open_for_play and outcome.decided, "plays": plays,
        "next_number": len(page.games) + 1,
        "may_confirm_for_player": report is not None and not plays
        and report.status == ResultReport.Status.PENDING,
        "totals_form": totals_form or GameTotalsForm(names=names, prefix="totals"),
        "confirm_form": confirm_form or ConfirmForPlayerForm(prefix="confirm"),
        "refusal": refusal,
    }
    return render_page(request, TEMPLATE, context, partial=PARTIAL, status=status)


def organizer_post(view):
    """A POST of this page: signed in, and an organizer of the match's club."""

    @signed_in_post("match-paper")
    @for_organizers
    @wraps(view)
    def wrapped(request: HttpRequest, match: Match) -> HttpResponse:
        return view(request, match.pk)

    return wrapped


def _refused(request: HttpRequest, pk: int, error: ServiceError, **forms) -> HttpResponse:
    return _render(request, pk, **forms, **page_refusal(error, next(iter(forms.values()), None)))


@organizer_post
def game_totals(request: HttpRequest, pk: int) -> HttpResponse:
    form = GameTotalsForm(request.POST, names=selectors.side_names(_match(pk)), prefix="totals")
    if not form.is_valid():
        return _render(request, pk, totals_form=form, status=UNPROCESSABLE)
    data = form.cleaned_data
    try:
        game = enter_game_totals(pk, actor=request.user, total_a=data["total_a"],
                                 total_b=data["total_b"], hands=data["hands"])
    except ServiceError as error:
        return _refused(request, pk, error, totals_form=form)
    messages.success(request, f"Game {game.number} entered: {game.total_a}–{game.total_b} "
                              f"in {game.hands_played} hands.")
    return go(request, reverse("match-paper", args=[pk]))


@organizer_post
def hand_by_hand(request: HttpRequest, pk: int) -> HttpResponse:
    try:
        game = start_game(pk, actor=request.user)
    except ServiceError as error:
        return _refused(request, pk, error)
    messages.success(request, f"Game {game.number}: enter each hand from the paper scoresheet.")
    return go(request, game.get_absolute_url())


@organizer_post
def record(request: HttpRequest, pk: int) -> HttpResponse:
    try:
        report = results.report_result(pk, actor=request.user)
    except ServiceError as error:
        return _refused(request, pk, error)
    if report.status == ResultReport.Status.CONFIRMED:
        messages.success(request, "Result recorded: it counts at once, as entered by an organizer.")
    else:
        messages.success(request, "Result recorded. You play in this match: it counts once "
                                  "your opponent confirms it.")
    return go(request, reverse("match", args=[pk]))


@organizer_post
def confirm_for_player(request: HttpRequest, pk: int) -> HttpResponse:
    form = ConfirmForPlayerForm(request.POST, prefix="confirm")
    if not form.is_valid():
        return _render(request, pk, confirm_form=form, status=UNPROCESSABLE)
    try:
        results.confirm_for_player(pk, actor=request.user, reason=form.cleaned_data["reason"])
    except ServiceError as error:
        return _refused(request, pk, error, confirm_form=form)
    messages.success(request, "Result confirmed for the player. The history keeps your reason.")
    return go(request, reverse("match", args=[pk]))
