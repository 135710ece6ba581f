"""A competition's standings, bracket and latest pairings as small pages made to sit in a
club's own web site (an iframe): no navigation, no cookie, cached for a few minutes, light or
dark (the reader's preference, or `?theme=light|dark`), and framable by any site, these pages
only (league.security). A members-only club's competitions have none.

An embed is read on every visit to the page of the club's site that frames it, so it is drawn
once for each version of the competition's page (league.competitions.base.page_versions: new
after any change the page shows), theme and language, and then served from the fragment cache:
whether the club is public and the version are read from the cache, with no query. The
standings are the competition page's own table, its kept table when current."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import translation
from django.views.decorators.clickjacking import xframe_options_exempt
from django.views.decorators.http import require_safe

from league.clubs.visibility import club_is_public, visibility_keys
from league.competitions.base.page_versions import competition_tokens, competition_version_keys
from league.competitions.base.selectors import club_of_competition
from league.competitions.formats.selectors import fixtures_of
from league.competitions.standings.services import competition_standings
from league.core.cache import read_ahead
from league.core.views import FRAMABLE

from . import selectors
from .kept import kept_bytes

CACHED_FOR = 300
THEMES = ("light", "dark")


def embed(view: Callable[..., HttpResponse]) -> Callable[[HttpRequest, int], HttpResponse]:
    """An embed's view, given the competition (selectors.embedded_competition) and the context
    every embed has; its page kept under the competition page's version, theme and language."""

    @require_safe
    @xframe_options_exempt
    @wraps(view)
    def wrapped(request: HttpRequest, pk: int) -> HttpResponse:
        club_id = club_of_competition(pk)
        with read_ahead([*visibility_keys(club_id), *competition_version_keys(pk)]):
            if club_id is None or not club_is_public(club_id):
                raise Http404(selectors.NOT_EMBEDDED)
            version = competition_tokens([pk]).get(pk)
        if version is None:  # deleted since
            raise Http404(selectors.NOT_EMBEDDED)
        theme = request.GET.get("theme", "")
        theme = theme if theme in THEMES else ""
        key = (f"embed-{view.__name__}:{pk}:{version}:{theme or '-'}"
               f":{translation.get_language()}")

        def drawn() -> bytes:
            competition = selectors.embedded_competition(pk)
            return view(request, competition, {
                "competition": competition, "club": competition.season.club,
                "theme": theme}).content

        response = HttpResponse(kept_bytes(key, drawn))
        setattr(response, FRAMABLE, True)
        response["Cache-Control"] = f"public, max-age={CACHED_FOR}"
        return response

    return wrapped


@embed
def standings(request: HttpRequest, competition, context: dict) -> HttpResponse:
    """The table as the competition's page shows it (without the hands won, counted only
    where a tiebreak needs them), its kept table when current."""
    context["table"] = competition_standings(competition, hands=False,
                                             entries=competition.entry_list,
                                             kept=competition.kept_table)
    return render(request, "api/embed_standings.html", context)


@embed
def bracket(request: HttpRequest, competition, context: dict) -> HttpResponse:
    """Every round drawn, in the order played, with its matches: one more query."""
    fixtures_of(competition.round_list, competition.entry_list)
    context["rounds"] = [r for r in competition.round_list if r.match_list]
    return render(request, "api/embed_bracket.html", context)


@embed
def pairings(request: HttpRequest, competition, context: dict) -> HttpResponse:
    """The latest round paired (by stage and number; a knockout's final, not its third place),
    with its matches: one more query (a round is drawn with its matches)."""
    context["round"] = None
    # Reversed after a stable sort (not sorted in reverse): of two rounds of one number, the one
    # played later in round_list's order (the losers' after the winners', the finals last)
    # comes first.
    latest_first = sorted(competition.round_list,
                          key=lambda r: (r.stage.order if r.stage else 0, r.number))[::-1]
    for round_ in latest_first:
        fixtures_of([round_], competition.entry_list)
        if round_.match_list:
            context["round"] = round_
            break
    return render(request, "api/embed_pairings.html", context)
