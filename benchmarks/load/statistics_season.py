"""The statistics benchmark's seasons, built in the database of DATABASE_URL (a step of
benchmarks/bench_statistics.py, run in a process of its own):

    python -m benchmarks.load.statistics_season build small manifest.json
    python -m benchmarks.load.statistics_season series small manifest.json

`build` writes a club with the load test's season ("small": 500 players, 20,000 games) or one
ten times its size ("large"), counts every player's statistics rows as the follow-ups would
have, gathers the planner's statistics (as autovacuum would after a bulk load) and adds the
pages to visit to the manifest. `series` marks ten of the season's divisions finished, makes a
points series of them for each rule and times its standings computed afresh (the best of five).
"""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path

SIZES = {"small": (500, 20_000), "large": (5_000, 200_000)}
VISITED = 9  # players whose pages are visited (each a first visit when the cache is empty)
SERIES_RUNS = 5


def build(label: str) -> dict:
    from benchmarks.load.build import analyze
    from benchmarks.load.season import SeasonSize, build_season
    from league.stats.summaries import refresh_season

    players, games = SIZES[label]
    started = time.perf_counter()
    built = build_season(SeasonSize(players=players, games=games), name=f"Stats {label}")
    analyze()
    built_in = time.perf_counter() - started
    started = time.perf_counter()
    season = built.divisions[0].season
    rows = refresh_season(season)
    analyze()
    counted_in = time.perf_counter() - started
    visited = [entry.player_id for entry in built.divisions[0].entries.order_by("pk")[:VISITED]]
    print(f"{label}: {built.games:,} games built in {built_in:.0f} s; {rows:,} statistics rows "
          f"counted in {counted_in:.0f} s", flush=True)
    return {"slug": built.club.slug, "season": season.pk, "players": visited,
            "games": built.games, "divisions": [c.pk for c in built.divisions[:10]],
            "built_in": round(built_in, 1), "counted_in": round(counted_in, 1)}


def series(site: dict) -> dict[str, float]:
    """Each rule's standings of a series of the ten divisions, computed afresh: the best time."""
    from league.competitions.models import Competition
    from league.stats.models import PointsSeries
    from league.stats.series import series_standings

    ten = list(Competition.objects.filter(pk__in=site["divisions"]))
    Competition.objects.filter(pk__in=site["divisions"]).update(
        status=Competition.Status.FINISHED)
    found = {}
    for rule in PointsSeries.Rule.values:
        made = PointsSeries.objects.create(season_id=site["season"], name=f"Series {rule}",
                                           rule=rule, placing_points=list(range(20, 0, -1)),
                                           best_of=6)
        made.competitions.set(ten)
        times = []
        for _ in range(SERIES_RUNS):
            started = time.perf_counter()
            standings = series_standings(PointsSeries.objects.get(pk=made.pk))
            times.append(time.perf_counter() - started)
        assert standings.rows, f"the series by {rule} has no standings"
        found[rule] = min(times)
    return found


def main(step: str, label: str, path: str) -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "league.settings")
    import django

    django.setup()
    manifest = Path(path)
    kept = json.loads(manifest.read_text()) if manifest.exists() else {}
    if step == "build":
        kept[label] = build(label)
    else:
        kept[label]["series"] = series(kept[label])
    manifest.write_text(json.dumps(kept))


if __name__ == "__main__":
    main(*sys.argv[1:4])
