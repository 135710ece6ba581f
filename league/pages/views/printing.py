"""Pages for the wall and the table, printed: a round's pairings with table numbers (large
type, one page), the standings or the bracket, and a blank scoresheet per match with a QR code
to the match page. The print stylesheet (@media print in site.css) leaves out the site's chrome.
"""

from __future__ import annotations

from dataclasses import dataclass

import segno
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.safestring import mark_safe

from league.competitions.base.brackets import table_of
from league.competitions.base.selectors import (
    club_of_competition,
    club_of_match,
    club_of_round,
    competition_by_pk,
    competition_round,
    match_and_players,
)
from league.competitions.models import Match, Round
from league.competitions.schedule.selectors import matches_to_print
from league.competitions.views.competitions import CompetitionPage, match_format
from league.competitions.views.visibility import for_members
from league.core.numbers import ascii_int

# The rows of hands a blank scoresheet has room for: a game to 100 lasts 4 to 10 hands.
HAND_ROWS = 12


@dataclass(frozen=True)
class Pairing:
    table: int | str | None  # None: the bye, or a club night's fixture not seated
    match: Match


def _pairings(round_: Round) -> list[Pairing]:
    """The round's matches at their tables: those a club night seated them at (a league
    fixture the night did not seat has none), otherwise 1..n in pairing order; the bye last."""
    matches = list(matches_to_print(round_))
    if any(m.table for m in matches):
        ordered = sorted(matches, key=lambda m: (m.kind == Match.Kind.BYE, not m.table,
                                                 _table_order(m.table), table_of(m.key), m.pk))
        return [Pairing(m.table or None, m) for m in ordered]
    ordered = sorted(matches, key=lambda m: (m.kind == Match.Kind.BYE, table_of(m.key), m.pk))
    tables = iter(range(1, len(ordered) + 1))
    return [Pairing(None if m.kind == Match.Kind.BYE else next(tables), m) for m in ordered]


def _table_order(table: str) -> tuple[int, str]:
    number = ascii_int(table, digits=6)
    return (10**6, table) if number is None else (number, "")


@for_members(club_of_round)
def pairings(request: HttpRequest, pk: int) -> HttpResponse:
    round_ = competition_round(pk)
    return render(request, "pages/print/pairings.html", {
        "round": round_, "competition": round_.competition, "pairings": _pairings(round_)})


@for_members(club_of_round)
def scoresheets(request: HttpRequest, pk: int) -> HttpResponse:
    """A blank scoresheet for each match of the round to be played, one to a page."""
    round_ = competition_round(pk)
    sheets = [_sheet(request, p) for p in _pairings(round_)
              if p.match.kind != Match.Kind.BYE and p.match.entry_a and p.match.entry_b]
    return render(request, "pages/print/scoresheets.html",
                  {"round": round_, "competition": round_.competition, "sheets": sheets})


@for_members(club_of_match)
def scoresheet(request: HttpRequest, pk: int) -> HttpResponse:
    match = match_and_players(pk)
    pairing = next((p for p in _pairings(match.round) if p.match.pk == match.pk),
                   Pairing(None, match))
    return render(request, "pages/print/scoresheets.html", {
        "round": match.round, "competition": match.competition,
        "sheets": [_sheet(request, pairing)]})


def _sheet(request: HttpRequest, pairing: Pairing) -> dict:
    match = pairing.match
    url = request.build_absolute_uri(match.get_absolute_url())
    competition = match.competition
    return {
        "match": match, "table": pairing.table, "url": url,
        "qr": mark_safe(segno.make(url, error="m").svg_inline(scale=3, omitsize=False)),
        "target": competition.target_score, "match_format": match_format(competition),
        "rows": range(1, HAND_ROWS + 1),
    }


@for_members(club_of_competition)
def standings(request: HttpRequest, pk: int) -> HttpResponse:
    """The standings of a league or Swiss, or the bracket of a knockout, as its page shows them."""
    competition_by_pk(pk)  # 404 for no such competition
    page = CompetitionPage(pk, "")
    return render(request, "pages/print/standings.html",
                  {"page": page, "competition": page.competition})
