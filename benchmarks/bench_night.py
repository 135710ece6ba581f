"""A club night: TABLES tables, each with two phones on its scoresheet, a hand entered at every
table every HAND_EVERY seconds (the first at a random moment), and every phone asking every
POLL_EVERY seconds whether the sheet moved (htmx, If-None-Match: answered 304 when it has not).
Gunicorn with production settings, PostgreSQL and Redis on loopback, as benchmarks/bench_load.py.

Printed: for the polls answered 304, the polls answered with the new sheet and the hands
entered, their count, median and 99th-percentile latency, and the errors. On loopback the latency
is the server's time plus a fraction of a millisecond. Targets: no error, every request's 99th
percentile under 250 ms, the 304 answers' median under 20 ms. Then ALONE polls one after the
other with nothing else running, each followed by /healthz: the 304 answer's own time, without
the night's queueing, and its ratio to the trivial view's (on a busy machine both grow).

NIGHT_SECONDS sets how long the night runs (default 90: each table enters about one hand in two;
a longer run enters more, at the same rate)."""

from __future__ import annotations

import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
import uuid
from collections import defaultdict
from pathlib import Path

from benchmarks.bench_load import (
    PG,
    ROOT,
    _environment,
    _free_port,
    _gunicorn,
    _postgres_answers,
    _redis_emptied,
    _wait_until_up,
)

DATABASE = "ginleague_night"
TABLES = 24
HAND_EVERY = 180.0
POLL_EVERY = 5.0
ALONE = 100
OPENING = 10.0  # the phones open their scoresheets within the first seconds, not all at once
SECONDS = float(os.environ.get("NIGHT_SECONDS", "90"))
P99_TARGET = 250.0
NOT_MODIFIED_TARGET = 20.0


class Phone:
    """One phone on one table's scoresheet, with its player's session."""

    def __init__(self, port: int, game: int, session: str, log) -> None:
        self.base = f"http://127.0.0.1:{port}"
        self.game, self.log = game, log
        self.cookies = {"sessionid": session}
        self.etag = ""

    def request(self, name: str, path: str, *, data: bytes | None = None,
                headers: dict | None = None) -> tuple[int, bytes, dict]:
        cookie = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        sent = {"X-Forwarded-Proto": "https", "Cookie": cookie,
                "Origin": self.base.replace("http://", "https://"), **(headers or {})}
        request = urllib.request.Request(self.base + path, data=data, headers=sent)
        started = time.perf_counter()
        try:
            with urllib.request.urlopen(request, timeout=30) as answer:
                status, body, got = answer.status, answer.read(), answer.headers
        except urllib.error.HTTPError as answer:
            status, body, got = answer.code, answer.read(), answer.headers
        except OSError as error:
            self.log(name, (time.perf_counter() - started) * 1000, error=repr(error))
            return 0, b"", {}
        self.log(name, (time.perf_counter() - started) * 1000,
                 error="" if status in (200, 304) else f"HTTP {status}")
        for header in got.get_all("Set-Cookie") or []:
            key, _, value = header.split(";")[0].partition("=")
            self.cookies[key.strip()] = value
        return status, body, got

    def open_sheet(self) -> None:
        status, _, headers = self.request("page", f"/games/{self.game}/")
        self.etag = headers.get("ETag", "") if status == 200 else ""

    def poll(self) -> None:
        status, _, headers = self.request(
            "poll", f"/games/{self.game}/",
            headers={"HX-Request": "true", "If-None-Match": self.etag})
        if status == 200:
            self.etag = headers.get("ETag", self.etag)
        self.log("poll 304" if status == 304 else "poll 200", None)

    def enter_hand(self, number: int) -> None:
        form = {"expected_number": number, "outcome": "knock", "winner": "A", "points": 5,
                "entry_key": str(uuid.uuid4()),
                "csrfmiddlewaretoken": self.cookies.get("csrftoken", "")}
        body = urllib.parse.urlencode(form).encode()
        self.request("hand", f"/games/{self.game}/hands/", data=body, headers={
            "HX-Request": "true", "X-CSRFToken": self.cookies.get("csrftoken", ""),
            "Content-Type": "application/x-www-form-urlencoded"})


class Log:
    def __init__(self) -> None:
        self.times: dict[str, list[float]] = defaultdict(list)
        self.counts: dict[str, int] = defaultdict(int)
        self.errors: list[str] = []
        self.lock = threading.Lock()
        self.last_poll: dict[int, float] = {}

    def __call__(self, name: str, ms: float | None, *, error: str = "") -> None:
        with self.lock:
            if ms is None:  # the poll's answer, timed as "poll" already
                self.times[name].append(self.times["poll"].pop())
                return
            self.times[name].append(ms)
            self.counts[name] += 1
            if error:
                self.errors.append(f"{name}: {error}")


def _table(port: int, table: dict, log: Log, until: float) -> None:
    phones = [Phone(port, table["game"], session, log) for session in table["sessions"]]
    for phone in phones:  # the players sit down over the first minute's first seconds
        time.sleep(random.uniform(0, OPENING / len(phones)))
        phone.open_sheet()
    next_poll = [time.monotonic() + random.uniform(0, POLL_EVERY) for _ in phones]
    next_hand, number = time.monotonic() + random.uniform(0, HAND_EVERY), 1
    while True:
        soonest = min(*next_poll, next_hand)
        if soonest >= until:
            return
        time.sleep(max(0.0, soonest - time.monotonic()))
        if soonest == next_hand:
            phones[number % 2].enter_hand(number)
            number, next_hand = number + 1, next_hand + HAND_EVERY
            continue
        which = next_poll.index(soonest)
        phones[which].poll()
        next_poll[which] += POLL_EVERY


def run() -> bool:
    if not _postgres_answers() or not _redis_emptied():
        print("PostgreSQL (127.0.0.1:5432) or Redis (127.0.0.1:6379) does not answer: "
              "nothing measured")
        return False
    env = {**_environment(), "DATABASE_URL": f"{PG}/{DATABASE}"}
    with tempfile.TemporaryDirectory(prefix="ginleague-night-") as folder:
        manifest = Path(folder) / "night.json"
        _prepare(env, manifest)
        tables = json.loads(manifest.read_text())
        port = _free_port()
        server = _gunicorn(env, port, Path(folder) / "gunicorn.log")
        try:
            _wait_until_up(port)
            log = Log()
            until = time.monotonic() + SECONDS
            threads = [threading.Thread(target=_table, args=(port, t, log, until), daemon=True)
                       for t in tables]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join(timeout=SECONDS + 60)
            alone = _polls_alone(port, tables[0], Log())
        finally:
            server.terminate()
            server.wait(timeout=30)
    return _report(log, alone)


def _polls_alone(port: int, table: dict, log: Log) -> float:
    """The median time of ALONE polls answered 304, one after the other with no other traffic:
    the server's time for the answer, without the night's queueing."""
    phone = Phone(port, table["game"], table["sessions"][0], log)
    phone.open_sheet()
    for _ in range(ALONE):
        phone.poll()
        phone.request("healthz", "/healthz")
    return statistics.median(log.times["poll 304"]), statistics.median(log.times["healthz"])


def _prepare(env: dict[str, str], manifest: Path) -> None:
    import psycopg

    with psycopg.connect(f"{PG}/postgres", autocommit=True) as admin:
        admin.execute(f"DROP DATABASE IF EXISTS {DATABASE} WITH (FORCE)")
        admin.execute(f"CREATE DATABASE {DATABASE}")
    for step in (["migrate", "--noinput"], ["collectstatic", "--noinput"]):
        subprocess.run([sys.executable, "manage.py", *step], cwd=ROOT, env=env, check=True,
                       timeout=300, stdout=subprocess.DEVNULL)
    subprocess.run([sys.executable, "-m", "benchmarks.load.night", str(manifest), str(TABLES)],
                   cwd=ROOT, env=env, check=True, timeout=300)


def _report(log: Log, alone: tuple[float, float]) -> bool:
    print(f"{TABLES} tables for {SECONDS:.0f} s: a hand every {HAND_EVERY:.0f} s each, two "
          f"phones each asking every {POLL_EVERY:.0f} s")
    print(f"{'request':<10}{'count':>7}{'median ms':>11}{'p99 ms':>9}")
    for name in ("page", "poll 304", "poll 200", "hand"):
        times = sorted(log.times.get(name, []))
        if times:
            p99 = times[min(len(times) - 1, int(len(times) * 0.99))]
            print(f"{name:<10}{len(times):>7}{statistics.median(times):>11.1f}{p99:>9.1f}")
    every = sorted(t for name, times in log.times.items() if name != "poll" for t in times)
    p99 = every[min(len(every) - 1, int(len(every) * 0.99))] if every else 0.0
    not_modified = statistics.median(log.times["poll 304"]) if log.times["poll 304"] else 1e9
    print(f"{ALONE} polls answered 304 one after the other, nothing else running: median "
          f"{alone[0]:.1f} ms; /healthz (no database, no template) between them: "
          f"{alone[1]:.1f} ms ({alone[0] / alone[1]:.1f}x)")
    for error in log.errors[:10]:
        print("error:", error)
    met = not log.errors and p99 < P99_TARGET and not_modified < NOT_MODIFIED_TARGET
    print(f"targets: no errors ({len(log.errors)}); p99 {p99:.1f} ms < {P99_TARGET:.0f}; 304 "
          f"median {not_modified:.1f} ms < {NOT_MODIFIED_TARGET:.0f}: {'met' if met else 'missed'}")
    return met
