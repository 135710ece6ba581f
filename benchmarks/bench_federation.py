"""Federation: does a site of a hundred clubs serve each page as fast as a site of one?

The one club is the load test's season (500 players, 20,000 games, 25 league divisions and a
knockout; benchmarks/load/season.py) with thirteen weeks of ratings, kept apart in a copy of its
database (FEDERATION_DATABASE with "_one" added) before the federation is built. The
federation is that club copied in SQL into FEDERATION_CLUBS clubs (default 100: 2,000,000
games, 8,000,000 hands; benchmarks/load/federation.py), in the same database, then VACUUM (ANALYZE).
Each size is served by its own gunicorn with production settings (DEBUG off, PostgreSQL and the
cache in Redis on loopback), both at once, each started with an empty cache, and every page is
requested alone, one request at a time, at one size and then at the other, so that a change of
the machine's speed (it may be shared) falls on both sizes alike:

- cold: COLD_PROBES first visits, to the objects of the page's kind in turn (divisions,
  players, matches, games), the cache emptied before the first and again before an object is
  visited a second time (a page of one object, as the club's, is timed COLD_PROBES times, each
  after the cache was emptied): no cached fragment or version helps, not even one another page
  rendered. The processes are warm (every page type
  served by every worker first, then the cache emptied), as a site's are between deploys:
  the time of a process's first request of a kind (loading templates and catalogs) is not
  the page's;
- warm: after every worker has served it, PROBES rounds that request /healthz and each page in
  turn at one club, then the same at the federation;
- after (at the federation): right after another club's ratings were rebuilt, as a result
  confirmed there makes them, each page's first visits by every worker: a write in one club
  should leave the other clubs' pages warm.

At the federation the pages are those of the last copy, whose ids are the highest, as a new
club's would be. Signed in: a session as the sign-in page leaves it (named with the backend the
settings list). Printed for each page: the median at one club and at the federation, the ratio
federation / one club, and each as a multiple of /healthz (a view with no database and no
template) measured in the same rounds: just before each cold visit for the cold times, so that
a change of the machine's speed between the cold and the warm rounds does not move the ratio.
Targets, at the federation: every page warm within 1.5x its time at one club, warm within 3x
/healthz and cold within 10x /healthz.

PostgreSQL at 127.0.0.1:5432 (databases federation_load and federation_load_one, created
anew and dropped at the end unless FEDERATION_KEEP=1), Redis at 127.0.0.1:6379 databases 13
(the federation) and 12 (one club), emptied before measuring. About 5 GB of disk at full size.

To measure again after a change without building anew: FEDERATION_KEEP=1 and
FEDERATION_MANIFEST=path keep the databases and the manifest; FEDERATION_REUSE=1 with the same
FEDERATION_MANIFEST then serves the kept sizes (the federation alone, without N/1, when its
one-club copy is not there), and FEDERATION_PAGES="match,scoresheet" times only the pages
named.
"""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from benchmarks.bench_load import _environment as load_environment
from benchmarks.bench_load import _free_port, _postgres_answers, _wait_until_up

ROOT = Path(__file__).resolve().parent.parent
PG = "postgres://postgres@127.0.0.1:5432"
# Other names (FEDERATION_DATABASE, FEDERATION_REDIS_URL) let two people measure on one machine.
DATABASE = os.environ.get("FEDERATION_DATABASE", "federation_load")
REDIS = os.environ.get("FEDERATION_REDIS_URL", "redis://127.0.0.1:6379/13")
ONE_CLUB = f"{DATABASE}_one"  # the one club, copied before the federation is built
ONE_CLUB_REDIS = os.environ.get("FEDERATION_ONE_CLUB_REDIS_URL", "redis://127.0.0.1:6379/12")
WORKERS = 3
CLUBS = int(os.environ.get("FEDERATION_CLUBS", "100"))
DISK_NEEDED = 6 * 2**30
PROBES = 30
COLD_PROBES = 9
WITHIN_ONE_CLUB, WITHIN_COLD, WITHIN_WARM = 1.5, 10.0, 3.0


def can_serve() -> bool:
    """gunicorn installed and PostgreSQL answering; if not, a line saying which is missing."""
    if importlib.util.find_spec("gunicorn") is None:
        print("not installed: gunicorn (requirements/bench.txt): nothing measured")
        return False
    if not _postgres_answers():
        print("PostgreSQL does not answer on 127.0.0.1:5432: nothing measured")
        return False
    return True


def run() -> bool:
    if not can_serve():
        return False
    free = shutil.disk_usage(ROOT).free
    if free < DISK_NEEDED:
        print(f"{free / 2**30:.1f} GB free, {DISK_NEEDED / 2**30:.0f} GB needed: nothing measured")
        return False
    env = _environment()
    if os.environ.get("FEDERATION_REUSE") == "1":
        return _measure_kept(env)
    with tempfile.TemporaryDirectory(prefix="ginleague-federation-") as folder:
        work = Path(folder)
        manifest = Path(os.environ.get("FEDERATION_MANIFEST") or work / "manifest.json")
        try:
            create_database(env)
            _step(env, ["-m", "benchmarks.load.federation", "small", str(manifest)])
            copy_database(DATABASE, ONE_CLUB)
            _step(env, ["-m", "benchmarks.load.federation", str(CLUBS), str(manifest)],
                  timeout=4 * 3600)
            built = json.loads(manifest.read_text())
            small, large = _serve_both_and_measure(env, work, built)
        finally:
            if os.environ.get("FEDERATION_KEEP") != "1":
                drop_database()
                drop_database(ONE_CLUB)
    return _report(built["small"], built["large"], small, large)


def _measure_kept(env: dict[str, str]) -> bool:
    """The kept sizes (FEDERATION_MANIFEST) measured side by side; the federation alone, each
    page against /healthz, when its one-club copy is not there."""
    kept = os.environ.get("FEDERATION_MANIFEST")
    if not kept or not Path(kept).exists():
        print("FEDERATION_REUSE=1 needs FEDERATION_MANIFEST naming a kept federation's manifest")
        return False
    built = json.loads(Path(kept).read_text())
    with tempfile.TemporaryDirectory(prefix="ginleague-federation-") as folder:
        if _database_exists(ONE_CLUB):
            small, large = _serve_both_and_measure(env, Path(folder), built)
            return _report(built["small"], built["large"], small, large)
        large = _serve_and_measure(env, Path(folder), built["large"])
    large_site = built["large"]
    hz, cold_hz = large["warm"]["healthz"], large["cold healthz"]
    print(f"federation: {large_site['clubs']} clubs; /healthz {cold_hz:.2f} ms beside the cold "
          f"visits, {hz:.2f} ms in the warm rounds; load average {os.getloadavg()[0]:.2f}")
    print(f"{'page':<22}{'cold':>8}{'xhz':>6}{'warm':>8}{'xhz':>6}{'after':>8}  (after: another "
          f"club's ratings rebuilt, ms)")
    met = True
    for name, cold in large["cold"].items():
        warm, after = large["warm"][name], large["elsewhere"][name]
        ok = cold / cold_hz <= WITHIN_COLD and warm / hz <= WITHIN_WARM
        met &= ok
        print(f"{name:<22}{cold:>8.1f}{cold / cold_hz:>6.1f}{warm:>8.1f}{warm / hz:>6.1f}"
              f"{after:>8.1f}  {'' if ok else 'MISSED'}")
    return met


def _environment() -> dict[str, str]:
    return {
        **load_environment(DATABASE, REDIS),
        "API_RATE_PER_ADDRESS": "1000000/min",  # one address asks for every API page in turn
    }


def create_database(env: dict[str, str], name: str = DATABASE) -> None:
    """PostgreSQL's database `name` created anew, migrated, the static files collected."""
    drop_database(name)
    _on_server(f"CREATE DATABASE {name}")
    for step in (["migrate", "--noinput"], ["collectstatic", "--noinput"]):
        subprocess.run([sys.executable, "manage.py", *step], cwd=ROOT, env=env, check=True,
                       timeout=300, stdout=subprocess.DEVNULL)


def copy_database(source: str, copy: str) -> None:
    """PostgreSQL's database `copy` made anew from `source` (nobody connected to it), its
    planner's statistics with it."""
    drop_database(copy)
    _on_server(f"CREATE DATABASE {copy} TEMPLATE {source}")


def _database_exists(name: str) -> bool:
    return _on_server("SELECT 1 FROM pg_database WHERE datname = %s", [name]) is not None


def drop_database(name: str = DATABASE) -> None:
    _on_server(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


def _on_server(sql: str, params: list | None = None) -> tuple | None:
    """One statement run on the PostgreSQL server (its `postgres` database, outside any
    transaction, as CREATE and DROP DATABASE need); its first row, if it gives one."""
    import psycopg

    with psycopg.connect(f"{PG}/postgres", autocommit=True) as admin:
        cursor = admin.execute(sql, params)
        return cursor.fetchone() if cursor.description else None


def _step(env: dict[str, str], arguments: list[str], timeout: int = 900) -> None:
    subprocess.run([sys.executable, *arguments], cwd=ROOT, env=env, check=True, timeout=timeout)


def _serve_and_measure(env: dict[str, str], work: Path, site: dict) -> dict:
    _empty_cache()
    with serving(env, work) as port:
        found = measure(port, site)
        if site["clubs"] > 1:
            found["elsewhere"] = _after_a_write_elsewhere(env, port, site)
        return found


def _serve_both_and_measure(env: dict[str, str], work: Path, built: dict) -> tuple[dict, dict]:
    """The one club (its copy) and the federation served at once, each page timed at one size
    and then at the other in every round; then the federation's pages after another club's
    rebuild."""
    one_env = {**env, "DATABASE_URL": f"{PG}/{ONE_CLUB}", "REDIS_URL": ONE_CLUB_REDIS}
    _empty_cache(ONE_CLUB_REDIS)
    _empty_cache(REDIS)
    with serving(one_env, work, "one-club") as one_port, serving(env, work) as port:
        small, large = measure_sizes([(one_port, _chosen_pages(built["small"]), ONE_CLUB_REDIS),
                                      (port, _chosen_pages(built["large"]), REDIS)])
        large["elsewhere"] = _after_a_write_elsewhere(env, port, built["large"])
    return small, large


def _after_a_write_elsewhere(env: dict[str, str], port: int, site: dict) -> dict[str, float]:
    """Each page's median over 2 x WORKERS visits (every process's first ones) right after
    another club's ratings were rebuilt, as after a result confirmed there: a club's pages are
    cached under its own version, so they should stay as fast as warm."""
    _step(env, ["-m", "benchmarks.load.federation", "elsewhere", site["slug"]])
    return {name: statistics.median(_timed(port, urls[0], session) for _ in range(2 * WORKERS))
            for name, (urls, session) in _chosen_pages(site).items()}


@contextmanager
def serving(env: dict[str, str], work: Path, name: str = "gunicorn") -> Iterator[int]:
    """gunicorn with WORKERS workers and the settings of `env` on a free port, up, until the
    block ends; its errors logged in `work` (`name`.log)."""
    port = _free_port()
    command = [sys.executable, "-m", "gunicorn", "-c", "python:league.gunicorn_conf",
               "league.wsgi:application",
               "--workers", str(WORKERS), "--bind", f"127.0.0.1:{port}",
               "--log-level", "warning", "--error-logfile", str(work / f"{name}.log")]
    server = subprocess.Popen(command, cwd=ROOT, env=env)
    try:
        _wait_until_up(port)
        yield port
    finally:
        server.terminate()
        server.wait(timeout=30)


def pages(site: dict) -> dict[str, tuple[list[str], str | None]]:
    """Each page's URLs, the first the one timed warm, and the session it is read with."""
    slug, signed_in = site["slug"], site["sessions"][0]
    own = site["own_players"][0]

    def each(template: str, key: str) -> list[str]:
        return [template.format(pk) for pk in site[key]]

    return {
        "home": (["/"], None),
        "club": ([f"/clubs/{slug}/"], None),
        "standings": (each("/competitions/{}/", "standings"), None),
        "bracket": ([f"/competitions/{site['bracket']}/"], None),
        "player": (each("/players/{}/", "players"), None),
        "player statistics": (each("/players/{}/statistics/", "players"), None),
        "club records": ([f"/clubs/{slug}/records/"], None),
        "match": (each("/matches/{}/", "matches"), None),
        "scoresheet": (each("/games/{}/", "games"), None),
        "club calendar": ([f"/clubs/{slug}/fixtures.ics"], None),
        "fixtures calendar": (each("/competitions/{}/fixtures.ics", "standings"), None),
        "api clubs": (["/api/v1/clubs/"], None),
        "api players": ([f"/api/v1/clubs/{slug}/players/"], None),
        "api competitions": ([f"/api/v1/clubs/{slug}/competitions/"], None),
        "api matches": (each("/api/v1/competitions/{}/matches/", "standings"), None),
        "api ratings": (each("/api/v1/players/{}/ratings/", "players"), None),
        "api standings": (each("/api/v1/competitions/{}/standings/", "standings"), None),
        "embed standings": (each("/embed/competitions/{}/standings/", "standings"), None),
        "embed pairings": (each("/embed/competitions/{}/pairings/", "standings"), None),
        "embed bracket": ([f"/embed/competitions/{site['bracket']}/bracket/"], None),
        "home, signed in": (["/"], signed_in),
        "my matches": ([f"/players/{own}/"], signed_in),
        "scoresheet, signed in": (each("/games/{}/", "own_games"), signed_in),
    }


def measure(port: int, site: dict) -> dict[str, dict[str, float]]:
    """Each page's cold and warm median (ms), and /healthz's in the same rounds."""
    return measure_pages(port, _chosen_pages(site))


def _chosen_pages(site: dict) -> dict[str, tuple[list[str], str | None]]:
    """The site's pages, only those FEDERATION_PAGES names when it is set."""
    every = pages(site)
    if chosen := os.environ.get("FEDERATION_PAGES"):
        wanted = _page_names(chosen, every)
        every = {name: page for name, page in every.items() if name in wanted}
    return every


def measure_pages(port: int, every: dict[str, tuple[list[str], str | None]],
                  redis_url: str = REDIS) -> dict[str, dict[str, float]]:
    """Each page's cold median (COLD_PROBES first visits, the cache in `redis_url` emptied
    before them: _cold_visits) and warm median (its first address, PROBES rounds), and
    /healthz's in the same rounds, in ms; every process has served every page once before."""
    return measure_sizes([(port, every, redis_url)])[0]


def measure_sizes(sites: list[tuple[int, dict[str, tuple[list[str], str | None]], str]]
                  ) -> list[dict[str, dict[str, float]]]:
    """`measure_pages` for several servers (port, pages, cache) at once, with the same page
    names: each page timed at each server in turn, so that the machine's changing speed falls on
    every server alike."""
    for port, every, _cache in sites:
        for urls, session in every.values():
            for _ in range(2 * WORKERS):
                _timed(port, urls[-1], session)
    found = [{"cold": {}, "warm": {name: [] for name in ("healthz", *every)}}
             for _port, every, _cache in sites]
    cold_healthz: list[list[float]] = [[] for _ in sites]
    for name in sites[0][1]:
        for (port, every, cache), times, healthz in zip(sites, found, cold_healthz, strict=True):
            visits, beside = _cold_visits(port, *every[name], cache)
            times["cold"][name] = statistics.median(visits)
            healthz.extend(beside)
    for port, every, _cache in sites:
        for urls, session in every.values():
            for _ in range(2 * WORKERS):
                _timed(port, urls[0], session)
    for _ in range(PROBES):
        for (port, every, _cache), times in zip(sites, found, strict=True):
            times["warm"]["healthz"].append(_timed(port, "/healthz", None))
            for name, (urls, session) in every.items():
                times["warm"][name].append(_timed(port, urls[0], session))
    return [{**times, "cold healthz": statistics.median(healthz),
             "warm": {name: statistics.median(t) for name, t in times["warm"].items()}}
            for times, healthz in zip(found, cold_healthz, strict=True)]


def _cold_visits(port: int, urls: list[str], session: str | None, cache: str
                 ) -> tuple[list[float], list[float]]:
    """COLD_PROBES first visits: each of the page's addresses in turn, the cache emptied before
    the first and again before an address is visited a second time (a page of one address is
    visited COLD_PROBES times, each after the cache was emptied), so that no visit finds what
    another cached, not even one of another page. Returned with /healthz's time just before
    each visit: a cold page is compared with the /healthz of the same moments, so that the
    ratio does not move with the machine's speed between the cold and the warm rounds."""
    times, healthz = [], []
    for probe in range(COLD_PROBES):
        if probe % len(urls) == 0:
            _empty_cache(cache)
        # What a worker does after sending the page before (the fragments it rendered written
        # to Redis) slows the /healthz asked next, which would flatter the page's ratio to it:
        # that one is not timed, the one after it is.
        _timed(port, "/healthz", None)
        healthz.append(_timed(port, "/healthz", None))
        times.append(_timed(port, urls[probe % len(urls)], session))
    return times, healthz


def _empty_cache(url: str = REDIS) -> None:
    """Every version and fragment forgotten: each process's own copies are kept under the
    versions, so none is read again."""
    import redis

    redis.Redis.from_url(url, socket_connect_timeout=5).flushdb()


def _page_names(chosen: str, known) -> set[str]:
    """The page names of FEDERATION_PAGES, split at commas, a piece joined to the one before it
    when together they name a page ("match,scoresheet, signed in": two pages)."""
    names: list[str] = []
    for piece in chosen.split(","):
        if names and f"{names[-1]},{piece}".strip() in known:
            names[-1] = f"{names[-1]},{piece}"
        else:
            names.append(piece)
    return {name.strip() for name in names}


def _timed(port: int, path: str, session: str | None) -> float:
    headers = {"X-Forwarded-Proto": "https"}
    if session:
        headers["Cookie"] = f"sessionid={session}"
    request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", headers=headers)
    started = time.perf_counter()
    try:
        with urllib.request.urlopen(request, timeout=60) as answer:
            body = answer.read()
    except urllib.error.HTTPError as refused:
        raise RuntimeError(f"{path}: HTTP {refused.code}") from refused
    elapsed = (time.perf_counter() - started) * 1000
    if session and b"/accounts/logout/" not in body and path.endswith("/"):
        raise RuntimeError(f"{path}: not read signed in (no sign-out on the page)")
    return elapsed


def _report(small_site: dict, large_site: dict, small: dict, large: dict) -> bool:
    print(f"\ngunicorn with {WORKERS} workers, PostgreSQL and Redis on loopback; load average "
          f"{os.getloadavg()[0]:.2f}")
    print(f"one club: {small_site['games_total']:,} games; federation: {large_site['clubs']} clubs, "
          f"{large_site['games_total']:,} games (copied in {large_site['built_in']:.0f} s)")
    if large_site["clubs"] < CLUBS:
        print(f"  (the build stopped at {large_site['clubs']} of {CLUBS} clubs)")
    print(f"/healthz beside the cold visits: {small['cold healthz']:.2f} ms at one club, "
          f"{large['cold healthz']:.2f} ms at the federation; in the warm rounds: "
          f"{small['warm']['healthz']:.2f} and {large['warm']['healthz']:.2f} ms")
    print(f"{'page':<22}{'cold 1':>8}{'cold N':>8}{'N/1':>6}{'xhz':>6}"
          f"{'warm 1':>9}{'warm N':>8}{'N/1':>6}{'xhz':>6}{'after':>7}  (ms; xhz: federation / "
          f"/healthz; after: warm N, another club's ratings just rebuilt)")
    met = True
    for name in small["cold"]:
        c1, cn, w1, wn = (small["cold"][name], large["cold"][name], small["warm"][name],
                          large["warm"][name])
        cold_x, warm_x = cn / large["cold healthz"], wn / large["warm"]["healthz"]
        ok = wn <= WITHIN_ONE_CLUB * w1 and cold_x <= WITHIN_COLD and warm_x <= WITHIN_WARM
        met &= ok
        print(f"{name:<22}{c1:>8.1f}{cn:>8.1f}{cn / c1:>6.2f}{cold_x:>6.1f}"
              f"{w1:>9.1f}{wn:>8.1f}{wn / w1:>6.2f}{warm_x:>6.1f}"
              f"{large['elsewhere'][name]:>7.1f}  {'' if ok else 'MISSED'}")
    print(f"\ntargets at the federation: warm within {WITHIN_ONE_CLUB}x one club, cold within "
          f"{WITHIN_COLD:.0f}x and warm within {WITHIN_WARM:.0f}x /healthz: "
          f"{'met' if met else 'missed'}")
    return met
