"""A competition's standings, bracket and latest pairings as small pages made to sit in a
club's own web site (an iframe): no navigation, no cookie, cached for a few minutes, light or
dark (the reader's preference, or `?theme=light|dark`), and framable by any site, these pages
only (league.security). A members-only club's competitions have none."""

from __future__ import annotations

from functools import wraps

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.clickjacking import xframe_options_exempt
from django.views.decorators.http import require_safe

from league.competitions.standings.services import competition_standings
from league.core.views import FRAMABLE

from . import selectors

CACHED_FOR = 300
THEMES = ("light", "dark")


def embed(view):
    @require_safe
    @xframe_options_exempt
    @wraps(view)
    def wrapped(request: HttpRequest, pk: int) -> HttpResponse:
        competition = selectors.embedded_competition(pk)
        theme = request.GET.get("theme", "")
        response = view(request, competition, {
            "competition": competition, "club": competition.season.club,
            "theme": theme if theme in THEMES else ""})
        setattr(response, FRAMABLE, True)
        response.cookies.clear()
        response["Cache-Control"] = f"public, max-age={CACHED_FOR}"
        return response

    return wrapped


@embed
def standings(request: HttpRequest, competition, context: dict) -> HttpResponse:
    context["table"] = competition_standings(competition)
    return render(request, "api/embed_standings.html", context)


@embed
def bracket(request: HttpRequest, competition, context: dict) -> HttpResponse:
    context["rounds"] = [r for r in competition.rounds.all() if r.matches.all()]
    return render(request, "api/embed_bracket.html", context)


@embed
def pairings(request: HttpRequest, competition, context: dict) -> HttpResponse:
    rounds = [r for r in competition.rounds.all() if r.matches.all()]
    context["round"] = rounds[-1] if rounds else None
    return render(request, "api/embed_pairings.html", context)
