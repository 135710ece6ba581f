"""The rulings assistant: the irregularities, the questions of one and its ruling with the
rule's sentences, and recording the ruling on a hand (organizers).

The questions are a GET form (the ruling's address can be shared; htmx swaps the `ruling`
partial as answers change); recording is a POST that carries the answers along."""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from gameplay.assistant import irregularity, questions
from gameplay.engine.rulings import CATALOGUE
from league.competitions.base.selectors import club_of_match, side_names
from league.competitions.models import Match
from league.competitions.views.visibility import members_only
from league.core.errors import ServiceError
from league.core.numbers import ascii_int
from league.core.views import (
    FORBIDDEN,
    UNPROCESSABLE,
    go,
    refusal_status,
    render_page,
    sign_in_first,
)
from league.games.rulings.forms import QuestionsForm, RecordForm
from league.games.rulings.words import say, shown, shown_advice
from league.games.selectors import may_record_rulings, recordable_matches, ruling_match
from league.games.services.rulings import record_ruling

TEMPLATE = "rulings/ruling.html"
PARTIAL = "ruling"


def rulings(request: HttpRequest) -> HttpResponse:
    if (refusal := _unseen_match(request)) is not None:
        return refusal
    match = ruling_match(request.GET.get("match"))
    return render(request, "rulings/list.html",
                  {"catalogue": [shown(item) for item in CATALOGUE], "match": match})


def ruling(request: HttpRequest, key: str) -> HttpResponse:
    item = _item(key)
    if (refusal := _unseen_match(request)) is not None:
        return refusal
    match = ruling_match(request.GET.get("match"))
    bound = any(ask.field in request.GET for ask in questions(item.key))
    form = QuestionsForm(request.GET if bound else None, key=item.key, seat_names=_names(match),
                         strict="show" in request.GET)
    if bound:
        form.is_valid()
    return _render(request, item, form, match)


@require_POST
def record(request: HttpRequest, key: str) -> HttpResponse:
    item = _item(key)
    if not request.user.is_authenticated:
        return sign_in_first(request, reverse("gameplay:ruling", args=[item.key]))
    if not may_record_rulings(request.user):
        form = QuestionsForm(request.POST, key=item.key, seat_names=_names(None))
        form.is_valid()
        return _render(request, item, form, None, status=FORBIDDEN,
                       refusal=_("Only a club's organizer records rulings here. Players record "
                                 "a ruling at the table from the scoresheet's Ruling button."))
    where = RecordForm(request.POST, matches=recordable_matches(request.user), prefix="record")
    match = where.cleaned_data["match"] if where.is_valid() else None
    form = QuestionsForm(request.POST, key=item.key, seat_names=_names(match))
    if not (form.is_valid() and form.advice and match):
        return _render(request, item, form, match, where=where, status=UNPROCESSABLE)
    try:
        entry = record_ruling(match.pk, actor=request.user, game_number=where.cleaned_data["game"],
                              hand_number=where.cleaned_data["hand"], advice=form.advice,
                              answers=form.answers(), comment=where.cleaned_data["comment"],
                              cards=where.cards())
    except ServiceError as error:
        where.add_service_error(error)
        return _render(request, item, form, match, where=where, status=refusal_status(error))
    said = _("Ruling recorded in the match's history: %(title)s.") % {"title": say(item.title)}
    messages.success(request, f"{said}{_where_shown(entry.after)}")
    return go(request, reverse("match", args=[match.pk]))


def _unseen_match(request: HttpRequest) -> HttpResponse | None:
    """The match the address names (its players are named on the page) is a members-only
    club's, and the user may not see it: the refusal. Otherwise None."""
    match_id = ascii_int(request.GET.get("match"))
    if match_id is None:
        return None
    return members_only(request, club_of_match(match_id))


def _where_shown(after: dict) -> str:
    """Where the scoresheet shows the ruling just recorded."""
    if after["scored"]:
        return " " + _("The hand is entered on the scoresheet with it.")
    if after["choices_open"]:
        return ""  # no ruling yet: record it again with the non-offender's choice
    if after["hand_entered"]:
        return " " + (_("It is shown beside hand %(number)s on the scoresheet.")
                      % {"number": after["hand"]})
    return " " + (_("It will be shown beside hand %(number)s on the scoresheet once the hand is "
                    "entered.") % {"number": after["hand"]})


def _render(request: HttpRequest, item, form: QuestionsForm, match: Match | None, *,
            where: RecordForm | None = None, refusal: str = "", status: int = 200) -> HttpResponse:
    may_record = may_record_rulings(request.user)
    if may_record and where is None:
        initial = {"match": match.pk} if match else {}
        where = RecordForm(matches=recordable_matches(request.user), prefix="record", initial=initial)
    context = {"item": shown(item), "form": form, "advice": shown_advice(form.advice),
               "match": match,
               "record_form": where if may_record else None, "refusal": refusal}
    return render_page(request, TEMPLATE, context, partial=PARTIAL, status=status)


def _item(key: str):
    try:
        return irregularity(key)
    except KeyError:
        raise Http404("No such irregularity") from None


def _names(match: Match | None) -> tuple[str, str]:
    return side_names(match) if match else (_("Player A"), _("Player B"))
