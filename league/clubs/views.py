"""Who may open a club's organizer pages: its organizers (and superusers). A visitor is sent to
sign in; anyone else gets a page saying whose pages these are (403)."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from operator import attrgetter

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from league.clubs.models import Club
from league.clubs.permissions import is_organizer
from league.clubs.selectors import club_by_slug
from league.core.views import FORBIDDEN, in_club_zone, sign_in_first


def refused(request: HttpRequest, club: Club) -> HttpResponse | None:
    """None when the user organizes the club; otherwise the response that refuses them."""
    if not request.user.is_authenticated:
        return sign_in_first(request, request.get_full_path() if request.method == "GET"
                             else club.get_absolute_url())
    if is_organizer(request.user, club):
        return None
    return render(request, "organizer/forbidden.html", {"club": club}, status=FORBIDDEN)


def organizer_of(find: Callable, club: str = "") -> Callable:
    """A view for the organizers of one club only. `find` reads the object of the URL's first
    argument (a club by its slug; a competition, match, entry or player by its pk), `club` is
    the path from that object to its club ("season.club"; empty for a club itself). The view is
    called with the object found in place of that argument, and the URL's other arguments."""
    club_of = attrgetter(club) if club else (lambda found: found)

    def decorate(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
        @wraps(view)
        def wrapped(request: HttpRequest, *args, **kwargs) -> HttpResponse:
            if args:
                key, *args = args
            else:
                key = kwargs.pop(next(iter(kwargs)))
            found = find(key)
            if (refusal := refused(request, club_of(found))) is not None:
                return refusal
            in_club_zone(club_of(found))  # its times are shown and typed in the club's zone
            return view(request, found, *args, **kwargs)

        return wrapped

    return decorate


def club_organizers_only(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """A page of the club named by the URL's slug, for its organizers only: the club found (or
    404), anyone else refused, its times shown in the club's zone; the view gets the club."""
    return organizer_of(club_by_slug)(view)
