"""Who may open the organizer's pages: the club's organizers (and superusers). A visitor is sent
to sign in; anyone else gets a page saying whose pages these are (403)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from clubs.models import Club
from clubs.permissions import is_organizer
from core.views import FORBIDDEN, sign_in_first


def refused(request: HttpRequest, club: Club) -> HttpResponse | None:
    """None when the user organizes the club; otherwise the response that refuses them."""
    if not request.user.is_authenticated:
        return sign_in_first(request, request.get_full_path() if request.method == "GET"
                             else club.get_absolute_url())
    if is_organizer(request.user, club):
        return None
    return render(request, "organizer/forbidden.html", {"club": club}, status=FORBIDDEN)
