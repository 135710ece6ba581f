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
# Rounds in the order they are played: the main or winners' bracket, the losers', the finals.
BRACKETS = {"main": 0, "winners": 0, "losers": 1, "finals": 2}
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


def _played_order(competition) -> list:
    rounds = [r for r in competition.rounds.all() if r.matches.all()]
    return sorted(rounds, key=lambda r: (r.stage.order if r.stage else 0,
                                         BRACKETS.get(r.bracket, 0), r.number))


@embed
def bracket(request: HttpRequest, competition, context: dict) -> HttpResponse:
    context["rounds"] = _played_order(competition)
    return render(request, "api/embed_bracket.html", context)


@embed
def pairings(request: HttpRequest, competition, context: dict) -> HttpResponse:
    """The latest round paired (by stage and number; a knockout's final, not its third place)."""
    rounds = sorted(_played_order(competition),
                    key=lambda r: (r.stage.order if r.stage else 0, r.number))
    context["round"] = rounds[-1] if rounds else None
    return render(request, "api/embed_pairings.html", context)
