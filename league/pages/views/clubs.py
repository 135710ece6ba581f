from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from league.competitions.nights.selectors import club_nights
from league.core.views import in_club_zone
from league.pages import selectors

FORBIDDEN = 403


def club(request: HttpRequest, slug: str) -> HttpResponse:
    """Seasons with their competitions, the ratings table, the players, the organizers; a
    members-only club shows them to its organizers and its players' accounts only."""
    club = selectors.club_page(slug)
    if not club.is_public and not _member(request.user, club):
        return render(request, "pages/members_only.html", {"club": club}, status=FORBIDDEN)
    in_club_zone(club)
    plays_here = request.user.is_authenticated and any(
        player.user_id == request.user.pk for player in club.player_list)
    context = {"club": club, "ratings": selectors.club_ratings(club),
               "nights": club_nights(club.pk), "plays_here": plays_here}
    return render(request, "pages/club.html", context)


def _member(user, club) -> bool:
    """From the page's prefetched lists: no query more."""
    if not user.is_authenticated:
        return False
    return (user.is_superuser or user in club.organizer_list
            or any(player.user_id == user.pk for player in club.player_list))
