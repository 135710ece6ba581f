"""The player page: rating and its history, results, competitions, and the head-to-head record
against an opponent chosen in a select (an htmx request gets only that partial)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse

from core.views import render_page
from pages import selectors
from ratings.selectors import player_rating, rating_history

TEMPLATE = "pages/player.html"
NOT_AN_OPPONENT = "Choose a player from the list: only opponents met in a confirmed match."


def player(request: HttpRequest, pk: int) -> HttpResponse:
    page = selectors.player_page(pk)
    chosen, problem = _chosen_opponent(request.GET.get("opponent", ""), page.opponents)
    context = {
        "page": page,
        "player": page.player,
        "rating": player_rating(page.player),
        "history": rating_history(page.player),
        "chosen": request.GET.get("opponent", ""),
        "opponent_problem": problem,
        "h2h": selectors.head_to_head(page.player, chosen) if chosen else None,
    }
    return render_page(request, TEMPLATE, context, partial="head-to-head")


def _chosen_opponent(value: str, opponents: list) -> tuple[object | None, str]:
    """The opponent picked in the select, or a sentence saying what is wrong with the choice."""
    if not value:
        return None, ""
    found = next((o for o in opponents if str(o.pk) == value.strip()), None)
    return (found, "") if found is not None else (None, NOT_AN_OPPONENT)
