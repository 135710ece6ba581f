"""Rulings at the table, from the scoresheet: the rulings of the rule book that change a hand,
one tap away with the two players' names and the hand filled in; a player records one, the
opponent agrees on his phone or leaves it to the organizer (league/games/services/
table_rulings.py). The questions are those of the rulings assistant; the ruling follows the
answers (htmx swaps the `table-ruling` partial; without JavaScript "Show the ruling" does)."""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext, gettext_lazy

from gameplay.assistant import WrongAnswer, advise, irregularity, questions
from league.competitions.base.permissions import may_decide, side_of
from league.competitions.views.visibility import for_members
from league.core.errors import ServiceError
from league.core.views import (
    UNPROCESSABLE,
    go,
    refusal_status,
    render_page,
    sign_in_first,
    signed_in_post,
)
from league.games import selectors
from league.games.models import TableRuling
from league.games.rulings.forms import QuestionsForm
from league.games.rulings.table_forms import RulingCardsForm
from league.games.rulings.words import say, shown, shown_advice
from league.games.services.table_rulings import (
    agree_to_ruling,
    dispute_ruling,
    propose_ruling,
    withdraw_ruling,
)

# The rulings that change a hand, as the table meets them, with what each is about.
TABLE_RULINGS = (
    ("illegal_knock", gettext_lazy("Over the knock limit or a wrong count: accept it, play on "
                                   "exposed or a new deal")),
    ("incorrect_hand", gettext_lazy("Too many or too few cards")),
    ("exposed_card", gettext_lazy("A player saw a card he was not entitled to")),
    ("looking_through_discards", gettext_lazy("A player looked through the discard pile")),
    ("faced_card", gettext_lazy("A new deal: a card found face up in the pack")),
    ("exposed_in_dealing", gettext_lazy("A new deal: a card exposed while dealing")),
    ("wrong_dealer", gettext_lazy("The wrong player dealt")),
)
CARD_FIELDS = ("knocker_deadwood", "defender_deadwood", "knocker_cards", "defender_cards", "upcard")
SCORING = ("illegal_knock", "incorrect_hand")  # rulings that may settle the hand from its cards
TEMPLATE = "rulings/table_ruling.html"
PARTIAL = "table-ruling"


@for_members(selectors.club_of_game)
def hand_rulings(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    sheet = selectors.scoresheet(pk)
    _require_hand(sheet, number)
    items = [(shown(irregularity(key)), about) for key, about in TABLE_RULINGS]
    context = {"sheet": sheet, "game": sheet.game, "match": sheet.match, "number": number,
               "name_a": sheet.names[0], "name_b": sheet.names[1], "items": items}
    return render_page(request, "rulings/table_list.html", context, partial="list")


@for_members(selectors.club_of_game)
def table_ruling(request: HttpRequest, pk: int, number: int, key: str) -> HttpResponse:
    item = _item(key)
    sheet = selectors.scoresheet(pk)
    _require_hand(sheet, number)
    oklahoma = sheet.rules.oklahoma
    if request.method == "POST":
        if not request.user.is_authenticated:
            return sign_in_first(request, request.path)
        return _record(request, sheet, number, item)
    bound = any(ask.field in request.GET for ask in questions(item.key))
    form = QuestionsForm(request.GET if bound else None, key=item.key, seat_names=sheet.names,
                         strict="show" in request.GET)
    if bound:
        form.is_valid()
    cards = RulingCardsForm(oklahoma=oklahoma, initial=_counts_of(request.GET))
    return _render(request, sheet, number, item, form, cards)


def _record(request: HttpRequest, sheet, number: int, item) -> HttpResponse:
    form = QuestionsForm(request.POST, key=item.key, seat_names=sheet.names)
    cards = RulingCardsForm(request.POST, oklahoma=sheet.rules.oklahoma)
    if not (form.is_valid() and form.advice and cards.is_valid()):
        return _render(request, sheet, number, item, form, cards, status=UNPROCESSABLE)
    if form.advice.choices_open:
        form.add_error("choice", gettext("Choose: the ruling depends on it."))
        return _render(request, sheet, number, item, form, cards, status=UNPROCESSABLE)
    if not cards.settles_from_something(form.advice.effect):
        return _render(request, sheet, number, item, form, cards, status=UNPROCESSABLE)
    try:
        ruling = propose_ruling(sheet.game.pk, hand_number=number, key=item.key,
                                answers=form.answers(), cards=cards.cards(), actor=request.user)
    except ServiceError as error:
        if error.field in form.fields:
            form.add_error(error.field, error.message)
        else:
            cards.add_service_error(error)
        return _render(request, sheet, number, item, form, cards, status=refusal_status(error))
    if ruling.status == TableRuling.Status.DECIDED:
        messages.success(request, gettext("Ruling on hand %(number)s: %(title)s. It stands.")
                         % {"number": number, "title": say(item.title)})
    else:
        opponent = sheet.names[1] if ruling.proposed_side == "A" else sheet.names[0]
        messages.success(request, gettext(
            "Ruling on hand %(number)s recorded: %(title)s. Waiting for %(opponent)s to agree on "
            "his phone, or for the organizer.")
            % {"number": number, "title": say(item.title), "opponent": opponent})
    return go(request, reverse("gameplay:scoresheet", args=[sheet.game.pk]))


def _render(request: HttpRequest, sheet, number: int, item, form: QuestionsForm,
            cards: RulingCardsForm, *, status: int = 200) -> HttpResponse:
    advice = form.advice
    context = {"sheet": sheet, "game": sheet.game, "match": sheet.match, "number": number,
               "name_a": sheet.names[0], "name_b": sheet.names[1], "item": shown(item),
               "form": form, "advice": shown_advice(advice), "cards_form": cards,
               "needs_cards": bool(advice and advice.effect in ("over_limit", "short_defender")),
               "may_score": item.key in SCORING}
    return render_page(request, TEMPLATE, context, partial=PARTIAL, status=status)


def _counts_of(query) -> dict:
    """The counts, cards and upcard given so far (a refused knock carries its counts to its
    ruling)."""
    return {name: query[name] for name in CARD_FIELDS if query.get(name)}


def _require_hand(sheet, number: int) -> None:
    last = len(sheet.hands) if sheet.finished else sheet.next_number
    if not 1 <= number <= last or sheet.game.from_totals:
        raise Http404("No such hand")


def _item(key: str):
    try:
        return irregularity(key)
    except KeyError:
        raise Http404("No such irregularity") from None


# The rulings waiting on the scoresheet ----------------------------------------------------------

ANSWERS = {"agree": agree_to_ruling, "dispute": dispute_ruling, "withdraw": withdraw_ruling}


@dataclass(frozen=True, slots=True)
class Waiting:
    """A ruling waiting on the scoresheet, and what the viewer may do with it."""

    ruling: TableRuling
    title: str
    words: str
    recorded_by: str
    may_agree: bool  # the opponent agrees, or an organizer decides
    may_dispute: bool
    may_withdraw: bool


def waiting_rulings(user, sheet) -> list[Waiting]:
    """The scoresheet's rulings waiting for an answer (one query)."""
    match = sheet.match
    side = side_of(user, match)
    deciding = may_decide(user, match)
    waiting = []
    for ruling in selectors.open_table_rulings(sheet.game, may_have=sheet.may_have_rulings):
        item = irregularity(ruling.irregularity)
        try:
            words = say(advise(ruling.irregularity, ruling.answers, sheet.names).ruling)
        except WrongAnswer:
            words = ""
        opponent = side is not None and side != ruling.proposed_side
        by = {"A": sheet.names[0], "B": sheet.names[1]}.get(ruling.proposed_side,
                                                                gettext("An organizer"))
        waiting.append(Waiting(
            ruling, say(item.title), words, by,
            may_agree=deciding or (opponent and ruling.status == TableRuling.Status.WAITING),
            may_dispute=opponent and ruling.status == TableRuling.Status.WAITING,
            may_withdraw=user.is_authenticated and (ruling.proposed_by_id == user.pk
                                                    or deciding)))
    return waiting


@signed_in_post("gameplay:scoresheet")
@for_members(selectors.club_of_game)
def answer(request: HttpRequest, pk: int, ruling_id: int) -> HttpResponse:
    """Agree to a ruling recorded at the table, disagree (the organizer decides), or withdraw
    it. A refusal is a page saying why, with the way back to the scoresheet."""
    if not selectors.is_ruling_of_game(ruling_id, pk):
        raise Http404("No such ruling on this game")
    action = ANSWERS.get(request.POST.get("answer", ""))
    if action is None:
        return _refused(request, pk, gettext("Choose: agree, do not agree, or withdraw the ruling."),
                        UNPROCESSABLE)
    try:
        ruling = action(ruling_id, actor=request.user)
    except ServiceError as error:
        return _refused(request, pk, error.message, refusal_status(error))
    messages.success(request, _said(ruling))
    return go(request, reverse("gameplay:scoresheet", args=[pk]))


def _refused(request: HttpRequest, pk: int, reason: str, status: int) -> HttpResponse:
    return render(request, "rulings/answer_refused.html", {"game_pk": pk, "refusal": reason},
                  status=status)


def _said(ruling: TableRuling) -> str:
    title = say(irregularity(ruling.irregularity).title)
    if ruling.status in (TableRuling.Status.AGREED, TableRuling.Status.DECIDED):
        return (gettext("The ruling on hand %(number)s stands: %(title)s.")
                % {"number": ruling.hand_number, "title": title})
    if ruling.status == TableRuling.Status.DISPUTED:
        return (gettext("The ruling on hand %(number)s is not agreed: the organizer decides it.")
                % {"number": ruling.hand_number})
    return gettext("The ruling on hand %(number)s is withdrawn.") % {"number": ruling.hand_number}
