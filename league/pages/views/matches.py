"""The match page and its result actions: start a game, report, confirm, dispute, resolve,
correct, and an organizer's forfeit or no-show. Each action is a POST that calls one service
and answers with the page (league.pages.views.match_page)."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext

from league.competitions.forms.formats import ForfeitForm
from league.competitions.forms.matches import CorrectForm, DisputeForm, ResolveForm
from league.competitions.models import ResultReport
from league.competitions.results import services as results
from league.competitions.results.forfeits import record_forfeit
from league.core.errors import ServiceError
from league.core.views import UNPROCESSABLE, go, signed_in_post
from league.games.services import start_game as start_game_service
from league.pages import selectors as page_selectors
from league.pages.views.match_page import done, refused, render_match


def match(request: HttpRequest, pk: int) -> HttpResponse:
    return render_match(request, pk)


@signed_in_post("match")
def start_game(request: HttpRequest, pk: int) -> HttpResponse:
    try:
        game = start_game_service(pk, actor=request.user)
    except ServiceError as error:
        return refused(request, pk, error)
    messages.success(request, gettext("Game %(number)s started: enter each hand as it ends.")
                                      % {"number": game.number})
    return go(request, game.get_absolute_url())


@signed_in_post("match")
def report(request: HttpRequest, pk: int) -> HttpResponse:
    try:
        report = results.report_result(pk, actor=request.user)
    except ServiceError as error:
        return refused(request, pk, error)
    if report.status == ResultReport.Status.CONFIRMED:
        return done(request, pk, "Result recorded: it counts at once, as entered by an organizer.")
    return done(request, pk, "Result reported. It counts once your opponent confirms it.")


@signed_in_post("match")
def confirm(request: HttpRequest, pk: int) -> HttpResponse:
    try:
        # The report's version the page showed: a result changed since is not confirmed.
        results.confirm_result(pk, actor=request.user, seen=request.POST.get("seen"))
    except ServiceError as error:
        return refused(request, pk, error)
    return done(request, pk, "Result confirmed. Thank you.")


@signed_in_post("match")
def dispute(request: HttpRequest, pk: int) -> HttpResponse:
    form = DisputeForm(request.POST, prefix="dispute")
    if not form.is_valid():
        return render_match(request, pk, forms={"dispute_form": form}, status=UNPROCESSABLE)
    try:
        results.dispute_result(pk, actor=request.user, comment=form.cleaned_data["comment"])
    except ServiceError as error:
        return refused(request, pk, error, form=form, name="dispute_form")
    return done(request, pk, "Result disputed. An organizer of the club will resolve it.")


@signed_in_post("match")
def resolve(request: HttpRequest, pk: int) -> HttpResponse:
    form = ResolveForm(request.POST, prefix="resolve")
    if not form.is_valid():
        return render_match(request, pk, forms={"resolve_form": form}, status=UNPROCESSABLE)
    try:
        results.resolve_dispute(pk, actor=request.user, uphold=form.uphold,
                                comment=form.cleaned_data["comment"],
                                seen=request.POST.get("seen"))
    except ServiceError as error:
        return refused(request, pk, error, form=form, name="resolve_form")
    verdict = "upheld: the result is confirmed" if form.uphold else "rejected: the games reopen"
    return done(request, pk, f"Dispute {verdict}.")


@signed_in_post("match")
def correct(request: HttpRequest, pk: int) -> HttpResponse:
    page = page_selectors.match_page(pk)
    form = CorrectForm(request.POST, match=page.match, prefix="correct")
    if not form.is_valid():
        return render_match(request, pk, forms={"correct_form": form}, status=UNPROCESSABLE)
    data = form.cleaned_data
    try:
        results.correct_result(pk, actor=request.user, winner=form.winner_side,
                               games_a=data["games_a"], games_b=data["games_b"], kind=data["kind"],
                               comment=data["comment"], expected_confirmed_at=data["seen"],
                               overrides_games=data["overrides_games"])
    except ServiceError as error:
        return refused(request, pk, error, form=form, name="correct_form")
    return done(request, pk, "Result corrected. The history keeps what it was before.")


@signed_in_post("match")
def forfeit(request: HttpRequest, pk: int) -> HttpResponse:
    page = page_selectors.match_page(pk)
    form = ForfeitForm(request.POST, match=page.match, prefix="forfeit")
    if not form.is_valid():
        return render_match(request, pk, forms={"forfeit_form": form}, status=UNPROCESSABLE)
    data = form.cleaned_data
    try:
        match = record_forfeit(pk, actor=request.user, absent=data["absent"], kind=data["kind"],
                               comment=data["comment"])
    except ServiceError as error:
        return refused(request, pk, error, form=form, name="forfeit_form")
    return done(request, pk, f"{match.get_kind_display()} recorded: the result is confirmed.")
