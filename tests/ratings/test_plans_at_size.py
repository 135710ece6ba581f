"""On PostgreSQL, with a history big enough that the planner prefers an index where one fits:
the club page's queries and a confirmed result's rating work scan no table of matches, games
or ratings from end to end, and read rows in proportion to what they show or rate, not to
the club's history.

The history is made in the database (INSERT ... SELECT over generate_series from one template
row each), a few hundred thousand rows in seconds; ANALYZE then gives the planner its counts.
The plans are PostgreSQL's own (EXPLAIN ANALYZE), not forced: sequential scans stay allowed.
"""

from __future__ import annotations

import json

import pytest
from django.db import connection
from django.test import TestCase
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from league.clubs.models import Club, Player
from league.competitions.models import Entry, Match
from league.core.statistics import ANALYZE_AFTER_ROWS, analyze_after_commit
from league.games.models import Game
from league.ratings.models import LatestRating, PlayerRating, RatingPeriod
from league.ratings.services import rate_confirmed_result
from league.ratings.services.latest import keep_latest
from tests.reliability.conftest import ON_POSTGRES

from .builders import during, league, played, week

pytestmark = [
    pytest.mark.django_db, pytest.mark.postgres,
    pytest.mark.skipif(not ON_POSTGRES, reason="plans are PostgreSQL's: set DATABASE_URL=postgres://…"),
]

# The tables that grow with the history (a club's rating weeks are a few hundred rows, which a
# sequential scan may rightly read).
BIG_TABLES = {model._meta.db_table for model in (Match, Game, PlayerRating, LatestRating)}


def insert_copies(model, template_pk: int, source: str, where: str = "TRUE",
                  **columns: str) -> None:
    """Rows of `model` copied from the template row `t`, one for each row of `source` (SQL
    after FROM, e.g. a generate_series) that `where` keeps, with the columns given as SQL
    expressions."""
    table = model._meta.db_table
    names = [f.column for f in model._meta.concrete_fields if not f.primary_key]
    values = [columns.get(name, f't."{name}"') for name in names]
    with connection.cursor() as cursor:
        cursor.execute(
            f'INSERT INTO "{table}" ({", ".join(f"{chr(34)}{n}{chr(34)}" for n in names)}) '
            f'SELECT {", ".join(values)} FROM "{table}" t, {source} WHERE t.id = %s AND {where}',
            [template_pk],
        )


def club_with_history(players: int, weeks: int, matches_a_week: int) -> tuple[Club, list[Entry]]:
    """A club whose players all played every week for `weeks` weeks, each week rated."""
    competition, _ = league(0)
    club = competition.season.club
    people = Player.objects.bulk_create(Player(club=club, name=f"P{i:04}") for i in range(players))
    entries = Entry.objects.bulk_create(Entry(competition=competition, player=p) for p in people)
    first = played(entries[0], entries[1], "A", in_week=0)
    insert_copies(
        Match, first.pk, f"generate_series(1, {weeks * matches_a_week - 1}) g",
        entry_a_id=f"{entries[0].pk} + mod(2 * g, {players})",
        entry_b_id=f"{entries[0].pk} + mod(2 * g + 1, {players})",
        winner_id=f"{entries[0].pk} + mod(2 * g, {players})",
        played_at=f"t.played_at + (g / {matches_a_week}) * interval '7 days'",
        confirmed_at=f"t.played_at + (g / {matches_a_week}) * interval '7 days'",
    )
    game = Game.objects.get(match=first)
    insert_copies(Game, game.pk, f'"{Match._meta.db_table}" m',
                  f"m.competition_id = {competition.pk} AND m.id <> {first.pk}",
                  match_id="m.id", created_at="m.played_at")
    periods = RatingPeriod.objects.bulk_create(
        RatingPeriod(club=club, starts_on=week(n), system=club.rating_system,
                     rated_unit=club.rated_unit, tau=club.glicko2_tau, results=matches_a_week)
        for n in range(weeks))
    template = PlayerRating.objects.create(period=periods[0], player=people[0],
                                           starts_on=periods[0].starts_on, rating=1500, rd=80,
                                           volatility=0.06, games=1, total_games=1)
    insert_copies(
        PlayerRating, template.pk,
        f'"{RatingPeriod._meta.db_table}" p, "{Player._meta.db_table}" pl',
        f"p.club_id = {club.pk} AND pl.club_id = {club.pk} "
        f"AND NOT (p.id = {periods[0].pk} AND pl.id = {people[0].pk})",
        period_id="p.id", player_id="pl.id", starts_on="p.starts_on",
        rating="1400 + mod(pl.id, 200)", total_games="(p.starts_on - t.starts_on) / 7 + 1",
    )
    keep_latest(p.pk for p in people)  # as the rebuilds that wrote the rows would have
    return club, entries


@pytest.fixture
def history():
    """The club looked at (120 players, 150 weeks) beside a ten times bigger one."""
    big_club = club_with_history(players=1200, weeks=150, matches_a_week=600)
    club = club_with_history(players=120, weeks=150, matches_a_week=60)
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE")
    assert PlayerRating.objects.count() == 1320 * 150
    assert Match.objects.count() == 660 * 150
    return club, big_club


def plans(queries: list[dict]) -> list[dict]:
    found = []
    with connection.cursor() as cursor:
        for query in queries:
            if query["sql"].lstrip().upper().startswith("SELECT"):
                cursor.execute("EXPLAIN (ANALYZE, FORMAT JSON) " + query["sql"])
                plan = cursor.fetchone()[0]
                found.append(json.loads(plan)[0]["Plan"] if isinstance(plan, str) else plan[0]["Plan"])
    return found


def nodes(plan: dict):
    yield plan
    for child in plan.get("Plans", ()):
        yield from nodes(child)


def scans(found: list[dict]) -> list[tuple[str, str, int]]:
    """(node type, table, rows it read over all its loops) of each scan of a big table."""
    return [(node["Node Type"], node["Relation Name"],
             int(node["Actual Rows"] * node["Actual Loops"]))
            for plan in found for node in nodes(plan)
            if node.get("Relation Name") in BIG_TABLES]


def test_the_club_pages_queries_read_its_players_latest_ratings_not_the_history(client, history):
    (club, _), _ = history
    with CaptureQueriesContext(connection) as queries:
        page = client.get(reverse("club", args=[club.slug]))
    assert page.status_code == 200
    read = scans(plans(queries.captured_queries))
    assert read, "the page reads the ratings"
    assert not [scan for scan in read if scan[0] == "Seq Scan"], read
    rows_of = {table: sum(rows for _, read_from, rows in read if read_from == table)
               for table in BIG_TABLES}
    assert rows_of[PlayerRating._meta.db_table] == 0, read  # not 150 weeks of them
    # Each read within the club's 120 players, not the other club's 1,200: its count, and its
    # best rows from the top of its range.
    latest = [rows for _, read_from, rows in read if read_from == LatestRating._meta.db_table]
    assert rows_of[LatestRating._meta.db_table] > 0 and max(latest) <= 120, read


def test_a_results_rating_work_reads_its_week_not_the_clubs_history(history):
    (_, entries), _ = history
    latest = played(entries[0], entries[1], "AA", in_week=150)
    with CaptureQueriesContext(connection) as queries:
        run = rate_confirmed_result(latest.pk, now=during(150))
    assert run.periods == 1 and run.results == 2
    read = scans(plans(queries.captured_queries))
    assert not [scan for scan in read if scan[0] == "Seq Scan"], read
    assert sum(rows for *_, rows in read) <= 50, read


def test_a_transaction_that_rewrote_many_rating_rows_analyzes_their_tables_once_it_commits():
    with CaptureQueriesContext(connection) as queries:
        with TestCase.captureOnCommitCallbacks(execute=True):
            assert not analyze_after_commit(ANALYZE_AFTER_ROWS - 1, PlayerRating)
        with TestCase.captureOnCommitCallbacks(execute=True):
            assert analyze_after_commit(ANALYZE_AFTER_ROWS, RatingPeriod, PlayerRating)
    analyzed = [q["sql"] for q in queries.captured_queries if q["sql"].startswith("ANALYZE")]
    assert analyzed == ['ANALYZE "ratings_ratingperiod", "ratings_playerrating"']
