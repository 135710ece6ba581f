"""The home page. A visitor's is the same for everyone: the public clubs, rendered once per
version of the club pages (league.competitions.base.page_versions.club_pages_version) and
language, then read from the fragment cache. A signed-in user's own parts (the results waiting
for his confirmation, his matches to play, the sign-ups open to him, his clubs) are rendered once
per version of his home (home_version: new after any write to his players' entries, matches or
reports, to what every player page shows, to the clubs he organizes, or to any club night) and
language. Tonight's club night (with its check-in form), while one of his competitions has one
open, and the disputes an organizer resolves are read on every visit."""

from __future__ import annotations

from django.core.cache import caches
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils import timezone, translation
from django.utils.safestring import mark_safe

from league.accounts.backends import signed_in_id
from league.clubs.permissions import organizes_any
from league.clubs.selectors import USER_PLAYERS_KEY, player_ids_of_user
from league.competitions.base.page_versions import (
    FRAGMENT_SECONDS,
    club_pages_version,
    home_keys,
    home_version,
)
from league.competitions.base.selectors import entry_ids_read
from league.competitions.entries.selectors import sign_ups_read
from league.competitions.nights.night_reads import night_entries_read
from league.competitions.nights.selectors import tonight
from league.core.cache import read_ahead
from league.core.written_reads import answered_together
from league.pages import home_selectors, selectors
from league.pages.context_processors import viewer_keys

PARTS = "pages/home_parts.html"


def home(request: HttpRequest) -> HttpResponse:
    """Signed in: what is waiting for me, tonight's club night first, and my clubs with their
    running competitions. Then the public clubs, found by name (a bounded list)."""
    viewer = signed_in_id(request)  # his account is read ahead with the rest
    if viewer is None:
        return _home(request, request.user)
    # One call to the shared cache for his account, his players, the versions of his home and
    # the header.
    keys = [USER_PLAYERS_KEY.format(viewer), *home_keys(viewer), *viewer_keys(viewer)]
    with read_ahead(keys):
        return _home(request, request.user)


def _home(request: HttpRequest, user) -> HttpResponse:
    query = home_selectors.club_search_text(request.GET.get("q", ""))
    context = {"query": query}
    shared = clubs = None
    if user.is_authenticated:
        shared, context["mine"], clubs = _mine(user, clubs_listed=not query)
        context |= {
            "tonight": tonight(user) if context["mine"]["night_open"] else [],
            "to_resolve": selectors.disputes_to_resolve(user) if organizes_any(user) else [],
        }
    context["found"] = _found(query, shared, clubs)
    return render(request, "pages/home.html", context)


def _found(query: str, shared: str | None,
           clubs: home_selectors.ClubsFound | str | None = None) -> str:
    """The public clubs found: every visitor's first look (no query) cached under the lists'
    version (club_pages_version(None); ``shared`` when it was read already). `clubs`: the list
    read already, its copy missing from the cache, or that copy (HTML) found already."""
    if query:
        return mark_safe(_rendered("found", {"found": home_selectors.find_clubs(query)}))
    if isinstance(clubs, str):
        return mark_safe(clubs)
    fragments = caches["template_fragments"]
    key = _clubs_key(shared or club_pages_version(None))
    found = None if clubs is not None else fragments.get(key)
    if found is None:
        found = _rendered("found", {"found": clubs or home_selectors.find_clubs()})
        fragments.set(key, found, FRAGMENT_SECONDS)
    return mark_safe(found)


def _clubs_key(shared: str) -> str:
    return f"home-clubs:{shared}:{translation.get_language()}"


def _mine(user, *, clubs_listed: bool
          ) -> tuple[str, dict, home_selectors.ClubsFound | str | None]:
    """The club pages' version, the user's own parts as HTML ("waiting", "sign_ups", "clubs")
    with "has_clubs", and the public clubs' list when it was read with his parts: drawn anew,
    they are read together when the list (`clubs_listed`) is missing from the cache too (its
    copy, when it was found there, is returned instead)."""
    players = player_ids_of_user(user)
    shared, version = home_version(user.pk, players)
    fragments = caches["template_fragments"]
    key = f"home:{user.pk}:{version}:{translation.get_language()}"
    found, clubs = fragments.get(key), None
    if not _current(found):
        if clubs_listed:
            clubs = fragments.get(_clubs_key(shared))
        found, listed = _mine_rendered(user, players, clubs=clubs_listed and clubs is None)
        clubs = clubs if clubs is not None else listed
        fragments.set(key, found, FRAGMENT_SECONDS)
    return shared, {name: mark_safe(part) if isinstance(part, str) else part
                    for name, part in found.items()}, clubs


def _current(found) -> bool:
    """A copy is current until the earliest closing of the sign-ups it lists."""
    return isinstance(found, dict) and (found["until"] is None or timezone.now() < found["until"])


def _mine_rendered(user, players: list[int], *, clubs: bool
                   ) -> tuple[dict, home_selectors.ClubsFound | None]:
    """His parts, read in three round trips: what depends only on him (his entries, the
    sign-ups open to him, his clubs, his entries with a night open; with `clubs`, the public
    clubs' list too, returned with his parts), then what depends on those (the reports he
    confirms, his matches to play, his clubs' running competitions), then the sides of those
    matches."""
    public = [home_selectors.public_clubs_read()] if clubs else []
    entries, sign_ups, his_clubs, night_entries, *listed = answered_together(
        entry_ids_read(players), sign_ups_read(user.pk), home_selectors.his_clubs_read(user.pk),
        night_entries_read(user.pk), *public)
    to_confirm, to_play, your_clubs = answered_together(
        home_selectors.to_confirm_read(user.pk, entries), home_selectors.to_play_read(entries),
        home_selectors.running_read(his_clubs))
    closing = [c.registration_closes_at for c in sign_ups if c.registration_closes_at]
    parts = {
        "waiting": _rendered("waiting", {"waiting": home_selectors.waiting(to_confirm, to_play)}),
        "sign_ups": _rendered("sign-ups", {"sign_ups": sign_ups}),
        "clubs": _rendered("your-clubs", {"your_clubs": your_clubs}),
        "has_clubs": bool(your_clubs),
        # tonight's club nights (his check-in, his table) are read on each visit, and only while
        # one of his competitions has a night open
        "night_open": bool(tonight(user, night_entries)),
        "until": min(closing, default=None),
    }
    return parts, (listed[0] if listed else None)


def _rendered(part: str, context: dict) -> str:
    return render_to_string(f"{PARTS}#{part}", context)
