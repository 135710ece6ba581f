"""Load: gunicorn with production settings and PostgreSQL on loopback, a club of 500 players and
a season of 20,000 games, and locust's headless users: visitors reading standings, brackets and
player pages, players entering hands (benchmarks/load/locustfile.py).

Printed: requests/s, median and 99th-percentile latency and errors of each kind of request, and
each page's median latency as a ratio to /healthz (a view with no database and no template)
served by the same server in the same run. Targets: no errors; the standings and bracket pages
within 3 times /healthz. Only 127.0.0.1 is used: PostgreSQL at 127.0.0.1:5432 (user postgres,
database ginleague_load, created anew), gunicorn on a free loopback port.
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
DATABASE = "ginleague_load"
WORKERS = 3
USERS, SPAWN_RATE, DURATION = 20, 10, "30s"
TARGET_RATIO = 3.0
PROBES = 15
TIMED_PAGES = ("standings", "bracket")
ORDER = ("healthz", "standings", "bracket", "player", "match", "start game", "scoresheet", "hand")


def run() -> bool:
    missing = [name for name in ("locust", "gunicorn") if importlib.util.find_spec(name) is None]
    if missing:
        print(f"not installed: {', '.join(missing)} (requirements/bench.txt): nothing measured")
        return False
    if not _postgres_answers():
        print("PostgreSQL does not answer on 127.0.0.1:5432: nothing measured")
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
            stats = _locust(env, port, work)
        finally:
            server.terminate()
            server.wait(timeout=30)
    return _report(stats, alone)


def _environment() -> dict[str, str]:
    return {
        **os.environ,
        "DATABASE_URL": f"{PG}/{DATABASE}",
        "DJANGO_DEBUG": "0",
        "DJANGO_SECRET_KEY": "load-test-only-not-a-secret-0123456789-abcdefghijklmnopqrstuvwxyz",
        "DJANGO_SECURE_SSL_REDIRECT": "0",  # loopback: the locustfile says HTTPS as a proxy would
        "DJANGO_ALLOWED_HOSTS": "127.0.0.1,localhost",
        "DJANGO_LOG_LEVEL": "WARNING",
        "LOAD_MANIFEST": "",
    }


def _postgres_answers() -> bool:
    try:
        import psycopg

        with psycopg.connect(f"{PG}/postgres", connect_timeout=5):
            return True
    except psycopg.Error:  # any failure to connect means: not there
        return False


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
    command = [sys.executable, "-m", "gunicorn", "config.wsgi:application",
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
    """Each page's median latency (ms) with no other traffic: PROBES requests in turn."""
    urls = {
        "healthz": "/healthz",
        "standings": f"/competitions/{manifest['standings'][0]}/",
        "bracket": f"/competitions/{manifest['bracket']}/",
        "player": f"/players/{manifest['players'][0]}/",
    }
    medians = {}
    for name, path in urls.items():
        times = []
        for _ in range(PROBES):
            request = urllib.request.Request(f"http://127.0.0.1:{port}{path}",
                                             headers={"X-Forwarded-Proto": "https"})
            started = time.perf_counter()
            with urllib.request.urlopen(request, timeout=30) as answer:
                answer.read()
            times.append((time.perf_counter() - started) * 1000)
        medians[name] = statistics.median(times)
    return medians


def _locust(env: dict[str, str], port: int, work: Path) -> dict[str, dict[str, str]]:
    prefix = work / "locust"
    command = [sys.executable, "-m", "locust", "-f", str(ROOT / "benchmarks/load/locustfile.py"),
               "--headless", "-u", str(USERS), "-r", str(SPAWN_RATE), "-t", DURATION,
               "--host", f"http://127.0.0.1:{port}", "--csv", str(prefix), "--only-summary",
               "--stop-timeout", "5", "--loglevel", "WARNING"]
    done = subprocess.run(command, cwd=ROOT, env=env, timeout=180, capture_output=True, text=True)
    with open(f"{prefix}_stats.csv", newline="") as stats:
        rows = {row["Name"]: row for row in csv.DictReader(stats)}
    failures = Path(f"{prefix}_failures.csv")
    if failures.exists() and failures.read_text().count("\n") > 1:
        print("failures:\n" + failures.read_text())
    if done.returncode not in (0, 1):  # 1: some requests failed, shown in the table
        print(done.stdout[-2000:], done.stderr[-2000:])
    return rows


def _report(stats: dict[str, dict[str, str]], alone: dict[str, float]) -> bool:
    base = float(stats["healthz"]["Median Response Time"])
    print(f"{USERS} users for {DURATION}, gunicorn with {WORKERS} workers, PostgreSQL, loopback")
    print(f"{'request':<12}{'count':>8}{'req/s':>9}{'median ms':>11}{'p99 ms':>9}{'errors':>8}"
          f"{'x healthz':>11}{'alone ms':>10}{'x healthz':>11}")
    ok = True
    for name in [n for n in ORDER if n in stats] + ["Aggregated"]:
        row = stats[name]
        median = float(row["Median Response Time"])
        ratio = median / base if base else float("inf")
        shown = "" if name == "Aggregated" else f"{ratio:.1f}"
        quiet = (f"{alone[name]:>10.1f}{alone[name] / alone['healthz']:>11.1f}"
                 if name in alone else "")
        print(f"{name:<12}{row['Request Count']:>8}{float(row['Requests/s']):>9.1f}"
              f"{median:>11.0f}{float(row['99%']):>9.0f}{row['Failure Count']:>8}{shown:>11}"
              f"{quiet}")
        if name in TIMED_PAGES and ratio > TARGET_RATIO:
            ok = False
    errors = int(stats["Aggregated"]["Failure Count"])
    print("x healthz: the median over /healthz's median in the same run, under load; 'alone': "
          f"{PROBES} requests in turn before the load, no other traffic")
    print(f"targets: no errors ({errors}); standings and bracket within {TARGET_RATIO:.0f}x "
          f"healthz under load: {'met' if ok else 'missed'}")
    return ok and errors == 0
