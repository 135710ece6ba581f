from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from pages import selectors


def club(request: HttpRequest, slug: str) -> HttpResponse:
    """Seasons with their competitions, the ratings table, the players, the organizers."""
    club = selectors.club_page(slug)
    context = {"club": club, "ratings": selectors.club_ratings(club)}
    return render(request, "pages/club.html", context)
