"""The table page: a club night match's scoresheet kept from the QR code at its table, by
whoever holds the link, without signing in (league.competitions.nights.table_links). It starts
the games, enters and undoes hands with the scoresheet's own form and services, reports the
result the games decided, and lets the opponent verify it on the same device with his name.

Every action posts and is redirected back (works without JavaScript); a refusal shows the page
again with the reason. A link that is not live gets a page saying why, and nothing else."""

from __future__ import annotations

from collections.abc import Callable

from allauth.account.adapter import get_adapter
from django import forms
from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_POST

from league.competitions.models import TableLink
from league.competitions.nights.table_links import (
    LinkRefused,
    TooManyRequests,
    actor_of,
    live_table_link,
)
from league.core.errors import ServiceError
from league.core.forms import ServiceErrorForm
from league.core.numbers import ascii_int
from league.core.views import UNPROCESSABLE, go, in_club_zone, page_refusal, refusal_status
from league.games.forms import HandForm
from league.games.services import table as at_table
from league.games.table_selectors import TablePage, table_page

TEMPLATE = "pages/table.html"
TOO_MANY = 429


class ReportForm(ServiceErrorForm):
    side = forms.ChoiceField(label=_("Who reports the result?"), widget=forms.RadioSelect)

    def __init__(self, *args, names: tuple[str, str], **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["side"].choices = [("A", names[0]), ("B", names[1])]


class VerifyForm(ServiceErrorForm):
    name = forms.CharField(label=_("Your name"), max_length=120,
                           widget=forms.TextInput(attrs={"autocomplete": "off"}))
    seen = forms.CharField(widget=forms.HiddenInput, required=False)


class DisputeForm(ServiceErrorForm):
    comment = forms.CharField(label=_("What is wrong?"), max_length=2000,
                              widget=forms.Textarea(attrs={"rows": 3}))


def _guarded(view):
    """The view of a live link only: otherwise the page says why (403, or 429 when an address
    tries too many links or a table writes too fast)."""
    def wrapper(request: HttpRequest, token: str) -> HttpResponse:
        try:
            link = live_table_link(token, address=get_adapter().get_client_ip(request))
        except TooManyRequests as error:
            return _refused(request, error.message, TOO_MANY)
        except LinkRefused as error:
            return _refused(request, error.message, 403)
        in_club_zone(link.match.competition.season.club)
        response = view(request, link, token)
        response["Cache-Control"] = "no-store"
        response["X-Robots-Tag"] = "noindex"
        return response
    wrapper.__name__ = view.__name__
    wrapper.__doc__ = view.__doc__
    return wrapper


def _refused(request: HttpRequest, message: str, status: int) -> HttpResponse:
    response = render(request, "pages/table_refused.html", {"message": message}, status=status)
    response["Cache-Control"] = "no-store"
    return response


@_guarded
def table(request: HttpRequest, link: TableLink, token: str) -> HttpResponse:
    return _render(request, link, token)


def _render(request: HttpRequest, link: TableLink, token: str, *, refusal: str = "",
            status: int = 200, **forms_) -> HttpResponse:
    page = table_page(link)
    names = page.names
    sheet = page.sheet
    context = {
        "page": page, "match": page.match, "token": token, "name_a": names[0],
        "name_b": names[1], "sheet": sheet, "refusal": refusal,
        "form": forms_.get("form") or (_blank_hand_form(page) if page.may_enter else None),
        "report_form": forms_.get("report_form") or ReportForm(names=names),
        "verify_form": forms_.get("verify_form") or VerifyForm(
            initial={"seen": page.report.version if page.report else ""}),
        "dispute_form": forms_.get("dispute_form") or DisputeForm(),
    }
    return render(request, TEMPLATE, context, status=status)


def _blank_hand_form(page: TablePage) -> HandForm:
    sheet = page.sheet
    return HandForm(names=sheet.names, rules=sheet.rules,
                    initial={"expected_number": sheet.next_number})


def _back(request: HttpRequest, token: str, done: str) -> HttpResponse:
    messages.success(request, done)
    return go(request, reverse("table", args=[token]))


@require_POST
@_guarded
def start(request: HttpRequest, link: TableLink, token: str) -> HttpResponse:
    try:
        game = at_table.start_game_at_table(actor_of(link))
    except ServiceError as error:
        return _refusal(request, link, token, error)
    return _back(request, token, f"Game {game.number} started: enter each hand as it ends.")


@require_POST
@_guarded
def add_hand(request: HttpRequest, link: TableLink, token: str) -> HttpResponse:
    page = table_page(link)
    if not page.may_enter:
        return _render(request, link, token, refusal="No game is being played at this table: "
                       "nothing was entered.", status=UNPROCESSABLE)
    form = HandForm(request.POST, names=page.sheet.names, rules=page.sheet.rules)
    if not form.is_valid():
        return _render(request, link, token, form=form, status=UNPROCESSABLE)
    try:
        hand = at_table.enter_hand_at_table(actor_of(link), page.sheet.game.pk, form.entry())
    except ServiceError as error:
        if (gone := _link_gone(request, error)) is not None:
            return gone
        if form.cleaned_data["expected_number"] != table_page(link).sheet.next_number:
            return _render(request, link, token, **page_refusal(error))
        return _render(request, link, token, form=form, **page_refusal(error, form))
    return _back(request, token, f"Hand {hand.number} entered.")


@require_POST
@_guarded
def undo(request: HttpRequest, link: TableLink, token: str) -> HttpResponse:
    page = table_page(link)
    number = ascii_int(request.POST.get("number", ""), digits=4)
    if page.sheet is None or number is None:
        return _render(request, link, token, refusal="There is no hand to undo.",
                       status=UNPROCESSABLE)
    try:
        hand = at_table.undo_hand_at_table(actor_of(link), page.sheet.game.pk, number)
    except ServiceError as error:
        return _refusal(request, link, token, error)
    return _back(request, token, f"Hand {hand.number} undone.")


@require_POST
@_guarded
def report(request: HttpRequest, link: TableLink, token: str) -> HttpResponse:
    form = ReportForm(request.POST, names=table_page(link).names)
    return _posted(request, link, token, "report_form", form,
                   lambda data: at_table.report_at_table(actor_of(link), data["side"]),
                   lambda: _reported(table_page(link)))


def _reported(page: TablePage) -> str:
    if page.verifies_here:
        return (f"Result reported. {page.verifier}: check it below and confirm it with your "
                "name.")
    return "Result reported: it waits for the opponent's confirmation."


@require_POST
@_guarded
def verify(request: HttpRequest, link: TableLink, token: str) -> HttpResponse:
    return _posted(request, link, token, "verify_form", VerifyForm(request.POST),
                   lambda data: at_table.verify_at_table(actor_of(link), data["name"],
                                                         seen=data["seen"] or None),
                   lambda: "Result confirmed: it counts. Thank you both.")


@require_POST
@_guarded
def dispute(request: HttpRequest, link: TableLink, token: str) -> HttpResponse:
    return _posted(request, link, token, "dispute_form", DisputeForm(request.POST),
                   lambda data: at_table.dispute_at_table(actor_of(link), data["comment"]),
                   lambda: "Result disputed: the organizer will decide.")


def _posted(request: HttpRequest, link: TableLink, token: str, slot: str, form,
            act: Callable[[dict], object], done: Callable[[], str]) -> HttpResponse:
    """One of the result's forms posted: not valid, it is shown again in its place (422); the
    service refusing, the page says why next to it (or the link's own page when the link is no
    longer live); else back to the page, saying what was `done`."""
    if not form.is_valid():
        return _render(request, link, token, status=UNPROCESSABLE, **{slot: form})
    try:
        act(form.cleaned_data)
    except ServiceError as error:
        return _link_gone(request, error) or _render(request, link, token, **{slot: form},
                                                     **page_refusal(error, form))
    return _back(request, token, done())


def _refusal(request: HttpRequest, link: TableLink, token: str,
             error: ServiceError) -> HttpResponse:
    return _link_gone(request, error) or _render(request, link, token, refusal=error.message,
                                                 status=refusal_status(error))


def _link_gone(request: HttpRequest, error: ServiceError) -> HttpResponse | None:
    """The page of a link revoked or out of hours since it was read, or of too many writes."""
    if isinstance(error, TooManyRequests):
        return _refused(request, error.message, TOO_MANY)
    if isinstance(error, LinkRefused):
        return _refused(request, error.message, 403)
    return None
