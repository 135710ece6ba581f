"""Reads of the points series' pages."""

from __future__ import annotations

from django.shortcuts import get_object_or_404

from league.clubs.models import Season
from league.competitions.base.page_versions import competition_tokens
from league.competitions.models import Competition

from .models import PointsSeries


def series_by_pk(pk: int) -> PointsSeries:
    """One query: the series with its season and club (a 404 when there is none)."""
    return get_object_or_404(PointsSeries.objects.select_related("season__club"), pk=pk)


def club_of_series(pk: int) -> int | None:
    return PointsSeries.objects.filter(pk=pk).values_list("season__club_id", flat=True).first()


def series_season(pk: int) -> Season:
    return get_object_or_404(Season.objects.select_related("club"), pk=pk)


def season_competitions(season: Season) -> list[Competition]:
    return list(Competition.objects.filter(season=season).order_by("created_at", "pk"))


def series_competition_ids(series: PointsSeries) -> list[int]:
    return list(series.competitions.order_by("pk").values_list("pk", flat=True))


def series_version(series: PointsSeries, competition_ids: list[int]) -> str:
    """The series' own version and its competitions' page versions: new after any change to
    the series, and after anything its competitions' standings show (a result confirmed or
    corrected, a hand corrected), as the competitions' pages are forgotten."""
    known = competition_tokens(competition_ids)
    tokens = [known.get(pk, "-") for pk in competition_ids]
    return f"{series.pk}.{series.version}.{'.'.join(tokens)}"


def seasons_series(season_ids: list[int]) -> list[PointsSeries]:
    return list(PointsSeries.objects.filter(season_id__in=season_ids).order_by("name"))
