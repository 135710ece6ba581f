from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from league import selectors


def player(request: HttpRequest, pk: int) -> HttpResponse:
    """Name, club, competitions entered, recent matches."""
    return render(request, "league/player.html", {"page": selectors.player_page(pk)})
