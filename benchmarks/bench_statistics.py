"""Statistics on the load test's season: the player page with its statistics, the club records
page and a points series of 10 competitions, against /healthz, at two sizes.

The season is benchmarks/load/season.py's (500 players, 20,000 games with their hands; "large":
5,000 players and ten times the games; STATS_SIZES=small runs the first only), built in a fresh test database (SQLite in memory by
default; DATABASE_URL picks another, with a test database of its own name; PostgreSQL's planner
statistics gathered after the bulk load, as the load test does). Pages are requested
in-process with Django's test client, each the median of PROBES requests: "cold" with the
statistics version and the player pages' version forgotten before each request (the page counted and rendered anew), "warm"
read from the fragment cache. Each page's time is given as a ratio to /healthz measured the same
way. The series: 10 of the season's divisions marked finished, its standings recomputed by
placing and per match won (the best of five runs each).

Targets (docs/statistics.md): the pages within 3x /healthz (warm) on the small season; the
series under a second; on the large season the pages no slower than 1.5x the small one's.
"""

from __future__ import annotations

import os
import statistics
import time

from benchmarks.scratch_db import in_scratch_database

PROBES = 15
# Another name (STATS_TEST_DATABASE) lets two people measure on one server at once.
TEST_DATABASE = os.environ.get("STATS_TEST_DATABASE", "test_ginleague_bench_statistics")
TARGET_RATIO, TARGET_GROWTH, TARGET_SERIES = 3.0, 1.5, 1.0
# (players, games): the load test's season, and ten times it.
SIZES = {"small": (500, 20_000), "large": (5_000, 200_000)}


def run() -> bool:
    return in_scratch_database(TEST_DATABASE, _measure)


def _measure() -> bool:
    from benchmarks.load.build import analyze
    from benchmarks.load.season import SeasonSize, build_season
    from league.stats.summaries import refresh_season

    results = {}
    chosen = os.environ.get("STATS_SIZES", ",".join(SIZES)).split(",")
    for label in chosen:
        players, games = SIZES[label]
        started = time.perf_counter()
        size = SeasonSize(players=players, games=games)
        built = build_season(size, name=f"Stats {label}")
        analyze()
        print(f"{label}: {built.games:,} games built in {time.perf_counter() - started:.0f} s",
              flush=True)
        started = time.perf_counter()
        refresh_season(built.divisions[0].season)  # as the follow-ups would have, result by result
        analyze()
        print(f"{label}: the players' summary rows counted in "
              f"{time.perf_counter() - started:.0f} s", flush=True)
        results[label] = _pages(built)
        results[label]["series"] = _series(built)
    return _report(results)


def _median(client, url: str, *, cold: bool) -> float:
    from league.competitions.base.page_versions import player_pages_changed
    from league.stats.versions import statistics_changed

    times = []
    for _ in range(PROBES):
        if cold:
            statistics_changed()
            player_pages_changed()
        started = time.perf_counter()
        response = client.get(url)
        times.append(time.perf_counter() - started)
        assert response.status_code == 200, (url, response.status_code)
    return statistics.median(times)


def _pages(built) -> dict:
    from django.test import Client
    from django.urls import reverse

    client = Client()
    player = built.divisions[0].entries.first().player
    pages = {"healthz": "/healthz",
             "player statistics": reverse("player-stats", args=[player.pk]),
             "player page": reverse("player", args=[player.pk]),
             "records": reverse("club-records", args=[built.club.slug])}
    found = {"healthz": _median(client, pages["healthz"], cold=False)}
    for name, url in list(pages.items())[1:]:
        found[f"{name} cold"] = _median(client, url, cold=True)
        found[f"{name} warm"] = _median(client, url, cold=False)
    return found


def _series(built) -> dict:
    from league.competitions.models import Competition
    from league.stats.models import PointsSeries
    from league.stats.series import series_standings

    ten = built.divisions[:10]
    Competition.objects.filter(pk__in=[c.pk for c in ten]).update(
        status=Competition.Status.FINISHED)
    found = {}
    for rule in PointsSeries.Rule.values:
        series = PointsSeries.objects.create(season=ten[0].season, name=f"Series {rule}",
                                             rule=rule, placing_points=list(range(20, 0, -1)),
                                             best_of=6)
        series.competitions.set(ten)
        times = []
        for _ in range(5):
            started = time.perf_counter()
            series_standings(PointsSeries.objects.get(pk=series.pk))
            times.append(time.perf_counter() - started)
        found[rule] = min(times)
    return found


def _report(results: dict) -> bool:
    ok = True
    for label, found in results.items():
        base = found["healthz"]
        print(f"\n{label}: /healthz {base * 1000:.1f} ms")
        for name, seconds in found.items():
            if name in ("healthz", "series"):
                continue
            print(f"  {name:24} {seconds * 1000:8.1f} ms  {seconds / base:6.1f}x /healthz")
        for rule, seconds in found["series"].items():
            print(f"  series of 10 ({rule:8}) {seconds * 1000:8.1f} ms")
            ok &= seconds < TARGET_SERIES
        for name in ("player statistics warm", "records warm"):
            if label == "small" and found[name] / base > TARGET_RATIO:
                print(f"  below target: {name} over {TARGET_RATIO}x /healthz")
                ok = False
    small, large = results.get("small"), results.get("large")
    if small and large:
        for name in small:
            if name in ("healthz", "series"):
                continue
            growth = large[name] / small[name]
            print(f"  {name}: large / small {growth:.2f}")
            if name.endswith("cold") or name.endswith("warm"):
                ok &= growth <= TARGET_GROWTH or not name.startswith(("player statistics", "records"))
    return ok
