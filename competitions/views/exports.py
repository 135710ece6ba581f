"""Exports of a competition: the standings as CSV, the fixtures as an iCalendar feed.

Fixtures: one event per match with a scheduled time (MATCH_LENGTH long); a match without one is
an all-day event on its round's date (the first scheduled day of the round); a match whose round
has no date yet, and a bye, has no event.
"""

from __future__ import annotations

import csv
from datetime import date, timedelta
from io import StringIO

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.utils import timezone

from competitions import ical
from competitions.models import Competition, Match
from competitions.selectors import side_names
from competitions.services.standings import competition_standings
from competitions.views.visibility import club_of_competition, members_only

MATCH_LENGTH = timedelta(minutes=90)
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def standings_csv(request: HttpRequest, pk: int) -> HttpResponse:
    if (refusal := members_only(request, club_of_competition(pk))) is not None:
        return refusal
    competition = get_object_or_404(Competition, pk=pk)
    table = competition_standings(competition)
    out = StringIO()
    out.write("\ufeff")  # so that spreadsheets read the names as UTF-8
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(["Rank", "Level with the row above", "Player", "Played", "Won", "Drawn",
                     "Lost", "Byes", "Match points", "Game points for", "Game points against",
                     "Net game points", "Hands won", *(label for _t, label in table.tiebreaks),
                     "Placed below the row above by", "Withdrawn"])
    for row in table.rows:
        writer.writerow([row.rank, _yes(row.shared_rank), _cell(row.player.name), row.played,
                         row.won, row.drawn, row.lost, row.byes, row.match_points,
                         row.game_points_for, row.game_points_against, row.game_points_net,
                         row.hands_won, *(value.shown for value in row.tiebreaks),
                         row.separated_by or "", _yes(row.withdrawn)])
    response = HttpResponse(out.getvalue(), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="standings-{competition.pk}.csv"'
    return response


def fixtures_ics(request: HttpRequest, pk: int) -> HttpResponse:
    if (refusal := members_only(request, club_of_competition(pk))) is not None:
        return refusal
    competition = get_object_or_404(Competition.objects.select_related("season"), pk=pk)
    matches = list(
        Match.objects.filter(competition=competition)
        .select_related("round", "entry_a__player", "entry_b__player", "winner__player")
        .order_by("round__bracket", "round__number", "pk")
    )
    days = round_dates(matches)
    host = request.get_host().split(":")[0]
    events = [_event(request, m, days, host) for m in matches if _dated(m, days)]
    text = ical.calendar(f"{competition.name} ({competition.season.name})", events,
                         stamp=timezone.now())
    response = HttpResponse(text, content_type="text/calendar; charset=utf-8")
    response["Content-Disposition"] = f'inline; filename="fixtures-{competition.pk}.ics"'
    return response


def round_dates(matches: list[Match]) -> dict[int, date]:
    """Each round's date: the first day a match of the round is scheduled (local time)."""
    days: dict[int, date] = {}
    for match in matches:
        if match.scheduled_at is not None:
            day = timezone.localtime(match.scheduled_at).date()
            days[match.round_id] = min(day, days.get(match.round_id, day))
    return days


def _dated(match: Match, days: dict[int, date]) -> bool:
    if match.kind == Match.Kind.BYE:
        return False
    return match.scheduled_at is not None or match.round_id in days


def _event(request: HttpRequest, match: Match, days: dict[int, date], host: str) -> ical.Event:
    name_a, name_b = side_names(match)
    if match.scheduled_at is not None:
        start, end = match.scheduled_at, match.scheduled_at + MATCH_LENGTH
    else:
        start = days[match.round_id]
        end = start + timedelta(days=1)
    known = match.entry_a_id is not None and match.entry_b_id is not None
    return ical.Event(
        uid=f"match-{match.pk}@{host}",
        summary=f"{name_a} v {name_b}, {match.round}",
        start=start,
        end=end,
        description=_description(match),
        url=request.build_absolute_uri(match.get_absolute_url()),
        status="CONFIRMED" if known else "TENTATIVE",
    )


def _description(match: Match) -> str:
    if match.status != Match.Status.CONFIRMED:
        return match.get_status_display()
    if match.kind != Match.Kind.PLAYED:
        winner = f": {match.winner.player.name} goes through" if match.winner else ""
        return f"Result: {match.get_kind_display().lower()}{winner}"
    if match.winner is None:
        return f"Result: a draw, {match.games_a}–{match.games_b}"
    return f"Result: {match.winner.player.name} won, {match.games_a}–{match.games_b}"


def _cell(text: str) -> str:
    """A name a spreadsheet would run as a formula is written as text."""
    return f"'{text}" if text.startswith(FORMULA_START) else text


def _yes(flag: bool) -> str:
    return "yes" if flag else ""
