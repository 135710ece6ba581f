"""Pages for the wall and the table, printed: a round's pairings with table numbers (large
type, one page), the standings or the bracket, and a blank scoresheet per match with a QR code
to the match page. Printed by an organizer for a round of an open club night, the QR code is
the match's table link instead (kept without signing in: league.competitions.nights.table_links),
and each table has a card with its number and that code. The print stylesheet (@media print in site.css) leaves out the site's chrome.
"""

from __future__ import annotations

from dataclasses import dataclass

import segno
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.safestring import mark_safe

from league.clubs.permissions import is_organizer
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
from league.competitions.nights.table_links import issue_round_links, token_of
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
    links = _table_urls(request, round_)
    sheets = [_sheet(request, p, links.get(p.match.pk)) for p in _pairings(round_)
              if p.match.kind != Match.Kind.BYE and p.match.entry_a and p.match.entry_b]
    return render(request, "pages/print/scoresheets.html",
                  {"round": round_, "competition": round_.competition, "sheets": sheets})


@for_members(club_of_round)
def table_cards(request: HttpRequest, pk: int) -> HttpResponse:
    """A card for each table of a club night's round: its number, its players and the QR code
    of its table link (the match page's for a viewer who does not organize the club)."""
    round_ = competition_round(pk)
    links = _table_urls(request, round_)
    cards = [_sheet(request, p, links.get(p.match.pk), scale=6) for p in _pairings(round_)
             if p.match.kind != Match.Kind.BYE and p.match.entry_a and p.match.entry_b]
    return render(request, "pages/print/table_cards.html",
                  {"round": round_, "competition": round_.competition, "cards": cards,
                   "with_links": bool(links)})


def _table_urls(request: HttpRequest, round_: Round) -> dict[int, str]:
    """The table links of the round's matches, by match id, issued as needed: only for an
    organizer of the club, and only for a round of an open club night."""
    if round_.night_id is None or not is_organizer(request.user, round_.competition.season.club):
        return {}
    links = issue_round_links(round_.pk, actor=request.user)
    return {pk: request.build_absolute_uri(reverse("table", args=[token_of(link)]))
            for pk, link in links.items()}


@for_members(club_of_match)
def scoresheet(request: HttpRequest, pk: int) -> HttpResponse:
    match = match_and_players(pk)
    pairing = next((p for p in _pairings(match.round) if p.match.pk == match.pk),
                   Pairing(None, match))
    links = _table_urls(request, match.round) if match.round_id else {}
    return render(request, "pages/print/scoresheets.html", {
        "round": match.round, "competition": match.competition,
        "sheets": [_sheet(request, pairing, links.get(match.pk))]})


def _sheet(request: HttpRequest, pairing: Pairing, table_url: str | None = None, *,
           scale: int = 3) -> dict:
    match = pairing.match
    url = table_url or request.build_absolute_uri(match.get_absolute_url())
    competition = match.competition
    return {
        "match": match, "table": pairing.table, "url": url, "table_link": bool(table_url),
        "qr": mark_safe(segno.make(url, error="m").svg_inline(scale=scale, omitsize=False)),
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
