"""The club page. Its body (seasons and competitions, the ratings table, the players) is the
same for every visitor: it is rendered once per version of the club's pages
(league.competitions.base.page_versions.club_pages_version, new after any write in the club
those pages or this one show: a competition, season, the club or a player, the ratings, a
points series) and then read from the fragment cache. Its head (the organizers, the club
nights) likewise, once per version of the club (club_version: the club pages' one and the
club's own, new after a change of its organizers or their names or of its club nights). The club and what the viewer may do are read
on every visit."""

from django.core.cache import caches
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils import translation
from django.utils.safestring import mark_safe

from league.accounts.backends import signed_in_id
from league.clubs.models import Club
from league.clubs.selectors import CLUB_ROW_KEY, club_id_of_slug, club_to_read, player_of_user
from league.clubs.visibility import may_see
from league.competitions.base.page_versions import (
    FRAGMENT_SECONDS,
    club_keys,
    club_pages_version,
    club_version,
)
from league.core.cache import read_ahead
from league.core.views import in_club_zone
from league.pages import selectors
from league.pages.context_processors import viewer_keys

FORBIDDEN = 403
BODY = "pages/club_body.html"
HEAD = "pages/club_head.html"


def club(request: HttpRequest, slug: str) -> HttpResponse:
    """Seasons with their competitions, the ratings table, the players, the organizers; a
    members-only club shows them to its organizers and its players' accounts only."""
    club_id = club_id_of_slug(slug)  # remembered: a club keeps its slug
    if club_id is None:
        raise Http404("No such club.")
    # One call to the shared cache for the club, the page's versions and the header's answers.
    keys = [CLUB_ROW_KEY.format(club_id), *club_keys(club_id), *viewer_keys(signed_in_id(request))]
    with read_ahead(keys):
        return _club(request, club_to_read(club_id))


def _club(request: HttpRequest, club: Club) -> HttpResponse:
    if not club.is_public and not may_see(request.user, club.pk):
        return render(request, "pages/members_only.html", {"club": club}, status=FORBIDDEN)
    in_club_zone(club)
    head = _head(club)
    organizes = request.user.is_superuser or request.user.pk in head["organizer_ids"]
    plays_here = request.user.is_authenticated and player_of_user(club, request.user) is not None
    context = {
        "club": club,
        "head": {name: mark_safe(head[name]) for name in ("organizers", "nights")},
        "body": mark_safe(_body(request, club, organizes)),
        "plays_here": plays_here,
        "organizes_club": organizes,
    }
    return render(request, "pages/club.html", context)


def _head(club: Club) -> dict:
    """The organizers' line and the club nights, as HTML, and the organizers' user ids."""
    fragments = caches["template_fragments"]
    key = f"club-head:{club.pk}:{club_version(club.pk)}:{translation.get_language()}"
    found = fragments.get(key)
    if not isinstance(found, dict):
        head = selectors.club_head(club)
        context = {"organizers": head.organizers, "names": head.names, "nights": head.nights}
        found = {"organizers": render_to_string(f"{HEAD}#organizers", context),
                 "nights": render_to_string(f"{HEAD}#nights", context),
                 "organizer_ids": [user.pk for user in head.organizers]}
        fragments.set(key, found, FRAGMENT_SECONDS)
    return found


def _body(request: HttpRequest, club: Club, organizes: bool) -> str:
    fragments = caches["template_fragments"]
    key = (
        f"club-page:{club.pk}:{club_pages_version(club.pk)}:{int(organizes)}:{translation.get_language()}"
    )
    found = fragments.get(key)
    if found is None:
        context = {
            "club": club,
            "ratings": selectors.club_body(club),
            "organizes_club": organizes,
        }
        found = render_to_string(BODY, context, request=None)
        fragments.set(key, found, FRAGMENT_SECONDS)
    return found
