"""A confirmed result's rating work in a club's first week and after three years, and a burst of
1,000 confirmations in one club through the relay and a real worker (PostgreSQL and Redis on
loopback; nothing measured without them).

A scratch PostgreSQL database (test_ginleague_bench_follow_ups, created anew and dropped after)
holds two clubs of 300 players: one in its first week (one week of 960 matches behind it), one
after 156 weeks of them (150,000 matches, 300,000 games: week 0 written, the other weeks made
in the database as copies of it), both rated and their players' statistics counted (the
summary rows and notable moments their results would have left); the old club's last week is
the current one.
Timed:
- one result of the current week rated (league.ratings.services.rate_confirmed_result), the
  median of RUNS runs at each size: its wall time and its database time (the time of its
  queries, measured around each); the target is under 50 ms of database time at both sizes;
- a burst: 1,000 results of the old club confirmed a minute ago with the follow-ups the
  confirming service writes for each (the progression, the rating, the players' statistics;
  the club has no webhook), sent by the relay to one worker (`celery worker`, solo pool, a
  process of its own, broker Redis database 13, emptied first). Printed: the relay's time, the
  time from its first sending until the worker ran every task, the worker's time (the tasks'
  own times from its log, in all and per kind; the target is under a minute in all) and the
  rebuilds (the rating follow-ups whose task did the work; the others were rated by the same
  rebuild and their tasks found them done; the statistics follow-ups count the players of the
  club's waiting results at once in the same way).
The machine is shared: the figures are of one run, beside whatever else it was running.
"""

from __future__ import annotations

import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

import redis

from benchmarks.bench_ratings_db import _after, _during, _week
from benchmarks.scratch_db import in_scratch_database

ROOT = Path(__file__).resolve().parent.parent
TEST_DATABASE = "test_ginleague_bench_follow_ups"
BROKER = "redis://127.0.0.1:6379/13"
PG = "postgres://postgres@127.0.0.1:5432"
PLAYERS = 300
MATCHES_A_WEEK = 960
OLD_WEEKS = 156
RUNS = 9
BURST = 1_000
TARGET_DB_MS = 50.0
TARGET_BURST_S = 60.0


def run() -> bool:
    if not os.environ.get("DATABASE_URL", "").startswith("postgres"):
        os.environ["DATABASE_URL"] = f"{PG}/postgres"  # only its server: the database is scratch
    try:
        import psycopg

        with psycopg.connect(os.environ["DATABASE_URL"], connect_timeout=5):
            pass
    except psycopg.Error:  # any failure to connect means: not there
        print("PostgreSQL does not answer (DATABASE_URL, or 127.0.0.1:5432): nothing measured")
        return False
    try:
        redis.Redis.from_url(BROKER, socket_connect_timeout=5).flushdb()
    except redis.RedisError:  # any failure to connect means: not there
        print("Redis does not answer on 127.0.0.1:6379: nothing measured")
        return False
    os.environ["CELERY_BROKER_URL"] = BROKER  # before Django is set up: tasks go to the broker
    return in_scratch_database(TEST_DATABASE, _measure)


def _measure() -> bool:
    from datetime import timedelta

    from django.utils import timezone

    from benchmarks import bench_ratings_db
    from league.ratings.periods import week_of

    # The old club's last week is the current one: the worker rates as of the real time.
    today = timezone.localdate(timezone.now(), timezone.get_default_timezone())
    bench_ratings_db.FIRST_WEEK = week_of(today) - timedelta(weeks=OLD_WEEKS)
    young, young_week = _club("Young club", weeks=1)
    old, old_week = _club("Old club", weeks=OLD_WEEKS)
    timings = {name: _rate_one(club, week) for name, club, week in
               (("first week", young, young_week), ("after 156 weeks", old, old_week))}
    for name, (wall, db) in timings.items():
        print(f"rating one result, {name}: {wall:.1f} ms wall, {db:.1f} ms database "
              f"(median of {RUNS})")
    (_, young_db), (_, old_db) = timings.values()
    print(f"database time, 156 weeks / first week: {old_db / young_db:.2f}x")
    burst = _burst(old, old_week)
    print(f"burst of {BURST} confirmations: {burst.seconds:.1f} s from the relay's first sending "
          f"until the worker ran all {burst.tasks} tasks; worker time {burst.worker_seconds:.1f} s, "
          f"{1000 * burst.worker_seconds / BURST:.1f} ms per result; {burst.rebuilds} rebuilds")
    for task, seconds in burst.by_task.items():
        print(f"  {task}: {seconds:.1f} s")
    ok = max(young_db, old_db) < TARGET_DB_MS and burst.worker_seconds < TARGET_BURST_S
    if not ok:
        print(f"below target: database time under {TARGET_DB_MS:.0f} ms, burst under "
              f"{TARGET_BURST_S:.0f} s")
    return ok


def _club(name: str, *, weeks: int):
    """A club with `weeks` weeks of rated results behind it; the club and the current week."""
    from gameplay.engine import Ruleset
    from league.clubs.models import Club, Player, Season
    from league.competitions.models import Competition, Entry, Round
    from league.ratings.services import recompute_ratings
    from league.stats.summaries import refresh_season


    started = time.perf_counter()
    club = Club.objects.create(name=name, slug=name.lower().replace(" ", "-"))
    competition = Competition.objects.create(
        season=Season.objects.create(club=club, name="Seasons"), name="League",
        format=Competition.Format.LEAGUE, status=Competition.Status.RUNNING,
        ruleset=Ruleset().to_dict(), match_format=Competition.MatchFormat.FIXED_GAMES,
        match_games=2,
    )
    round_ = Round.objects.create(competition=competition, number=1)
    players = Player.objects.bulk_create(Player(club=club, name=f"P{n}") for n in range(PLAYERS))
    entries = Entry.objects.bulk_create(Entry(competition=competition, player=p) for p in players)
    rng = random.Random(weeks)
    strengths = [rng.gauss(1500, 250) for _ in entries]
    _week(rng, competition, round_, entries, strengths, 0, MATCHES_A_WEEK)
    _copy_weeks(competition, entries, weeks)
    run = recompute_ratings(club, now=_after(weeks - 1))
    # Its players' statistics as its confirmed results left them: a burst then counts what
    # the burst changes, not the season's first count.
    refresh_season(competition.season)
    _analyze()
    print(f"{name}: {weeks} weeks, {run.results:,} rated games, {run.ratings:,} player ratings, "
          f"built in {time.perf_counter() - started:.1f} s")
    club.bench = (competition, round_, entries, strengths, rng)
    return club, weeks


def _copy_weeks(competition, entries, weeks: int) -> None:
    """Weeks 1 to weeks - 1 made in the database as copies of week 0's matches and games, each
    week's pairings turned by 7 places among the players (a copy's key names its week and
    original while its games are copied, then is cleared)."""
    from django.db import connection

    from league.competitions.models import Match
    from league.games.models import Game

    first, players = entries[0].pk, len(entries)

    def turned(column: str) -> str:
        return f"{first} + mod(t.{column} - {first} + 7 * g, {players})"

    later = "interval '7 days' * g"
    with connection.cursor() as cursor:
        _copy(cursor, Match, f"generate_series(1, {weeks - 1}) g",
              f"t.competition_id = {competition.pk}",
              key="'w' || g || '-' || t.id", entry_a_id=turned("entry_a_id"),
              entry_b_id=turned("entry_b_id"),
              winner_id=f"CASE WHEN t.winner_id = t.entry_a_id THEN {turned('entry_a_id')} "
                        f"WHEN t.winner_id = t.entry_b_id THEN {turned('entry_b_id')} END",
              played_at=f"t.played_at + {later}", confirmed_at=f"t.confirmed_at + {later}")
        _copy(cursor, Game, f'generate_series(1, {weeks - 1}) g, "{Match._meta.db_table}" m',
              f"m.competition_id = {competition.pk} AND m.key = 'w' || g || '-' || t.match_id",
              match_id="m.id", created_at=f"t.created_at + {later}")
        cursor.execute(f'UPDATE "{Match._meta.db_table}" SET key = \'\' '
                       "WHERE competition_id = %s AND key <> ''", [competition.pk])


def _copy(cursor, model, source: str, where: str, **columns: str) -> None:
    """INSERT ... SELECT: a row of `model` for each of its rows `t` and each row of `source`
    that `where` keeps, the columns given as SQL expressions, the others as in `t`."""
    table = model._meta.db_table
    names = [f.column for f in model._meta.concrete_fields if not f.primary_key]
    quoted = ", ".join(f'"{name}"' for name in names)
    values = ", ".join(columns.get(name, f't."{name}"') for name in names)
    cursor.execute(f'INSERT INTO "{table}" ({quoted}) SELECT {values} '
                   f'FROM "{table}" t, {source} WHERE {where}')


def _analyze() -> None:
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("ANALYZE")


def _rate_one(club, week: int) -> tuple[float, float]:
    """The median wall and database milliseconds of rating one result of `week`."""
    from django.db import connection

    from league.competitions.models import Match
    from league.ratings.services import rate_confirmed_result

    competition, round_, entries, strengths, rng = club.bench
    first = _week(rng, competition, round_, entries, strengths, week, 1)
    match = Match.objects.get(pk=first)
    walls, dbs = [], []
    for _ in range(RUNS):
        spent = [0.0]

        def timed(execute, sql, params, many, context, spent=spent):
            started = time.perf_counter()
            try:
                return execute(sql, params, many, context)
            finally:
                spent[0] += time.perf_counter() - started

        started = time.perf_counter()
        with connection.execute_wrapper(timed):
            rate_confirmed_result(match.pk, now=_during(week))
        walls.append(1000 * (time.perf_counter() - started))
        dbs.append(1000 * spent[0])
    return statistics.median(walls), statistics.median(dbs)


def _burst(club, week: int) -> Burst:
    """BURST results of the club confirmed in `week`, their follow-ups sent by the relay to a
    worker process: the seconds until all are done, and how many of their tasks rebuilt."""
    from datetime import timedelta

    from django.conf import settings
    from django.utils import timezone

    from league.competitions.base import outbox
    from league.competitions.models import FollowUp, Match
    from league.games.models import Game

    competition, round_, entries, strengths, rng = club.bench
    first = _week(rng, competition, round_, entries, strengths, week, BURST)
    matches = Match.objects.filter(pk__gte=first, competition=competition).order_by("pk")
    # Played a minute ago (this week, and not after the worker's "now").
    a_minute_ago = timezone.now() - timedelta(minutes=1)
    matches.update(played_at=a_minute_ago, confirmed_at=a_minute_ago)
    Game.objects.filter(match__in=matches).update(created_at=a_minute_ago)
    # What confirming writes for each result (league.competitions.base.outbox.RESULT_KINDS; no
    # webhook is wanted in a club without one).
    kinds = (FollowUp.Kind.PROGRESS, FollowUp.Kind.RATE, FollowUp.Kind.STATISTICS)
    rows = FollowUp.objects.bulk_create(
        FollowUp(kind=kind, competition=competition, match_id=pk)
        for pk in matches.values_list("pk", flat=True)[:BURST] for kind in kinds
    )
    ids = [row.pk for row in rows]
    # What building the clubs sent (the notifications of their rounds) is not this benchmark's.
    redis.Redis.from_url(BROKER).flushdb()
    log = Path(tempfile.gettempdir()) / "ginleague-bench-worker.log"
    worker = _worker(settings.DATABASES["default"]["NAME"], log)
    try:
        started = time.perf_counter()
        sent = outbox.relay(now=timezone.now() + outbox.RESEND_AFTER + timedelta(seconds=1))
        print(f"the relay sent {sent} follow-ups in {time.perf_counter() - started:.1f} s")
        pending = FollowUp.objects.filter(pk__in=ids, done_at__isnull=True)
        while pending.exists() or len(_task_times(log)) < len(ids):
            if time.perf_counter() - started > 10 * TARGET_BURST_S:
                print(f"the worker left {pending.count()} follow-ups undone, ran "
                      f"{len(_task_times(log))} tasks: its log is {log}")
                break
            time.sleep(0.2)
        seconds = time.perf_counter() - started
    finally:
        worker.terminate()
        worker.wait(timeout=30)
    times = _task_times(log)
    rebuilds = FollowUp.objects.filter(pk__in=ids, kind=FollowUp.Kind.RATE,
                                       taken_at__isnull=False).count()
    by_task: dict[str, float] = {}
    for task, spent in times:
        by_task[task] = by_task.get(task, 0.0) + spent
    return Burst(seconds, sum(spent for _, spent in times), len(times), rebuilds, by_task)


@dataclass(frozen=True)
class Burst:
    seconds: float  # from the relay's first sending until the worker ran every task
    worker_seconds: float  # the tasks' own times, as the worker logs them
    tasks: int
    rebuilds: int
    by_task: dict[str, float]  # the worker's time per task name


TASK_DONE = re.compile(r"Task ([\w.]+)\[[^\]]+\] succeeded in ([0-9.]+)s")


def _task_times(log: Path) -> list[tuple[str, float]]:
    """(task name, seconds) of each task the worker ran."""
    return [(task, float(spent)) for task, spent in TASK_DONE.findall(log.read_text())]


def _worker(database: str, log: Path) -> subprocess.Popen:
    """One Celery worker, solo pool, on the scratch database; returns once it is ready."""
    env = {
        **os.environ,
        "DATABASE_URL": os.environ["DATABASE_URL"].rsplit("/", 1)[0] + f"/{database}",
        "CELERY_BROKER_URL": BROKER,
        "DJANGO_DEBUG": "0",
        "DJANGO_SECRET_KEY": "bench-only-not-a-secret-0123456789-abcdefghijklmnopqrstuvwxyz",
        "DJANGO_ALLOWED_HOSTS": "127.0.0.1",
        "DJANGO_LOG_LEVEL": "WARNING",
    }
    command = [sys.executable, "-m", "celery", "-A", "league", "worker", "--pool", "solo",
               "--concurrency", "1", "--loglevel", "INFO", "--without-gossip",
               "--without-mingle", "--without-heartbeat"]
    with log.open("w") as out:
        worker = subprocess.Popen(command, cwd=ROOT, env=env, stdout=out,
                                  stderr=subprocess.STDOUT, text=True)
    started = time.perf_counter()
    while " ready." not in log.read_text() and time.perf_counter() - started < 60:
        time.sleep(0.1)
    return worker
