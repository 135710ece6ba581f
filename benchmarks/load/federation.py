"""A federation-sized site from one built club, in SQL: every row of the club (its users,
players, competitions, matches, games, hands, ratings, notifications) copied N - 1 times inside
PostgreSQL (INSERT ... SELECT), copy k with every id and every id it refers to moved by
k * OFFSET, and the text each copy must hold alone (a unique slug, user name, entry key) given
the suffix "-k". Then VACUUM (ANALYZE), as autovacuum would after such a load.

    DATABASE_URL=postgres://…/federation_load python -m benchmarks.load.federation 100 manifest.json

The manifest names the last copy's club (the highest ids, as a new club's would be) for
benchmarks/bench_federation.py to read, with signed-in sessions for two of its players.
Copies are written in batches, each batch committed, so the time a batch takes is printed as it
goes; FEDERATION_BUDGET (seconds) stops after the batch that passes it.
"""

from __future__ import annotations

import json
import os
import sys
import time
from datetime import timedelta

BATCH = 11  # copies a statement writes per table
# Rows that are the site's, not the club's: never copied.
SITE_TABLES = ("django_", "auth_permission", "auth_group", "account_", "socialaccount_")
# Kept tables name their own competition's entries inside their rows, which a copy would not
# move: each copy's are kept afresh once the copies are made (keep_tables).
NOT_COPIED = ("competitions_keptstandings",)


def copy_clubs(cursor, clubs: int, budget: float | None = None, *, commit=None,
               quiet: bool = False) -> tuple[int, int]:
    """Copy the one club of the database until there are `clubs`; return (clubs built, the
    offset between copies' ids). `commit` (if given) is called after each batch."""
    tables = _club_tables(cursor)
    offset, originals = _offset(cursor, tables)
    cursor.execute("SET session_replication_role = replica")  # no per-row FK triggers: ids moved together
    started, built = time.perf_counter(), 1
    while built < clubs:
        last = min(clubs - 1, built + BATCH - 1)
        for table in tables:
            cursor.execute(_copy_statement(cursor, table, tables, offset, built, last,
                                           originals[table]))
        if commit is not None:
            commit()
        built = last + 1
        if not quiet:
            print(f"  {built} clubs ({time.perf_counter() - started:.0f} s)", flush=True)
        if budget is not None and time.perf_counter() - started > budget and built < clubs:
            print(f"  stopped at {built} clubs: FEDERATION_BUDGET of {budget:.0f} s spent")
            break
    cursor.execute("SET session_replication_role = DEFAULT")
    for table in tables:
        cursor.execute(f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), "
                       f"(SELECT max(id) FROM {table}))")
    if commit is not None:
        commit()
    return built, offset


def _club_tables(cursor) -> list[str]:
    cursor.execute("SELECT relname FROM pg_stat_user_tables WHERE schemaname = 'public' "
                   "ORDER BY relname")
    tables = [name for (name,) in cursor.fetchall()
              if not name.startswith(SITE_TABLES) and name not in NOT_COPIED]
    kept = []
    for table in tables:
        cursor.execute(f"SELECT EXISTS (SELECT 1 FROM {table})")
        if cursor.fetchone()[0]:
            kept.append(table)
    return kept


def _offset(cursor, tables: list[str]) -> tuple[int, dict[str, int]]:
    """A round step larger than any table's span of ids, and each table's largest id before
    the copies (its rows up to it are the club's own). Copy k of a row is the row's id plus k
    steps, clear of the club's own ids and of every other copy's. The span, not the largest id:
    a database whose sequences have run far (a test database reused) keeps the copies' ids
    within the 32-bit id columns."""
    widest, originals = 0, {}
    for table in tables:
        cursor.execute(f"SELECT coalesce(min(id), 0), coalesce(max(id), 0) FROM {table}")
        low, high = cursor.fetchone()
        originals[table] = high
        widest = max(widest, high - low + 1)
    return 10 ** len(str(widest)), originals


def _copy_statement(cursor, table: str, tables: list[str], offset: int, first: int,
                    last: int, original_last_id: int) -> str:
    cursor.execute(
        "SELECT column_name, data_type, character_maximum_length FROM information_schema.columns "
        "WHERE table_schema = 'public' AND table_name = %s ORDER BY ordinal_position", [table])
    columns = cursor.fetchall()
    moved = {"id"} | {column for column, target in _foreign_keys(cursor, table)
                      if target in tables}
    unique_text = _unique_text(cursor, table) - moved
    chosen = []
    for column, _, length in columns:
        name = f'"{column}"'
        if column in moved:
            chosen.append(f"t.{name} + k * {offset}")
        elif column in unique_text:
            keep = f"left(t.{name}, {length - 5})" if length else f"t.{name}"
            chosen.append(f"CASE WHEN t.{name} = '' THEN t.{name} "
                          f"ELSE {keep} || '-' || k END")
        else:
            chosen.append(f"t.{name}")
    names = ", ".join(f'"{column}"' for column, _, _ in columns)
    return (f"INSERT INTO {table} ({names}) SELECT {', '.join(chosen)} FROM {table} t "
            f"CROSS JOIN generate_series({first}, {last}) k WHERE t.id <= {original_last_id}")


def _foreign_keys(cursor, table: str) -> list[tuple[str, str]]:
    cursor.execute(
        "SELECT a.attname, c.confrelid::regclass::text FROM pg_constraint c "
        "JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1] "
        "WHERE c.contype = 'f' AND c.conrelid = %s::regclass", [table])
    return cursor.fetchall()


def _unique_text(cursor, table: str) -> set[str]:
    """Text columns of a unique index (or the primary key) that holds no id column."""
    cursor.execute(
        "SELECT a.attname, a.atttypid::regtype::text, i.indexrelid FROM pg_index i "
        "JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY(i.indkey) "
        "WHERE i.indisunique AND i.indrelid = %s::regclass", [table])
    by_index: dict[int, list[tuple[str, str]]] = {}
    for name, kind, index in cursor.fetchall():
        by_index.setdefault(index, []).append((name, kind))
    found = set()
    for columns in by_index.values():
        if all(kind in ("text", "character varying") for _, kind in columns):
            found |= {name for name, _ in columns}
    return found


def add_ratings(cursor, weeks: int = 13) -> None:
    """A closed weekly rating period for each of the club's last `weeks` weeks and a row for
    every player in each, as the weekly close leaves them (the bulk-built season rates
    nothing). Written before the copies, so each club has its own."""
    cursor.execute("SELECT id FROM clubs_club")
    (club,) = cursor.fetchone()
    cursor.execute(
        "INSERT INTO ratings_ratingperiod (club_id, starts_on, system, rated_unit, tau, elo_k, "
        "results, is_open) SELECT %s, date_trunc('week', now())::date - 7 * w, 'glicko2', "
        "'match', 0.5, NULL, 40, false FROM generate_series(1, %s) w", [club, weeks])
    cursor.execute(
        "INSERT INTO ratings_playerrating (period_id, player_id, starts_on, rating, rd, "
        "volatility, games, total_games) SELECT r.id, p.id, r.starts_on, "
        "1500 + (p.id * 37 + r.id * 11) %% 400 - 200, 80, 0.06, 2, "
        "2 * (%s - (date_trunc('week', now())::date - r.starts_on) / 7 + 1) "
        "FROM ratings_ratingperiod r CROSS JOIN clubs_player p WHERE p.club_id = r.club_id",
        [weeks])
    cursor.execute(  # each player's latest row, as the rebuild keeps it
        "INSERT INTO ratings_latestrating (club_id, player_id, starts_on, system, is_open, "
        "rating, rd, volatility, games, total_games) SELECT DISTINCT ON (r.player_id) "
        "k.club_id, r.player_id, r.starts_on, k.system, k.is_open, r.rating, r.rd, "
        "r.volatility, r.games, r.total_games FROM ratings_playerrating r "
        "JOIN ratings_ratingperiod k ON k.id = r.period_id "
        "ORDER BY r.player_id, r.starts_on DESC")


def manifest_of_copy(k: int, offset: int, small: dict) -> dict:
    """The small club's manifest with every id moved to copy k and fresh sessions."""
    from django.contrib.auth import get_user_model

    from benchmarks.load.build import session_of

    def moved(pk: int) -> int:
        return pk + k * offset

    found = {key: [moved(pk) for pk in small[key]] if isinstance(small[key], list)
             else moved(small[key]) for key in ("standings", "bracket", "players", "matches",
                                                  "games", "own_games")}
    users = get_user_model().objects.in_bulk([moved(pk) for pk in small["users"]])
    found["sessions"] = [session_of(users[moved(pk)]) for pk in small["users"]]
    found["own_players"] = [moved(pk) for pk in small["own_players"]]
    found["slug"] = f"{small['slug']}-{k}" if k else small["slug"]
    return found


def small_manifest(built) -> dict:
    """What the benchmark visits in the one built club: the pages' objects and two players with
    accounts, whose sessions it signs in with."""
    from django.db.models import Q

    from benchmarks.load.build import session_of
    from league.competitions.models import Match
    from league.games.models import Game

    confirmed = Match.objects.filter(competition__in=built.divisions,
                                     status=Match.Status.CONFIRMED).order_by("pk")
    matches = list(confirmed.values_list("pk", flat=True)[:: max(1, confirmed.count() // 40)])
    games = list(Game.objects.filter(match__in=matches).order_by("pk").values_list("pk", flat=True))
    own = [p for p in built.players if p.user_id is not None][:2]
    own_games = list(Game.objects.filter(
        Q(match__entry_a__player=own[0]) | Q(match__entry_b__player=own[0]),
        match__status=Match.Status.CONFIRMED).order_by("pk").values_list("pk", flat=True)[:20])
    return {
        "slug": built.club.slug, "standings": [c.pk for c in built.divisions],
        "bracket": built.knockout.pk, "players": [p.pk for p in built.players[::10]],
        "matches": matches, "games": games, "own_games": own_games,
        "users": [p.user_id for p in own], "own_players": [p.pk for p in own],
        "sessions": [session_of(p.user) for p in own], "clubs": 1, "games_total": built.games,
    }


def _setup() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "league.settings")
    import django

    django.setup()


def build_small(path: str) -> None:
    """The one club (benchmarks/load/season.py) with its ratings, and the manifest's "small"."""
    _setup()
    from django.db import connection

    from benchmarks.load.build import analyze
    from benchmarks.load.season import SeasonSize, build_season

    started = time.perf_counter()
    built = build_season(SeasonSize())
    with connection.cursor() as cursor:
        add_ratings(cursor)
    analyze()
    with open(path, "w") as out:
        json.dump({"small": small_manifest(built)}, out)
    print(f"one club: {len(built.players)} players, {built.games} games: "
          f"{time.perf_counter() - started:.0f} s", flush=True)


def build_large(clubs: int, path: str) -> None:
    _setup()
    from django.db import connection

    from benchmarks.load.build import analyze

    manifest = json.loads(open(path).read())  # noqa: SIM115
    budget = float(os.environ["FEDERATION_BUDGET"]) if os.environ.get("FEDERATION_BUDGET") else None
    started = time.perf_counter()
    with connection.cursor() as cursor:
        built, offset = copy_clubs(cursor, clubs, budget, commit=connection.commit)
        cursor.execute("SELECT count(*) FROM gameplay_game")
        (games,) = cursor.fetchone()
    keep_tables()
    analyze()
    manifest["large"] = {**manifest_of_copy(built - 1, offset, manifest["small"]),
                         "clubs": built, "games_total": games,
                         "built_in": round(time.perf_counter() - started, 1)}
    with open(path, "w") as out:
        json.dump(manifest, out)
    print(f"federation: {built} clubs, {games} games: "
          f"{timedelta(seconds=int(time.perf_counter() - started))}", flush=True)


def keep_tables() -> None:
    """Each club's league tables kept, as its results' statistics follow-ups keep them."""
    from league.competitions.models import Competition
    from league.competitions.standings.services import keep_standings

    leagues = Competition.objects.filter(format=Competition.Format.LEAGUE).order_by("pk")
    for competition in leagues.iterator(chunk_size=500):
        keep_standings(competition)


def rebuild_elsewhere(slug: str) -> None:
    """Another club's ratings rebuilt from its last rated week, as a confirmed result's
    follow-up does (league.ratings.services.rebuild): the club of the lowest id but `slug`'s."""
    _setup()
    from league.clubs.models import Club
    from league.ratings.models import RatingPeriod
    from league.ratings.services.rebuild import rebuild_ratings

    club = Club.objects.exclude(slug=slug).order_by("pk").first()
    since = (RatingPeriod.objects.filter(club=club).order_by("-starts_on")
             .values_list("starts_on", flat=True).first())
    rebuild_ratings(club.pk, since=since)
    print(f"  ratings of {club.name} rebuilt from {since}", flush=True)


if __name__ == "__main__":
    if sys.argv[1] == "small":
        build_small(sys.argv[2])
    elif sys.argv[1] == "elsewhere":
        rebuild_elsewhere(sys.argv[2])
    else:
        build_large(int(sys.argv[1]), sys.argv[2])
