"""The one rule of a members-only club's data: every page, print, feed, export and action that
names one of its objects (a competition, round, match, game, club night...) is for those who
may see the club (league.clubs.visibility.may_see: its organizers, its players' accounts, the
site's staff). Anyone else gets a page saying whose the pages are (403) and nothing of the
club's players or competitions; a visitor posting an action is sent to sign in first."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from league.clubs.selectors import club_by_pk
from league.clubs.visibility import may_see
from league.core.views import FORBIDDEN, sign_in_first


def members_only(request: HttpRequest, club_id: int | None, *, public: bool | None = None
                 ) -> HttpResponse | None:
    """None when the user may see the club's pages (or there is no such object: the view
    answers 404 itself); otherwise the refusal. `public`: whether the club is public, when the
    view has just read it from the database."""
    if club_id is None or may_see(request.user, club_id, public=public):
        return None
    club = club_by_pk(club_id)
    if request.method == "POST" and not request.user.is_authenticated:
        return sign_in_first(request, club.get_absolute_url())
    return render(request, "pages/members_only.html", {"club": club}, status=FORBIDDEN)


def for_members(club_of: Callable[[int], int | None]) -> Callable:
    """A view of the object whose id is the URL's first argument, for those who may see its
    club (`club_of` reads the club's id from the object's): the rule above, before the view."""

    def decorate(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
        @wraps(view)
        def wrapped(request: HttpRequest, pk: int, *args, **kwargs) -> HttpResponse:
            if (refusal := members_only(request, club_of(pk))) is not None:
                return refusal
            return view(request, pk, *args, **kwargs)

        return wrapped

    return decorate
