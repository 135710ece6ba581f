from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from league import selectors
from league.models import Competition

from .ruleset_summary import summarize


def competition(request: HttpRequest, pk: int) -> HttpResponse:
    """Overview, entries, fixtures and results by round; standings and bracket come later."""
    competition = selectors.competition_page(pk)
    context = {
        "competition": competition,
        "rules": summarize(competition.ruleset),
        "match_format": match_format(competition),
    }
    return render(request, "league/competition.html", context)


def match_format(competition: Competition) -> str:
    games = competition.match_games
    plural = "game" if games == 1 else "games"
    if competition.match_format == Competition.MatchFormat.FIRST_TO:
        return f"First to {games} {plural}"
    return f"{games} {plural}"
