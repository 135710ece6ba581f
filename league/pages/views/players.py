"""The player page: rating and its history, results, competitions, and the head-to-head record
against an opponent chosen in a select (an htmx request gets only that partial).

The page's content is the same for every visitor: without a chosen opponent it is rendered
once per version of the player's page (league.competitions.base.page_versions.player_pages_version, new
after any change it shows) and then read from the fragment cache, with no query."""

from __future__ import annotations

from django.contrib import messages
from django.core.cache import caches
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation
from django.utils.safestring import mark_safe
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_POST

from league.accounts.backends import signed_in_id
from league.clubs.selectors import (
    USER_PLAYERS_KEY,
    club_language,
    club_of_player,
    club_page_keys,
    own_players,
)
from league.clubs.services.calendar import calendar_token_of, new_calendar_address
from league.competitions.base.page_versions import (
    FRAGMENT_SECONDS,
    player_page_keys,
    player_pages_version,
)
from league.competitions.views.visibility import members_only
from league.core.cache import read_ahead
from league.core.errors import ServiceError
from league.core.languages import in_club_language
from league.core.views import go, in_club_zone, refusal_status, sign_in_first
from league.pages.context_processors import viewer_keys
from league.pages.player_selectors import head_to_head, player_page
from league.ratings.selectors import week_closes

TEMPLATE = "pages/player.html"
BODY = "pages/player_body.html"
NOT_AN_OPPONENT = _("Choose a player from the list: only opponents met in a confirmed match.")


def player(request: HttpRequest, pk: int) -> HttpResponse:
    club_id = club_of_player(pk)
    # One call to the shared cache: the club's entries, the page's versions and, for a signed-in
    # viewer, his players and the header's answers read together.
    viewer = signed_in_id(request)  # his account is read ahead with the rest
    keys = [*club_page_keys(club_id), *player_page_keys(pk, club_id), *viewer_keys(viewer)]
    if viewer is not None:
        keys.append(USER_PLAYERS_KEY.format(viewer))
    with read_ahead(keys):
        return _page(request, pk, club_id)


def _page(request: HttpRequest, pk: int, club_id: int | None) -> HttpResponse:
    if (refusal := members_only(request, club_id)) is not None:
        return refusal
    in_club_language(club_language(club_id))  # before the cached body's key names the language
    version = player_pages_version(pk, club_id)
    chosen = request.GET.get("opponent", "")
    if request.htmx:
        return render(request, f"{BODY}#head-to-head", _context(pk, club_id, chosen))
    if chosen:
        title, body = _rendered(_context(pk, club_id, chosen))
    else:
        title, body = _cached(pk, club_id, version)
    context = {"title": title, "body": mark_safe(body), "player_id": pk,
               "calendar_url": _own_calendar(request, pk)}
    return render(request, TEMPLATE, context)


def _own_calendar(request: HttpRequest, pk: int) -> str | None:
    """The address of the player's private calendar, when the viewer's account is theirs (read
    from the cache with his players: a visitor costs nothing)."""
    version = own_players(request.user).get(pk)
    if version is None:
        return None
    token = calendar_token_of(pk, version, request.user.pk)
    return request.build_absolute_uri(reverse("player-ics", args=[token]))


@require_POST
def new_calendar(request: HttpRequest, pk: int) -> HttpResponse:
    """The player makes a new private calendar address; the old one stops working."""
    if not request.user.is_authenticated:
        return sign_in_first(request, reverse("player", args=[pk]))
    try:
        new_calendar_address(pk, actor=request.user)
    except ServiceError as error:
        return render(request, "pages/refused.html",
                      {"reason": error.message, "back": reverse("player", args=[pk])},
                      status=refusal_status(error))
    messages.success(request, gettext("Your calendar has a new address: the old one no longer "
                                      "works."))
    return go(request, reverse("player", args=[pk]) + "#calendar-h")


def _cached(pk: int, club_id: int | None, version: str) -> tuple[str, str]:
    fragments = caches["template_fragments"]
    # The week is in the key: the page says when this week's rating period closes; and the
    # language it is written in.
    key = (f"player-page:{pk}:{version}:{week_closes():%Y%m%d}"
           f":{translation.get_language()}")
    found = fragments.get(key)
    if found is None:
        found = _rendered(_context(pk, club_id, ""))
        fragments.set(key, found, FRAGMENT_SECONDS)
    return found


def _rendered(context: dict) -> tuple[str, str]:
    return context["player"].name, render_to_string(BODY, context)


def _context(pk: int, club_id: int | None, chosen_value: str) -> dict:
    if club_id is None:
        raise Http404("No such player.")
    page = player_page(pk, club_id)
    in_club_zone(page.player.club)
    chosen, problem = _chosen_opponent(chosen_value, page.opponents)
    return {
        "page": page,
        "player": page.player,
        "rating": page.rating,
        "history": page.history,
        "chosen": chosen_value,
        "opponent_problem": problem,
        "h2h": head_to_head(page.player, chosen) if chosen else None,
        "zone": page.player.club.time_zone,
        "week_closes": week_closes(),
        "statistics": page.statistics,
    }


def _chosen_opponent(value: str, opponents: list) -> tuple[object | None, str]:
    """The opponent picked in the select, or a sentence saying what is wrong with the choice."""
    if not value:
        return None, ""
    found = next((o for o in opponents if str(o.pk) == value.strip()), None)
    return (found, "") if found is not None else (None, NOT_AN_OPPONENT)
