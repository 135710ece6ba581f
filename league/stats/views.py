"""The statistics pages: a player's figures (a season or all time, beside the club's) and the
club's records. Each page's content is the same for every visitor of a language: it is rendered
once per statistics version (versions.py), season and language, then read from the fragment
cache. A visit to a page already rendered runs no query and asks the shared cache once: the
club's entries and the version are read ahead together (league.core.cache.read_ahead), and the
club of a player or an address is remembered in the process (league.clubs.visibility.club_of).

The page's language is settled (the club's, when the reader chose none) before the key is
made, so that a body rendered in one language is only ever read under that language's key."""

from __future__ import annotations

from django.core.cache import caches
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils.safestring import mark_safe
from django.utils.translation import get_language, gettext
from django.utils.translation import gettext_lazy as _

from league.clubs.selectors import (
    CLUB_ROW_KEY,
    club_id_of_slug,
    club_language,
    club_of_player,
    club_page_keys,
    club_to_read,
)
from league.competitions.base.page_versions import FRAGMENT_SECONDS
from league.competitions.views.visibility import members_only
from league.core.cache import read_ahead
from league.core.languages import in_club_language
from league.core.numbers import ascii_int
from league.core.views import in_club_zone
from league.stats.records import MIN_HANDS, club_records
from league.stats.selectors import (
    chosen_season,
    club_seasons,
    player_statistics,
    statistics_player,
)
from league.stats.versions import KEY as VERSION_KEY
from league.stats.versions import statistics_version

NOT_A_SEASON = _("Choose a season from the list.")
UNPROCESSABLE = 422


def player_stats(request: HttpRequest, pk: int) -> HttpResponse:
    club_id = club_of_player(pk)
    with read_ahead([*club_page_keys(club_id), VERSION_KEY]):
        if (refusal := members_only(request, club_id)) is not None:
            return refusal
        in_club_language(club_language(club_id))
        version = statistics_version()
    value = request.GET.get("season", "")
    key = f"player-stats:{pk}:{value.strip()[:12]}:{version}:{get_language()}"
    title, body, ok = _fragment(key, lambda: _player_body(pk, value))
    return render(request, "stats/page.html", {"title": title, "body": mark_safe(body)},
                  status=200 if ok else UNPROCESSABLE)


def _player_body(pk: int, value: str) -> tuple[str, str, bool]:
    player = statistics_player(pk)
    in_club_zone(player.club)
    seasons = club_seasons(player.club)
    season, ok = chosen_season(seasons, value)
    stats = player_statistics(player, seasons, season)
    body = render_to_string("stats/player_stats.html",
                            {"stats": stats, "player": player, "problem": "" if ok else str(NOT_A_SEASON)})
    return gettext("%(name)s: statistics") % {"name": player.name}, body, ok


def records(request: HttpRequest, slug: str) -> HttpResponse:
    club_id = club_id_of_slug(slug)
    if club_id is None:
        raise Http404("No such club.")
    # the club's row too, which a first visit reads to render the records
    with read_ahead([*club_page_keys(club_id), VERSION_KEY, CLUB_ROW_KEY.format(club_id)]):
        if (refusal := members_only(request, club_id)) is not None:
            return refusal
        in_club_language(club_language(club_id))
        version = statistics_version()
        value = request.GET.get("season", "")
        min_hands = ascii_int(request.GET.get("min_hands", "")) or MIN_HANDS
        min_hands = max(1, min(min_hands, 10_000))
        key = f"club-records:{club_id}:{value.strip()[:12]}:{min_hands}:{version}:{get_language()}"
        title, body, ok = _fragment(key, lambda: _records_body(club_to_read(club_id), value,
                                                               min_hands))
    return render(request, "stats/page.html", {"title": title, "body": mark_safe(body)},
                  status=200 if ok else UNPROCESSABLE)


def _records_body(club, value: str, min_hands: int) -> tuple[str, str, bool]:
    in_club_zone(club)
    seasons = club_seasons(club)
    # The records are the current season's unless another, or all time, is chosen.
    season, ok = chosen_season(seasons, value) if value else (seasons[0] if seasons else None, True)
    found = club_records(club, season, min_hands)
    body = render_to_string("stats/records.html", {
        "records": found, "club": club, "seasons": seasons, "all_time": season is None,
        "problem": "" if ok else str(NOT_A_SEASON)})
    return gettext("%(name)s: records") % {"name": club.name}, body, ok


def _fragment(key: str, render_body) -> tuple[str, str, bool]:
    fragments = caches["template_fragments"]
    found = fragments.get(key)
    if found is None:
        found = render_body()
        if found[2]:  # a season not understood is answered afresh, never kept
            fragments.set(key, found, FRAGMENT_SECONDS)
    return found
