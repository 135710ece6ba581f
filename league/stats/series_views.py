"""A points series' pages: its standings (cached under the series' and its competitions'
versions), printed and as CSV; the organizer's forms to make and change it."""

from __future__ import annotations

import csv
from io import StringIO

from django.core.cache import caches
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext

from league.clubs.permissions import is_organizer
from league.competitions.base.page_versions import FRAGMENT_SECONDS
from league.competitions.views.visibility import members_only
from league.core.errors import ServiceError
from league.core.views import go, sign_in_first
from league.stats.forms import SeriesForm, initial_of
from league.stats.series import SeriesStandings, series_standings
from league.stats.series_selectors import (
    club_of_series,
    season_competitions,
    series_by_pk,
    series_competition_ids,
    series_season,
    series_version,
)
from league.stats.services import change_series, create_series

FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def _standings(pk: int) -> SeriesStandings:
    series = series_by_pk(pk)
    key = f"series-standings:{series_version(series, series_competition_ids(series))}"
    fragments = caches["template_fragments"]
    found = fragments.get(key)
    if found is None:
        found = series_standings(series)
        fragments.set(key, found, FRAGMENT_SECONDS)
    return found


def series(request: HttpRequest, pk: int) -> HttpResponse:
    if (refusal := members_only(request, club_of_series(pk))) is not None:
        return refusal
    standings = _standings(pk)
    club = standings.series.season.club
    return render(request, "stats/series.html", {
        "standings": standings, "club": club,
        "may_change": is_organizer(request.user, club)})


def series_print(request: HttpRequest, pk: int) -> HttpResponse:
    if (refusal := members_only(request, club_of_series(pk))) is not None:
        return refusal
    return render(request, "stats/series_print.html", {"standings": _standings(pk)})


def series_csv(request: HttpRequest, pk: int) -> HttpResponse:
    if (refusal := members_only(request, club_of_series(pk))) is not None:
        return refusal
    standings = _standings(pk)
    out = StringIO()
    out.write("\ufeff")  # so that spreadsheets read the names as UTF-8
    writer = csv.writer(out, lineterminator="\r\n")
    names = [c.name for c in standings.competitions]
    writer.writerow([gettext("Place"), gettext("Level with the row above"), gettext("Player"),
                     gettext("Points"), *(_cell(n) for n in names), gettext("Not counted")])
    for row in standings.rows:
        dropped = [n for n, r in zip(names, row.results, strict=True)
                   if r.points is not None and not r.counted]
        writer.writerow([row.rank, gettext("yes") if row.shared else "", _cell(row.name), row.total,
                         *("" if r.points is None else r.points for r in row.results),
                         _cell("; ".join(dropped))])
    response = HttpResponse(out.getvalue(), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="series-{pk}.csv"'
    return response


def _cell(text: str) -> str:
    """A name a spreadsheet would run as a formula is written as text."""
    return f"'{text}" if text.startswith(FORMULA_START) else text


def new_series(request: HttpRequest, season_pk: int) -> HttpResponse:
    season = series_season(season_pk)
    refusal = _organizers_only(request, season.club)
    if refusal is not None:
        return refusal
    competitions = season_competitions(season)
    form = SeriesForm(request.POST or None, competitions=competitions,
                      initial={"rule": "placing", "preset": "twenty-five"})
    if request.method == "POST" and form.is_valid():
        try:
            made = create_series(season.pk, form.settings(), actor=request.user)
        except ServiceError as error:
            form.add_service_error(error)
        else:
            return go(request, reverse("series", args=[made.pk]))
    return render(request, "stats/series_form.html",
                  {"form": form, "season": season, "club": season.club, "series": None},
                  status=_status(request, form))


def change(request: HttpRequest, pk: int) -> HttpResponse:
    series_row = series_by_pk(pk)
    season = series_row.season
    refusal = _organizers_only(request, season.club)
    if refusal is not None:
        return refusal
    form = SeriesForm(request.POST or None, competitions=season_competitions(season),
                      initial=initial_of(series_row, series_competition_ids(series_row)))
    if request.method == "POST" and form.is_valid():
        try:
            change_series(pk, form.settings(), actor=request.user)
        except ServiceError as error:
            form.add_service_error(error)
        else:
            return go(request, reverse("series", args=[pk]))
    return render(request, "stats/series_form.html",
                  {"form": form, "season": season, "club": season.club, "series": series_row},
                  status=_status(request, form))


def _organizers_only(request: HttpRequest, club) -> HttpResponse | None:
    if not request.user.is_authenticated:
        return sign_in_first(request, request.get_full_path())
    if not is_organizer(request.user, club):
        error = ServiceError(gettext("Only an organizer of %(club)s may make or change its "
                                     "points series.") % {"club": club})
        return render(request, "pages/refused.html",
                      {"reason": error.message, "back": club.get_absolute_url()}, status=403)
    return None


def _status(request: HttpRequest, form: SeriesForm) -> int:
    return 422 if request.method == "POST" and form.errors else 200


