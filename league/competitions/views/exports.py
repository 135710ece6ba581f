"""Exports of a competition: the standings as CSV (the calendar feeds are in
league.competitions.views.exports_calendar)."""

from __future__ import annotations

import csv
from io import StringIO

from django.http import HttpRequest, HttpResponse
from django.utils.translation import override

from league.competitions.base.selectors import club_of_competition, competition_by_pk
from league.competitions.standings.services import competition_standings
from league.competitions.views.visibility import members_only

FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def standings_csv(request: HttpRequest, pk: int) -> HttpResponse:
    if (refusal := members_only(request, club_of_competition(pk))) is not None:
        return refusal
    competition = competition_by_pk(pk)
    table = competition_standings(competition)
    out = StringIO()
    out.write("\ufeff")  # so that spreadsheets read the names as UTF-8
    writer = csv.writer(out, lineterminator="\r\n")
    with override("en"):  # the columns stay the same in every language: spreadsheets read them
        _write_rows(writer, table)
    response = HttpResponse(out.getvalue(), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="standings-{competition.pk}.csv"'
    return response


def _write_rows(writer, table) -> None:
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


def _cell(text: str) -> str:
    """A name a spreadsheet would run as a formula is written as text."""
    return f"'{text}" if text.startswith(FORMULA_START) else text


def _yes(flag: bool) -> str:
    return "yes" if flag else ""
