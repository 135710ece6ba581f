"""The pages of a members-only club's competitions and matches (and their exports) refuse
anyone who is not a member, with a page that says whose they are (403)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from league.clubs.selectors import club_by_pk
from league.clubs.visibility import may_see
from league.core.views import FORBIDDEN


def members_only(request: HttpRequest, club_id: int | None) -> HttpResponse | None:
    """None when the user may see the club's pages (or there is no such object: the view
    answers 404 itself); otherwise the refusal."""
    if club_id is None or may_see(request.user, club_id):
        return None
    club = club_by_pk(club_id)
    return render(request, "pages/members_only.html", {"club": club}, status=FORBIDDEN)
