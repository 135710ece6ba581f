from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from league import selectors


def club(request: HttpRequest, slug: str) -> HttpResponse:
    """Seasons with their competitions, the players, the organizers."""
    return render(request, "league/club.html", {"club": selectors.club_page(slug)})
