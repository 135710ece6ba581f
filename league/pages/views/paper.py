"""An organizer's page for entering a match from a paper scoresheet: each game from its final
totals or hand by hand (on the game's scoresheet); a Hollywood match from its hands in one go
(each hand's winner, how and points: the columns derived) or from each column's totals; then the
result, which counts at once when the organizer does not play in the match; and confirming a
player's report for his opponent."""

from __future__ import annotations

from functools import wraps

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.urls import reverse
from django.utils.translation import gettext, ngettext

from league.clubs.views import organizer_of
from league.competitions.base.permissions import side_of
from league.competitions.base.selectors import organizer_match, side_names
from league.competitions.forms.matches import ConfirmForPlayerForm
from league.competitions.models import Competition, Match, ResultReport
from league.competitions.results import services as results
from league.core.errors import ServiceError
from league.core.numbers import ascii_int
from league.core.views import (
    UNPROCESSABLE,
    go,
    page_refusal,
    render_page,
    signed_in_post,
    unseen_errors,
)
from league.games.forms import (
    HOLLYWOOD_ROWS,
    MOST_HOLLYWOOD_ROWS,
    GameTotalsForm,
    HollywoodColumnsForm,
    HollywoodHandsForm,
)
from league.games.selectors import hand_count
from league.games.services import (
    HOLLYWOOD_BY_COLUMNS,
    NOT_HOLLYWOOD,
    enter_game_totals,
    enter_hollywood_columns,
    enter_hollywood_hands,
    start_game,
)
from league.pages import selectors as page_selectors

TEMPLATE = "pages/paper.html"
PARTIAL = "paper-body"

for_organizers = organizer_of(organizer_match, "competition.season.club")


@for_organizers
def paper(request: HttpRequest, match: Match) -> HttpResponse:
    return _render(request, match.pk)


def _render(request: HttpRequest, pk: int, *, totals_form: GameTotalsForm | None = None,
            confirm_form: ConfirmForPlayerForm | None = None,
            hands_form: HollywoodHandsForm | None = None,
            columns_form: HollywoodColumnsForm | None = None, refusal: str = "",
            status: int = 200) -> HttpResponse:
    page = page_selectors.match_page(pk)
    match = page.match
    names = side_names(match)
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
    if _is_hollywood(match):
        hands_form = hands_form or _hands_form(match, None, _rows(request.GET.get("rows")))
        context |= {
            "hollywood": match.competition.hollywood_format(),
            "column_target": match.competition.hollywood_format().rules_for(
                match.competition.rules()).target_score,
            "hands_form": hands_form,
            "columns_form": columns_form or _columns_form(match, None),
            "more_rows": hands_form.count < MOST_HOLLYWOOD_ROWS,
        }
    context["refusal"] = refusal or _unseen_errors(context)
    return render_page(request, TEMPLATE, context, partial=PARTIAL, status=status)


def _unseen_errors(context: dict) -> str:
    """The errors of a posted form that the page does not show in its state (a game's form once
    the match is decided, a confirmation once there is nothing to confirm), said above it."""
    adding, hollywood = context["may_add_game"], "hollywood" in context
    shown = {"totals_form": adding and not hollywood, "hands_form": adding and hollywood,
             "columns_form": adding and hollywood,
             "confirm_form": context["may_confirm_for_player"]}
    return next((text for name, visible in shown.items()
                 if not visible and (text := unseen_errors(context.get(name)))), "")


def _is_hollywood(match: Match) -> bool:
    return match.competition.match_format == Competition.MatchFormat.HOLLYWOOD


def _rows(text: str | None) -> int:
    """The hand rows asked for (a link adds more rows; the form sends back its count)."""
    rows = ascii_int(text, digits=3)
    return HOLLYWOOD_ROWS if rows is None else max(1, min(rows, MOST_HOLLYWOOD_ROWS))


def _hands_form(match: Match, data, rows: int, *, typed: dict | None = None
                ) -> HollywoodHandsForm:
    competition = match.competition
    rules = competition.hollywood_format().rules_for(competition.rules())
    return HollywoodHandsForm(data, names=side_names(match), rules=rules, rows=rows,
                              prefix="hw", initial={**(typed or {}), "rows": rows})


def _with_more_rows(request: HttpRequest, match: Match) -> HttpResponse:
    """The hands form again with what was typed in it and HOLLYWOOD_ROWS more empty rows:
    nothing is checked or entered yet."""
    rows = min(_rows(request.POST.get("hw-rows")) + HOLLYWOOD_ROWS, MOST_HOLLYWOOD_ROWS)
    typed = {key.removeprefix("hw-"): value for key, value in request.POST.items()
             if key.startswith("hw-h")}
    return _render(request, match.pk, hands_form=_hands_form(match, None, rows, typed=typed))


def _columns_form(match: Match, data) -> HollywoodColumnsForm:
    return HollywoodColumnsForm(data, names=side_names(match), prefix="columns",
                                columns=match.competition.hollywood_format().columns)


def organizer_post(view):
    """A POST of this page: signed in, and an organizer of the match's club."""

    @signed_in_post("match-paper")
    @for_organizers
    @wraps(view)
    def wrapped(request: HttpRequest, match: Match) -> HttpResponse:
        return view(request, match.pk)

    return wrapped


def _not_hollywood(request: HttpRequest, pk: int) -> HttpResponse:
    """A Hollywood form posted for a match of single games: the page has no such form to show
    its errors in, so it says why before reading the form."""
    return _render(request, pk, refusal=NOT_HOLLYWOOD, status=UNPROCESSABLE)


def _refused(request: HttpRequest, pk: int, error: ServiceError, **forms) -> HttpResponse:
    return _render(request, pk, **forms, **page_refusal(error, next(iter(forms.values()), None)))


@organizer_post
def game_totals(request: HttpRequest, pk: int) -> HttpResponse:
    match = organizer_match(pk)
    if _is_hollywood(match):
        return _render(request, pk, refusal=HOLLYWOOD_BY_COLUMNS, status=UNPROCESSABLE)
    form = GameTotalsForm(request.POST, names=side_names(match), prefix="totals")
    if not form.is_valid():
        return _render(request, pk, totals_form=form, status=UNPROCESSABLE)
    data = form.cleaned_data
    try:
        game = enter_game_totals(pk, actor=request.user, total_a=data["total_a"],
                                 total_b=data["total_b"], hands=data["hands"])
    except ServiceError as error:
        return _refused(request, pk, error, totals_form=form)
    messages.success(request, ngettext("Game %(number)s entered: %(total_a)s–%(total_b)s in "
                                       "%(hands_played)s hand.",
                                       "Game %(number)s entered: %(total_a)s–%(total_b)s in "
                                       "%(hands_played)s hands.", game.hands_played)
                                       % {"number": game.number, "total_a": game.total_a,
                                          "total_b": game.total_b,
                                          "hands_played": game.hands_played})
    return go(request, reverse("match-paper", args=[pk]))


@organizer_post
def hand_by_hand(request: HttpRequest, pk: int) -> HttpResponse:
    try:
        game = start_game(pk, actor=request.user)
    except ServiceError as error:
        return _refused(request, pk, error)
    messages.success(request, gettext("Game %(number)s: enter each hand from the paper scoresheet.")
                                      % {"number": game.number})
    return go(request, game.get_absolute_url())


@organizer_post
def record(request: HttpRequest, pk: int) -> HttpResponse:
    try:
        report = results.report_result(pk, actor=request.user)
    except ServiceError as error:
        return _refused(request, pk, error)
    if report.status == ResultReport.Status.CONFIRMED:
        messages.success(request, gettext("Result recorded: it counts at once, as entered by an "
                                          "organizer."))
    else:
        messages.success(request, gettext("Result recorded. You play in this match: it counts "
                                          "once your opponent confirms it."))
    return go(request, reverse("match", args=[pk]))


@organizer_post
def confirm_for_player(request: HttpRequest, pk: int) -> HttpResponse:
    form = ConfirmForPlayerForm(request.POST, prefix="confirm")
    if not form.is_valid():
        return _render(request, pk, confirm_form=form, status=UNPROCESSABLE)
    try:
        results.confirm_for_player(pk, actor=request.user, reason=form.cleaned_data["reason"],
                                   seen=request.POST.get("seen"))
    except ServiceError as error:
        return _refused(request, pk, error, confirm_form=form)
    messages.success(request, gettext("Result confirmed for the player. The history keeps your "
                                      "reason."))
    return go(request, reverse("match", args=[pk]))


@organizer_post
def hollywood_hands(request: HttpRequest, pk: int) -> HttpResponse:
    """A Hollywood match's hands from the paper, in one go; its "More rows" button shows the
    form again with what was typed and more rows."""
    match = organizer_match(pk)
    if not _is_hollywood(match):
        return _not_hollywood(request, pk)
    if "more_rows" in request.POST:
        return _with_more_rows(request, match)
    form = _hands_form(match, request.POST, _rows(request.POST.get("hw-rows")))
    if not form.is_valid():
        return _render(request, pk, hands_form=form, status=UNPROCESSABLE)
    try:
        game = enter_hollywood_hands(pk, actor=request.user, hands=form.cleaned_data["entries"])
    except ServiceError as error:
        return _refused(request, pk, error, hands_form=form)
    hands = hand_count(game)
    if game.is_finished:
        messages.success(request, ngettext("Game %(number)s entered from its %(hands)s hand: "
                                           "columns won %(columns_a)s–%(columns_b)s, "
                                           "%(total_a)s–%(total_b)s over the columns.",
                                           "Game %(number)s entered from its %(hands)s hands: "
                                           "columns won %(columns_a)s–%(columns_b)s, "
                                           "%(total_a)s–%(total_b)s over the columns.", hands)
                                           % {"number": game.number, "hands": hands,
                                              "columns_a": game.columns_a,
                                              "columns_b": game.columns_b, "total_a": game.total_a,
                                              "total_b": game.total_b})
        return go(request, reverse("match-paper", args=[pk]))
    messages.success(request, ngettext("%(hands)s hand entered; the columns are not all closed "
                                       "yet: go on hand by hand on the scoresheet.",
                                       "%(hands)s hands entered; the columns are not all closed "
                                       "yet: go on hand by hand on the scoresheet.", hands)
                                       % {"hands": hands})
    return go(request, game.get_absolute_url())


@organizer_post
def hollywood_columns(request: HttpRequest, pk: int) -> HttpResponse:
    """A Hollywood match from each column's totals on the paper."""
    match = organizer_match(pk)
    if not _is_hollywood(match):
        return _not_hollywood(request, pk)
    form = _columns_form(match, request.POST)
    if not form.is_valid():
        return _render(request, pk, columns_form=form, status=UNPROCESSABLE)
    try:
        game = enter_hollywood_columns(pk, actor=request.user, columns=form.column_totals(),
                                       hands=form.cleaned_data["hands"])
    except ServiceError as error:
        return _refused(request, pk, error, columns_form=form)
    messages.success(request, gettext("Game %(number)s entered from its columns' totals: columns "
                                      "won %(columns_a)s–%(columns_b)s, %(total_a)s–%(total_b)s "
                                      "over the columns.")
                                      % {"number": game.number, "columns_a": game.columns_a,
                                         "columns_b": game.columns_b, "total_a": game.total_a,
                                         "total_b": game.total_b})
    return go(request, reverse("match-paper", args=[pk]))
