"""Two phones on one scoresheet: each asks every few seconds whether the sheet changed, and is
answered 304 Not Modified, after one small query, when it has not.

The sheet's version is what any change to it moves: its hands (how many, the newest), its open
flags, the rulings recorded at the table (how many, and how many wait for the opponent or the
organizer), the game's totals and status, the match's status and its history (every
correction, flag, dismissal, ruling and result is written there). The ETag is that version for
this viewer (what he may do differs by person) in his language."""

from __future__ import annotations

import hashlib

from django.db.models import Count, IntegerField, Max, OuterRef, Subquery
from django.http import HttpRequest, HttpResponse, HttpResponseNotModified
from django.utils import translation
from django.utils.cache import patch_cache_control

from league.competitions.models import AuditEntry
from league.games.models import Game, HandFlag, TableRuling


def sheet_version(pk: int) -> tuple | None:
    """The version of game `pk`'s scoresheet (None: no such game): one query."""
    flags = (HandFlag.objects.filter(hand__game=OuterRef("pk"), cleared="").order_by()
             .values("hand__game").annotate(n=Count("pk")).values("n"))
    history = (AuditEntry.objects.filter(match=OuterRef("match_id")).order_by("-pk")
               .values("pk")[:1])
    rulings = (TableRuling.objects.filter(game=OuterRef("pk")).order_by().values("game")
               .annotate(n=Count("pk")).values("n"))
    waiting = (TableRuling.objects.filter(game=OuterRef("pk"), status=TableRuling.Status.WAITING)
               .order_by().values("game").annotate(n=Count("pk")).values("n"))
    return (Game.objects.filter(pk=pk)
            .annotate(hands_n=Count("hands"), last_hand=Max("hands__pk"),
                      flags_n=Subquery(flags, output_field=IntegerField()),
                      last_history=Subquery(history, output_field=IntegerField()),
                      rulings_n=Subquery(rulings, output_field=IntegerField()),
                      waiting_n=Subquery(waiting, output_field=IntegerField()))
            .values_list("hands_n", "last_hand", "flags_n", "last_history", "rulings_n",
                         "waiting_n", "total_a", "total_b", "status", "match__status")
            .first())


def etag(request: HttpRequest, pk: int) -> str:
    """The scoresheet's ETag for this viewer, quoted as the header carries it."""
    viewer = request.user.pk if request.user.is_authenticated else 0
    facts = repr((sheet_version(pk), viewer, translation.get_language())).encode()
    return f'"{hashlib.sha256(facts).hexdigest()[:20]}"'


def unchanged(request: HttpRequest, tag: str) -> HttpResponse | None:
    """304 Not Modified when the viewer's copy (If-None-Match) is this version."""
    if request.headers.get("If-None-Match", "") != tag:
        return None
    return tagged(HttpResponseNotModified(), tag)


def tagged(response: HttpResponse, tag: str) -> HttpResponse:
    """The response with its ETag; the browser asks again every time (the sheet moves)."""
    response["ETag"] = tag
    patch_cache_control(response, private=True, no_cache=True)
    return response
