"""Load: gunicorn with production settings and PostgreSQL on loopback, a club of 500 players and
a season of 20,000 games, and locust's headless users: visitors reading standings, brackets and
player pages, players entering hands (benchmarks/load/locustfile.py).

Three measurements against the same server, each page's median latency given as a ratio to
/healthz (a view with no database and no template) in the same measurement:
- alone: each page requested in turn with no other traffic; standings also on its first visit
  since its competition last changed ("cold": the cached fragments are rendered anew);
- steady: a load the server carries without queueing (users pausing 1-2 s between requests);
- peak: as many users as the server can take (pauses of 0.1-0.6 s), which saturates it: its
  ratios say little, its requests/s is the capacity.
Printed for each load: requests/s, median and 99th-percentile latency and errors per request.
Targets: no errors; standings and bracket within 3 times /healthz alone and under steady load.

The production configuration: settings with DEBUG off, PostgreSQL at 127.0.0.1:5432 (user
postgres, database ginleague_load, created anew) and the cache in Redis at 127.0.0.1:6379
(database 14, emptied first), shared by the gunicorn workers. Tasks run in-process (nothing in
this traffic confirms a result).
"""

from __future__ import annotations

import csv
import importlib.util
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PG = "postgres://postgres@127.0.0.1:5432"
# Other names (LOAD_DATABASE, LOAD_REDIS_URL) let two people measure on one machine.
DATABASE = os.environ.get("LOAD_DATABASE", "ginleague_load")
REDIS = os.environ.get("LOAD_REDIS_URL", "redis://127.0.0.1:6379/14")
WORKERS = 3
# users, duration, first of the matches its players enter hands in (benchmarks/load/locustfile.py:
# one user in four is a player)
LOADS = {"steady": (8, "30s", 0), "peak": (20, "30s", 5)}
SPAWN_RATE = 10
TARGET_RATIO = 3.0
PROBES = 40
COLD_PROBES = 15  # divisions visited once each (the season has 25)
TIMED_PAGES = ("standings", "bracket")
JUDGED = ("alone", "steady")
ORDER = ("healthz", "standings", "bracket", "player", "match", "start game", "scoresheet", "hand")


def run() -> bool:
    missing = [name for name in ("locust", "gunicorn") if importlib.util.find_spec(name) is None]
    if missing:
        print(f"not installed: {', '.join(missing)} (requirements/bench.txt): nothing measured")
        return False
    if not _postgres_answers():
        print("PostgreSQL does not answer on 127.0.0.1:5432: nothing measured")
        return False
    if not _redis_emptied():
        print("Redis does not answer on 127.0.0.1:6379: nothing measured")
        return False
    env = _environment()
    with tempfile.TemporaryDirectory(prefix="ginleague-load-") as folder:
        work = Path(folder)
        _prepare_database(env, work / "manifest.json")
        port = _free_port()
        server = _gunicorn(env, port, work / "gunicorn.log")
        try:
            _wait_until_up(port)
            alone = _one_at_a_time(port, json.loads((work / "manifest.json").read_text()))
            loads = {name: _locust(env, port, work, name) for name in LOADS}
        finally:
            server.terminate()
            server.wait(timeout=30)
    return _report(alone, loads)


def _environment(database: str = DATABASE, redis: str = REDIS) -> dict[str, str]:
    """Production settings on loopback: DEBUG off, PostgreSQL's `database`, the cache in `redis`."""
    return {
        **os.environ,
        "DATABASE_URL": f"{PG}/{database}",
        "DJANGO_DEBUG": "0",
        "DJANGO_SECRET_KEY": "load-test-only-not-a-secret-0123456789-abcdefghijklmnopqrstuvwxyz",
        "DJANGO_SECURE_SSL_REDIRECT": "0",  # loopback: the locustfile says HTTPS as a proxy would
        "DJANGO_ALLOWED_HOSTS": "127.0.0.1,localhost",
        "DJANGO_LOG_LEVEL": "WARNING",
        "REDIS_URL": redis,
        "LOAD_MANIFEST": "",
    }


def _postgres_answers() -> bool:
    try:
        import psycopg

        with psycopg.connect(f"{PG}/postgres", connect_timeout=5):
            return True
    except psycopg.Error:  # any failure to connect means: not there
        return False


def _redis_emptied() -> bool:
    import redis

    try:
        redis.Redis.from_url(REDIS, socket_connect_timeout=5).flushdb()
    except redis.RedisError:  # any failure to connect means: not there
        return False
    return True


def _prepare_database(env: dict[str, str], manifest: Path) -> None:
    import psycopg

    with psycopg.connect(f"{PG}/postgres", autocommit=True) as admin:
        admin.execute(f"DROP DATABASE IF EXISTS {DATABASE} WITH (FORCE)")
        admin.execute(f"CREATE DATABASE {DATABASE}")
    manage = [sys.executable, "manage.py"]
    for step in (["migrate", "--noinput"], ["collectstatic", "--noinput"]):
        subprocess.run([*manage, *step], cwd=ROOT, env=env, check=True, timeout=300,
                       stdout=subprocess.DEVNULL)
    subprocess.run([sys.executable, "-m", "benchmarks.load.build", str(manifest)], cwd=ROOT,
                   env=env, check=True, timeout=600)
    env["LOAD_MANIFEST"] = str(manifest)


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _gunicorn(env: dict[str, str], port: int, log: Path) -> subprocess.Popen:
    command = [sys.executable, "-m", "gunicorn", "-c", "python:league.gunicorn_conf",
               "league.wsgi:application",
               "--workers", str(WORKERS), "--bind", f"127.0.0.1:{port}",
               "--log-level", "warning", "--error-logfile", str(log)]
    return subprocess.Popen(command, cwd=ROOT, env=env)


def _wait_until_up(port: int) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=2) as answer:
                if answer.status == 200:
                    return
        except OSError:
            time.sleep(0.3)
    raise RuntimeError("gunicorn did not answer /healthz within 60 s")


def _one_at_a_time(port: int, manifest: dict) -> dict[str, float]:
    """Each page's median latency (ms) with no other traffic. Cold: the first visit to each of
    COLD_PROBES divisions, none visited before. Then, after a visit to each page by every worker,
    PROBES rounds that request each page in turn, so that the machine's changing speed falls on
    every page alike."""
    divisions = manifest["standings"]
    medians = {"standings cold": statistics.median(
        _timed(port, f"/competitions/{pk}/") for pk in divisions[1:COLD_PROBES + 1])}
    urls = {
        "healthz": "/healthz",
        "standings": f"/competitions/{divisions[0]}/",
        "bracket": f"/competitions/{manifest['bracket']}/",
        "player": f"/players/{manifest['players'][0]}/",
    }
    for path in urls.values():
        for _ in range(2 * WORKERS):
            _timed(port, path)
    times: dict[str, list[float]] = {name: [] for name in urls}
    for _ in range(PROBES):
        for name, path in urls.items():
            times[name].append(_timed(port, path))
    return {**{name: statistics.median(found) for name, found in times.items()}, **medians}


def _timed(port: int, path: str) -> float:
    request = urllib.request.Request(f"http://127.0.0.1:{port}{path}",
                                     headers={"X-Forwarded-Proto": "https"})
    started = time.perf_counter()
    with urllib.request.urlopen(request, timeout=30) as answer:
        answer.read()
    return (time.perf_counter() - started) * 1000


def _locust(env: dict[str, str], port: int, work: Path, load: str) -> dict[str, dict[str, str]]:
    users, duration, first_slot = LOADS[load]
    prefix = work / load
    command = [sys.executable, "-m", "locust", "-f", str(ROOT / "benchmarks/load/locustfile.py"),
               "--headless", "-u", str(users), "-r", str(SPAWN_RATE), "-t", duration,
               "--host", f"http://127.0.0.1:{port}", "--csv", str(prefix), "--only-summary",
               "--stop-timeout", "5", "--loglevel", "WARNING"]
    timings = work / f"{load}_latencies.json"
    done = subprocess.run(command, cwd=ROOT, timeout=180, capture_output=True, text=True,
                          env={**env, "LOAD_PACE": load, "LOAD_TIMINGS": str(timings),
                               "LOAD_FIRST_SLOT": str(first_slot)})
    with open(f"{prefix}_stats.csv", newline="") as stats:
        rows = {row["Name"]: row for row in csv.DictReader(stats)}
    exact = json.loads(timings.read_text()) if timings.exists() else {}
    for name, latencies in exact.items():
        rows[name]["Median Response Time"] = str(statistics.median(latencies))
    rows["Aggregated"]["Median Response Time"] = str(
        statistics.median(t for latencies in exact.values() for t in latencies))
    failures = Path(f"{prefix}_failures.csv")
    if failures.exists() and failures.read_text().count("\n") > 1:
        print(f"failures ({load}):\n" + failures.read_text())
    if done.returncode not in (0, 1):  # 1: some requests failed, shown in the table
        print(done.stdout[-2000:], done.stderr[-2000:])
    return rows


def _report(alone: dict[str, float], loads: dict[str, dict[str, dict[str, str]]]) -> bool:
    print(f"gunicorn with {WORKERS} workers, PostgreSQL and Redis on loopback")
    ratios = {"alone": {name: ms / alone["healthz"] for name, ms in alone.items()}}
    print(f"alone ({PROBES} requests each, the pages in turn): " + ", ".join(
        f"{name} {ms:.1f} ms ({ratios['alone'][name]:.1f}x)" for name, ms in alone.items()))
    errors = 0
    for load, stats in loads.items():
        users, duration, _ = LOADS[load]
        print(f"\n{load}: {users} users for {duration}")
        print(f"{'request':<12}{'count':>8}{'req/s':>9}{'median ms':>11}{'p99 ms':>9}"
              f"{'errors':>8}{'x healthz':>11}")
        base = float(stats["healthz"]["Median Response Time"])
        ratios[load] = {}
        for name in [n for n in ORDER if n in stats] + ["Aggregated"]:
            row = stats[name]
            median = float(row["Median Response Time"])
            ratios[load][name] = median / base if base else float("inf")
            shown = "" if name == "Aggregated" else f"{ratios[load][name]:.1f}"
            print(f"{name:<12}{row['Request Count']:>8}{float(row['Requests/s']):>9.1f}"
                  f"{median:>11.1f}{float(row['99%']):>9.0f}{row['Failure Count']:>8}{shown:>11}")
        errors += int(stats["Aggregated"]["Failure Count"])
    met = all(ratios[m][page] <= TARGET_RATIO for m in JUDGED for page in TIMED_PAGES)
    print(f"\ntargets: no errors ({errors}); standings and bracket within {TARGET_RATIO:.0f}x "
          f"healthz alone and under steady load: {'met' if met else 'missed'}")
    return met and errors == 0
