"""The organizer's desk on a club night's page: every table of the round live, polled by htmx
(answered 304 "not modified" while nothing changed), each table's result entered or confirmed in
one short form, and a table link revoked. Works without JavaScript: the forms post and come back
to the night's page, which shows the tables as they are."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.http import HttpRequest, HttpResponse, HttpResponseNotModified
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from league.clubs.permissions import is_organizer
from league.clubs.views import organizer_of
from league.competitions.base.selectors import club_of_night
from league.competitions.models import ClubNight
from league.competitions.nights import selectors
from league.competitions.nights.desk import night_desk
from league.competitions.nights.latecomers import seat_latecomer
from league.competitions.nights.table_links import revoke_table_link
from league.competitions.results.desk import desk_result
from league.competitions.views.nights import render_night
from league.competitions.views.visibility import for_members
from league.core.errors import ServiceError
from league.core.forms import ServiceErrorForm
from league.core.numbers import ascii_int
from league.core.views import UNPROCESSABLE, go, in_club_zone, refusal_status

DESK = "competitions/night_desk.html#desk"
POLL_SECONDS = 5


class DeskResultForm(ServiceErrorForm):
    winner = forms.ChoiceField(choices=[("A", _("A")), ("B", _("B")), ("draw", _("draw"))])
    games_a = forms.IntegerField(min_value=0, max_value=99)
    games_b = forms.IntegerField(min_value=0, max_value=99)
    reason = forms.CharField(required=False, max_length=2000)


def version_tag(version: str) -> str:
    return f'"desk-{version}"'


@for_members(club_of_night)
def desk(request: HttpRequest, pk: int) -> HttpResponse:
    """The desk's partial (polled); the night's page for a request that is not htmx's."""
    found = selectors.night_for_page(pk)
    if not request.htmx:
        return go(request, reverse("club-night", args=[pk]))
    in_club_zone(found.competition.season.club)
    board = night_desk(found)
    tag = version_tag(board.version)
    if request.headers.get("If-None-Match") == tag:
        response = HttpResponseNotModified()
    else:
        response = _render_desk(request, found, board)
    response["ETag"] = tag
    response["Cache-Control"] = "no-store"
    return response


def _render_desk(request, found: ClubNight, board) -> HttpResponse:
    organizing = is_organizer(request.user, found.competition.season.club)
    return render(request, DESK, {"desk": board, "night": found, "organizing": organizing,
                                  "poll_seconds": POLL_SECONDS})


@require_POST
@organizer_of(selectors.night_for_page, "competition.season.club")
def result(request: HttpRequest, found: ClubNight, match_pk: int) -> HttpResponse:
    form = DeskResultForm(request.POST)
    if not form.is_valid():
        return render_night(request, found, refusal=_("Choose the winner and the games won "
                            "(whole numbers from 0 to 99)."), status=UNPROCESSABLE)
    data = form.cleaned_data
    winner = None if data["winner"] == "draw" else data["winner"]
    try:
        match = desk_result(match_pk, actor=request.user, winner=winner,
                            games_a=data["games_a"], games_b=data["games_b"],
                            reason=data["reason"])
    except ServiceError as error:
        return render_night(request, found, refusal=_("Table result not entered: %(message)s") % {"message": error.message},
                            status=refusal_status(error))
    messages.success(request, _("Table %(table)s: the result is in and counts.") % {"table": match.table or "–"})
    return go(request, reverse("club-night", args=[found.pk]) + "#desk")


@require_POST
@organizer_of(selectors.night_for_page, "competition.season.club")
def revoke(request: HttpRequest, found: ClubNight, match_pk: int) -> HttpResponse:
    try:
        link = revoke_table_link(match_pk, actor=request.user)
    except ServiceError as error:
        return render_night(request, found, refusal=error.message, status=refusal_status(error))
    messages.success(request, _("The table link of table %(table)s is revoked: its QR code no longer works. Print the table's sheet again for a new one.") % {"table": link.match.table})
    return go(request, reverse("club-night", args=[found.pk]) + "#desk")


@require_POST
@organizer_of(selectors.night_for_page, "competition.season.club")
def latecomer(request: HttpRequest, found: ClubNight) -> HttpResponse:
    """A player who came after the pairing, seated now against another waiting or the bye's."""
    entry = ascii_int(request.POST.get("entry", ""), digits=9)
    opponent = ascii_int(request.POST.get("opponent", ""), digits=9)
    if entry is None or opponent is None:
        return render_night(request, found, refusal=_("Choose the latecomer's opponent."),
                            status=UNPROCESSABLE)
    try:
        match = seat_latecomer(found.pk, entry, opponent, actor=request.user)
    except ServiceError as error:
        return render_night(request, found, refusal=error.message, status=refusal_status(error))
    messages.success(request, _("%(a)s v %(b)s at table %(table)s.") % {
        "a": match.entry_a.player.name, "b": match.entry_b.player.name, "table": match.table})
    return go(request, reverse("club-night", args=[found.pk]) + "#desk")
