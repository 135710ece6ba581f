"""A site of many clubs serves each club's pages as a site of one does: the same number of
queries, and on PostgreSQL no query reads a table of matches, games, hands or ratings from end
to end. One club's season (the load test's builder, with thirteen weeks of ratings) is copied in
SQL into CLUBS clubs (benchmarks/load/federation.py) and ANALYZEd; the pages looked at are the
last copy's, whose ids are the highest.

The plans are PostgreSQL's own (EXPLAIN ANALYZE), not forced: at this size a query that had no
index to follow would scan the whole table, so a sequential scan here is a page whose cost
grows with the site. The site runs each query as a prepared statement with one plan for every
value of its parameters (league/settings.py): those generic plans are checked too, each query
prepared and explained as the site runs it.
"""

from __future__ import annotations

import itertools
import json
import re

import psycopg
import pytest
from django.core.cache.backends.dummy import DummyCache
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from benchmarks.load.federation import add_ratings, copy_clubs
from benchmarks.load.season import SeasonSize, build_season
from league.clubs.models import Club, Player
from league.competitions.models import Competition, Match
from league.competitions.standings.upkeep import keep_tables_of_other_code
from league.games.models import Game, Hand
from league.ratings.models import PlayerRating
from tests.reliability.conftest import ON_POSTGRES

pytestmark = [
    pytest.mark.django_db, pytest.mark.postgres,
    pytest.mark.skipif(not ON_POSTGRES, reason="plans are PostgreSQL's: set DATABASE_URL=postgres://…"),
]

SIZE = SeasonSize(players=48, games=0, division=12, knockout=16, friendlies=4)
CLUBS = 40
BIG_TABLES = {model._meta.db_table for model in (Match, Game, Hand, PlayerRating)}


def pages(club: Club) -> dict[str, tuple[str, bool]]:
    """Each page of the club looked at: its URL, and whether it is read signed in."""
    divisions = Competition.objects.filter(season__club=club, format=Competition.Format.LEAGUE,
                                           name__startswith="Division").order_by("pk")
    knockout = Competition.objects.get(season__club=club,
                                       format=Competition.Format.SINGLE_ELIMINATION)
    match = Match.objects.filter(competition=divisions[0], status=Match.Status.CONFIRMED
                                 ).order_by("pk").first()
    game = Game.objects.filter(match=match).order_by("pk").first()
    player = match.entry_a.player
    own = Player.objects.filter(club=club, user__isnull=False).order_by("pk").first()
    own_game = Game.objects.filter(match__entry_a__player=own,
                                   match__status=Match.Status.CONFIRMED).order_by("pk").first()
    return {
        "home": ("/", False),
        "club": (f"/clubs/{club.slug}/", False),
        "standings": (f"/competitions/{divisions[0].pk}/", False),
        "bracket": (f"/competitions/{knockout.pk}/", False),
        "player": (f"/players/{player.pk}/", False),
        "player statistics": (f"/players/{player.pk}/statistics/", False),
        "club records": (f"/clubs/{club.slug}/records/", False),
        "match": (f"/matches/{match.pk}/", False),
        "scoresheet": (f"/games/{game.pk}/", False),
        "club calendar": (f"/clubs/{club.slug}/fixtures.ics", False),
        "fixtures calendar": (f"/competitions/{divisions[0].pk}/fixtures.ics", False),
        "api clubs": ("/api/v1/clubs/", False),
        "api players": (f"/api/v1/clubs/{club.slug}/players/", False),
        "api competitions": (f"/api/v1/clubs/{club.slug}/competitions/", False),
        "api matches": (f"/api/v1/competitions/{divisions[0].pk}/matches/", False),
        "api ratings": (f"/api/v1/players/{player.pk}/ratings/", False),
        "api standings": (f"/api/v1/competitions/{divisions[0].pk}/standings/", False),
        "embed standings": (f"/embed/competitions/{divisions[0].pk}/standings/", False),
        "embed pairings": (f"/embed/competitions/{divisions[0].pk}/pairings/", False),
        "embed bracket": (f"/embed/competitions/{knockout.pk}/bracket/", False),
        "home, signed in": ("/", True),
        "my matches": (f"/players/{own.pk}/", True),
        "scoresheet, signed in": (f"/games/{own_game.pk}/", True),
    }


def read(club: Club, sent: list | None = None) -> dict[str, list[dict]]:
    """Each page's queries, each page read twice (the second time as a visitor would find it:
    the cache warm) and the first time's queries kept; in `sent`, if given, each query as the
    site sends it: (page, SQL with its placeholders, parameters)."""
    user = Player.objects.filter(club=club, user__isnull=False).order_by("pk").first().user
    found = {}
    for name, (url, signed_in) in pages(club).items():
        client = Client(HTTP_X_FORWARDED_PROTO="https")
        if signed_in:
            client.force_login(user)

        def keep(execute, sql, params, many, context, page=name):
            if sent is not None and not many:
                sent.append((page, sql, params))
            return execute(sql, params, many, context)

        with CaptureQueriesContext(connection) as queries, connection.execute_wrapper(keep):
            response = client.get(url, secure=True)
        assert response.status_code == 200, (name, response.status_code)
        found[name] = queries.captured_queries
    return found


def sequential_scans(queries: list[dict]) -> list[tuple[str, int]]:
    """(table, rows it read) of each sequential scan of a big table in the queries' plans."""
    found = []
    with connection.cursor() as cursor:
        for query in queries:
            if not query["sql"].lstrip().upper().startswith("SELECT"):
                continue
            cursor.execute("EXPLAIN (ANALYZE, FORMAT JSON) " + query["sql"])
            found += big_table_scans(cursor.fetchone()[0])
    return found


def big_table_scans(explained) -> list[tuple[str, int]]:
    """(table, rows it read) of each sequential scan of a big table in a plan EXPLAIN gave as
    JSON."""
    plan = (json.loads(explained) if isinstance(explained, str) else explained)[0]["Plan"]
    return [(node["Relation Name"], int(node["Actual Rows"] * node["Actual Loops"]))
            for node in nodes(plan) if node["Node Type"] == "Seq Scan"
            and node.get("Relation Name") in BIG_TABLES]


def numbered(sql: str) -> str:
    """A query's placeholders (%s) as PostgreSQL's numbered ones ($1, $2...), %% as %."""
    numbers = itertools.count(1)
    return re.sub(r"%%|%s", lambda m: "%" if m.group() == "%%" else f"${next(numbers)}", sql)


def generic_sequential_scans(sent: list) -> tuple[list[tuple[str, str, int]], int]:
    """(page, table, rows it read) of each sequential scan of a big table in the generic plans
    of the queries sent, each prepared as the site prepares it; and how many were explained."""
    found, explained = [], 0
    raw = connection.connection
    with raw.cursor() as settings, psycopg.ClientCursor(raw) as cursor:
        settings.execute("SET plan_cache_mode = force_generic_plan")
        for page, sql, params in sent:
            if not sql.lstrip().upper().startswith("SELECT"):
                continue
            cursor.execute(f"PREPARE generic_plan AS {numbered(sql)}")
            try:
                arguments = ", ".join(["%s"] * len(params or ()))
                cursor.execute(f"EXPLAIN (ANALYZE, FORMAT JSON) EXECUTE generic_plan"
                               f"{f'({arguments})' if params else ''}", list(params or ()))
                plan = cursor.fetchone()[0]
            finally:
                cursor.execute("DEALLOCATE generic_plan")
            explained += 1
            found += [(page, *scan) for scan in big_table_scans(plan)]
    return found, explained


def nodes(plan: dict):
    yield plan
    for child in plan.get("Plans", ()):
        yield from nodes(child)


class NothingKept(DummyCache):
    """The derived cache keeping nothing, so that every visit is a first one; it adds nothing
    either (league.caches.AddingRedisCache.add_many)."""

    def add_many(self, data, timeout=None, version=None) -> dict:
        return {}


@pytest.fixture
def one_club_then_many(settings):
    settings.CACHES = {name: {"BACKEND": "django.core.cache.backends.dummy.DummyCache"}
                       for name in settings.CACHES}
    settings.CACHES["derived"] = {"BACKEND": f"{__name__}.NothingKept"}
    built = build_season(SIZE)
    with connection.cursor() as cursor:
        add_ratings(cursor)
        cursor.execute("ANALYZE")
    alone = {name: len(queries) for name, queries in read(built.club).items()}
    with connection.cursor() as cursor:
        copy_clubs(cursor, CLUBS, quiet=True)
        cursor.execute("ANALYZE")
    # the copies' tables kept, as the periodic run keeps a table never kept
    while keep_tables_of_other_code():
        pass
    assert Club.objects.count() == CLUBS
    return alone, Club.objects.order_by("-pk").first()


def test_each_page_runs_as_many_queries_at_forty_clubs_as_at_one(one_club_then_many):
    alone, last = one_club_then_many
    many = {name: len(queries) for name, queries in read(last).items()}
    assert many == alone


def test_no_page_reads_a_whole_table_of_matches_games_hands_or_ratings(one_club_then_many):
    _, last = one_club_then_many
    assert Hand.objects.count() > 100_000  # the planner scans a whole table only by choice
    # what a page that scanned one would show (hands have no index on their points)
    assert sequential_scans([{"sql": "SELECT count(*) FROM gameplay_hand WHERE points = 12"}])
    scanned = {name: found for name, queries in read(last).items()
               if (found := sequential_scans(queries))}
    assert not scanned, scanned


def test_no_page_reads_a_whole_big_table_with_the_plan_prepared_for_every_value(
        one_club_then_many):
    _, last = one_club_then_many
    # what a page that scanned one would show (hands have no index on their points)
    probe = [("probe", "SELECT count(*) FROM gameplay_hand WHERE points = %s", [12])]
    scanned, explained = generic_sequential_scans(probe)
    assert [(page, table) for page, table, _ in scanned] == [("probe", "gameplay_hand")]
    sent: list = []
    read(last, sent)
    scanned, explained = generic_sequential_scans(sent)
    assert explained > 100  # every page's reads, not a few
    assert not scanned, scanned
