"""A rating history as SVG geometry, computed on the server (the page needs no script).

x: the week, on a linear time axis (idle weeks keep their width); y: the rating, with the
Glicko-2 95% interval (rating plus and minus twice the RD) as a band behind the line.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date

from django.utils.formats import date_format
from django.utils.translation import get_language, gettext, ngettext

from league.core.words import for_each_language

from .selectors import HistoryPoint

WIDTH, HEIGHT = 640, 240
LEFT, RIGHT, TOP, BOTTOM = 76, 12, 18, 34  # room for the axis labels (larger on a phone)
TICK_STEPS = (25, 50, 100, 200, 250, 500, 1000)
MAX_TICKS = 6


@dataclass(frozen=True, slots=True)
class Dot:
    x: float
    y: float
    label: str  # shown as the dot's tooltip
    provisional: bool


@dataclass(frozen=True, slots=True)
class Tick:
    at: float  # y for a rating tick, x for a week label
    label: str


@dataclass(frozen=True, slots=True)
class HistoryChart:
    width: int
    height: int
    line: str  # the polyline's points: "x,y x,y ..."
    band: str  # the interval polygon's points ("" for Elo)
    dots: tuple[Dot, ...]
    ratings: tuple[Tick, ...]
    weeks: tuple[Tick, ...]
    summary: str  # the chart in words, for screen readers
    plot_left: int = LEFT
    plot_right: int = WIDTH - RIGHT
    plot_bottom: int = HEIGHT - BOTTOM


def history_chart(points: Sequence[HistoryPoint]) -> HistoryChart | None:
    """The chart of a rating history; None without any rated week."""
    if not points:
        return None
    low, high, step = _axis(points)
    first, last = points[0].week, points[-1].week

    def x(week: date) -> float:
        span = (last - first).days
        share = 0.5 if span == 0 else (week - first).days / span
        return round(LEFT + share * (WIDTH - LEFT - RIGHT), 1)

    def y(rating: float) -> float:
        return round(TOP + (high - rating) / (high - low) * (HEIGHT - TOP - BOTTOM), 1)

    xs, ys = [x(p.week) for p in points], [y(p.rating) for p in points]
    line = " ".join(f"{at},{rating}" for at, rating in zip(xs, ys, strict=True))
    language = get_language()
    return HistoryChart(
        WIDTH, HEIGHT, line, _band(points, xs, y),
        tuple(Dot(at, rating, _label(p, language), p.provisional)
              for p, at, rating in zip(points, xs, ys, strict=True)),
        tuple(Tick(y(r), str(r)) for r in range(low, high + 1, step)),
        tuple(Tick(x(w), _week.in_language(language, w)) for w in dict.fromkeys((first, last))),
        _summary(points),
    )


def _axis(points: Sequence[HistoryPoint]) -> tuple[int, int, int]:
    """The y axis (low, high, step): every rating and interval shown, widened to whole steps."""
    margins = [2.0 * p.rd if p.rd is not None else 0.0 for p in points]
    low = min(p.rating - m for p, m in zip(points, margins, strict=True))
    high = max(p.rating + m for p, m in zip(points, margins, strict=True))
    step = _step(low, high)
    low_tick, high_tick = math.floor(low / step) * step, math.ceil(high / step) * step
    if low_tick == high_tick:
        return low_tick - step, high_tick + step, step
    return low_tick, high_tick, step


def _step(low: float, high: float) -> int:
    for step in TICK_STEPS:
        if (high - low) / step <= MAX_TICKS - 1:
            return step
    return math.ceil((high - low) / (MAX_TICKS - 1) / 1000) * 1000


def _band(points: Sequence[HistoryPoint], xs: list[float], y) -> str:
    """The interval's polygon: along its top edge, then back along its bottom (`xs`: each
    point's x)."""
    if any(p.rd is None for p in points):
        return ""
    upper = [f"{at},{y(p.rating + 2.0 * p.rd)}" for p, at in zip(points, xs, strict=True)]
    lower = [f"{at},{y(p.rating - 2.0 * p.rd)}"
             for p, at in zip(reversed(points), reversed(xs), strict=True)]
    return " ".join(upper + lower)


def _label(point: HistoryPoint, language: str | None) -> str:
    """A dot's tooltip: its week, rating, interval and games, in `language` (the active one)."""
    values = {"week": _week.in_language(language, point.week), "rating": f"{point.rating:.0f}",
              "games": point.games}
    if point.rd is not None:
        values["spread"] = f"{2.0 * point.rd:.0f}"
    return _reading.in_language(
        language, point.rd is not None, point.games, point.provisional) % values


# Remembered: a chart has a dot a week, and the catalog's plural rule is run for each.
@for_each_language(maxsize=4096)
def _reading(spread: bool, games: int, provisional: bool) -> str:
    """A dot's tooltip to be filled (week, rating, games and, with `spread`, the interval's
    half-width), in the plural that `games` takes in the reader's language."""
    if spread:
        reading = ngettext("Week of %(week)s: %(rating)s ± %(spread)s after %(games)s game",
                           "Week of %(week)s: %(rating)s ± %(spread)s after %(games)s games",
                           games)
    else:
        reading = ngettext("Week of %(week)s: %(rating)s after %(games)s game",
                           "Week of %(week)s: %(rating)s after %(games)s games", games)
    return reading + (", " + gettext("provisional").replace("%", "%%") if provisional else "")


def _summary(points: Sequence[HistoryPoint]) -> str:
    first, last = points[0], points[-1]
    return ngettext(
        "Rating over %(weeks)s rated week: %(first)s in the week of %(first_week)s, %(last)s in "
        "the week of %(last_week)s.",
        "Rating over %(weeks)s rated weeks: %(first)s in the week of %(first_week)s, %(last)s "
        "in the week of %(last_week)s.", len(points)) % {
        "weeks": len(points), "first": f"{first.rating:.0f}",
        "first_week": _week(first.week), "last": f"{last.rating:.0f}",
        "last_week": _week(last.week)}


# Remembered: a chart names each of its weeks up to three times, and the players of a club share
# their weeks.
@for_each_language(maxsize=4096)
def _week(week: date) -> str:
    """A week as the chart names it ("07 Dec 2026"), in the reader's language."""
    return date_format(week, "d M Y")
