"""Statistics on the load test's season, served as the load test serves it: a player's page
with his statistics and the club's records page against /healthz, at two sizes, and a points
series of 10 competitions.

The seasons are benchmarks/load/season.py's: "small" is the load test's (500 players, 20,000
games with their hands), "large" ten times it (5,000 players, 200,000 games; STATS_SIZES=small
builds the first only). Each is built in PostgreSQL (database stats_load at 127.0.0.1:5432,
created anew and dropped at the end) with every player's statistics rows counted and the
planner's statistics gathered (benchmarks/load/statistics_season.py), then served by gunicorn
with production settings (DEBUG off, the cache in Redis at 127.0.0.1:6379 database 11, emptied
first) and each page requested alone, one request at a time (benchmarks/bench_federation.py's
rounds): "cold" is the first visit of each of nine players' pages (nine ways of reading the
records) with the cache emptied, on warm processes; "warm" is read from the fragment cache,
the median of rounds that request each page in turn with /healthz among them. The series: ten
of the season's divisions marked finished, its standings computed afresh by placing and per
match won (the best of five runs each).

Targets (docs/statistics.md): on the small season the player pages and the records within 3x
/healthz warm; the series under a second at both sizes; on the large season every page no
slower than 1.5x the small one's, cold and warm.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path

from benchmarks.bench_federation import (
    WORKERS,
    _empty_cache,
    _step,
    can_serve,
    create_database,
    drop_database,
    measure_pages,
    serving,
)
from benchmarks.bench_load import _environment

# Other names (STATS_DATABASE, STATS_REDIS_URL) let two people measure on one machine.
DATABASE = os.environ.get("STATS_DATABASE", "stats_load")
REDIS = os.environ.get("STATS_REDIS_URL", "redis://127.0.0.1:6379/11")
TARGET_RATIO, TARGET_GROWTH, TARGET_SERIES = 3.0, 1.5, 1.0
JUDGED = ("player page", "player statistics", "player statistics, season", "club records")


def run() -> bool:
    if not can_serve():
        return False
    env = _environment(DATABASE, REDIS)
    chosen = os.environ.get("STATS_SIZES", "small,large").split(",")
    found = {}
    with tempfile.TemporaryDirectory(prefix="ginleague-statistics-") as folder:
        work = Path(folder)
        manifest = work / "manifest.json"
        try:
            create_database(env, DATABASE)
            for label in chosen:
                _season_step(env, "build", label, manifest)
                site = json.loads(manifest.read_text())[label]
                found[label] = _serve_and_measure(env, work, site)
                _season_step(env, "series", label, manifest)
                found[label]["series"] = json.loads(manifest.read_text())[label]["series"]
        finally:
            drop_database(DATABASE)
    return _report(found)


def pages(site: dict) -> dict[str, tuple[list[str], None]]:
    """Each page's addresses, read signed out: the first is the one timed warm, each a first
    visit cold."""
    slug, season = site["slug"], site["season"]
    return {
        "player page": ([f"/players/{pk}/" for pk in site["players"]], None),
        "player statistics": ([f"/players/{pk}/statistics/" for pk in site["players"]], None),
        "player statistics, season": ([f"/players/{pk}/statistics/?season={season}"
                                       for pk in site["players"]], None),
        # Each least number of hands is a records page of its own, rendered anew.
        "club records": ([f"/clubs/{slug}/records/?min_hands={n}" for n in range(30, 39)], None),
    }


def _serve_and_measure(env: dict[str, str], work: Path, site: dict) -> dict:
    _empty_cache(REDIS)
    with serving(env, work) as port:
        return measure_pages(port, pages(site), REDIS)


def _report(found: dict) -> bool:
    met = True
    print(f"\ngunicorn with {WORKERS} workers, PostgreSQL and Redis on loopback; load average "
          f"{os.getloadavg()[0]:.2f}")
    for label, sized in found.items():
        hz, cold_hz = sized["warm"]["healthz"], sized["cold healthz"]
        print(f"\n{label}: /healthz {cold_hz:.2f} ms beside the cold visits, {hz:.2f} ms warm")
        print(f"  {'page':<27}{'cold':>8}{'xhz':>6}{'warm':>8}{'xhz':>6}  (ms)")
        for name in JUDGED:
            cold, warm = sized["cold"][name], sized["warm"][name]
            ok = label != "small" or warm / hz <= TARGET_RATIO
            met &= ok
            print(f"  {name:<27}{cold:>8.1f}{cold / cold_hz:>6.1f}{warm:>8.1f}{warm / hz:>6.1f}  "
                  f"{'' if ok else 'MISSED'}")
        for rule, seconds in sized["series"].items():
            ok = seconds < TARGET_SERIES
            met &= ok
            print(f"  series of 10 ({rule}): {seconds * 1000:.0f} ms  {'' if ok else 'MISSED'}")
    small, large = found.get("small"), found.get("large")
    if small and large:
        print("\nlarge / small")
        for name in JUDGED:
            cold = large["cold"][name] / small["cold"][name]
            warm = large["warm"][name] / small["warm"][name]
            ok = cold <= TARGET_GROWTH and warm <= TARGET_GROWTH
            met &= ok
            print(f"  {name:<27} cold {cold:.2f}  warm {warm:.2f}  {'' if ok else 'MISSED'}")
    print(f"\ntargets: warm within {TARGET_RATIO:.0f}x /healthz on the small season, the series "
          f"under {TARGET_SERIES:.0f} s, the large season within {TARGET_GROWTH}x the small: "
          f"{'met' if met else 'missed'}")
    return met


def _season_step(env: dict[str, str], step: str, label: str, manifest: Path) -> None:
    _step(env, ["-m", "benchmarks.load.statistics_season", step, label, str(manifest)],
          timeout=3 * 3600)
