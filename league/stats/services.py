"""The organizer makes and changes a season's points series. One transaction each, the season's
row locked first (then the series'), every input checked before anything is saved."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db import IntegrityError, transaction
from django.utils.translation import gettext

from league.clubs.models import Season
from league.clubs.permissions import require_organizer
from league.competitions.models import Competition
from league.core.errors import ServiceError

from .models import PointsSeries

MOST_PLACES = 64
MOST_POINTS = 10_000


@dataclass(frozen=True)
class SeriesSettings:
    name: str
    rule: str
    competition_ids: list[int] = field(default_factory=list)
    placing_points: list[int] = field(default_factory=list)
    win_points: int = 2
    shutout_points: int = 3
    best_of: int | None = None


def create_series(season_id: int, settings: SeriesSettings, *, actor) -> PointsSeries:
    with transaction.atomic():
        season = _locked_season(season_id)
        require_organizer(actor, season.club)
        series = PointsSeries(season=season)
        return _save(series, season, settings)


def change_series(series_id: int, settings: SeriesSettings, *, actor) -> PointsSeries:
    with transaction.atomic():
        season_id = (PointsSeries.objects.filter(pk=series_id)
                     .values_list("season_id", flat=True).first())
        if season_id is None:
            raise ServiceError(gettext("No such points series."))
        season = _locked_season(season_id)
        require_organizer(actor, season.club)
        series = PointsSeries.objects.select_for_update().get(pk=series_id)
        series.version += 1
        return _save(series, season, settings)


def _locked_season(season_id: int) -> Season:
    season = Season.objects.select_for_update().select_related("club").filter(pk=season_id).first()
    if season is None:
        raise ServiceError(gettext("No such season."))
    return season


def _save(series: PointsSeries, season: Season, settings: SeriesSettings) -> PointsSeries:
    name = settings.name.strip()
    if not name:
        raise ServiceError(gettext("Give the series a name."), field="name")
    if settings.rule not in PointsSeries.Rule.values:
        raise ServiceError(gettext("Choose how the series scores."), field="rule")
    chosen = set(settings.competition_ids)
    competitions = list(Competition.objects.filter(season=season, pk__in=chosen))
    if not chosen:
        raise ServiceError(gettext("Choose the competitions the series adds up."), field="competitions")
    if len(competitions) != len(chosen):
        raise ServiceError(gettext("Choose competitions of this season only."), field="competitions")
    table = list(settings.placing_points)
    if settings.rule == PointsSeries.Rule.PLACING:
        if not table:
            raise ServiceError(gettext("Give the points of each place, first place first."),
                               field="placing_points")
        if len(table) > MOST_PLACES or any(not 0 <= p <= MOST_POINTS for p in table):
            raise ServiceError(gettext("Give at most %(places)s places, each of 0 to %(most)s "
                                       "points.") % {"places": MOST_PLACES, "most": MOST_POINTS},
                               field="placing_points")
    for value, name_of in ((settings.win_points, "win_points"),
                           (settings.shutout_points, "shutout_points")):
        if not 0 <= value <= MOST_POINTS:
            raise ServiceError(gettext("Give 0 to %(most)s points.") % {"most": MOST_POINTS},
                               field=name_of)
    if settings.best_of is not None and not 1 <= settings.best_of <= 1000:
        raise ServiceError(gettext("Count at least one result, or leave it empty to count them all."),
                           field="best_of")
    series.name, series.rule, series.placing_points = name, settings.rule, table
    series.win_points, series.shutout_points = settings.win_points, settings.shutout_points
    series.best_of = settings.best_of
    try:
        with transaction.atomic():
            series.save()
    except IntegrityError:
        raise ServiceError(gettext("This season already has a series of that name."),
                           field="name") from None
    series.competitions.set(competitions)
    return series
