"""The venue screen of a club night: a page for the room's TV or projector. Large type, no
controls, no sign-in for a public club (a private club's screen is its members'). It shows the
current round's pairings by table, then the standings, each for SHOW_SECONDS, and goes from one
to the other by itself (a meta refresh: no JavaScript needed)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from league.competitions.base.selectors import club_of_night
from league.competitions.nights import selectors
from league.competitions.nights.desk import night_desk
from league.competitions.standings.services import competition_standings
from league.competitions.views.visibility import for_members
from league.core.views import in_club_zone

SHOW_SECONDS = 20
PAIRINGS, STANDINGS = "pairings", "standings"


@for_members(club_of_night)
def screen(request: HttpRequest, pk: int) -> HttpResponse:
    found = selectors.night_for_page(pk)
    in_club_zone(found.competition.season.club)
    board = night_desk(found)
    show = STANDINGS if request.GET.get("show") == STANDINGS or not board.tables else PAIRINGS
    context = {"night": found, "competition": found.competition, "desk": board, "show": show,
               "next": PAIRINGS if show == STANDINGS and board.tables else STANDINGS,
               "seconds": SHOW_SECONDS}
    if show == STANDINGS:
        context["table"] = competition_standings(found.competition)
    response = render(request, "competitions/screen.html", context)
    response["Cache-Control"] = "no-store"
    return response
