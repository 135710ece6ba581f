"""The competition page counts each round's open matches and finds when its latest result was
confirmed from an index of the matches alone (match_rounds_counted: the competition and the
round, with the status and the confirmation time beside them), never reading the matches' rows.

At a test's size PostgreSQL would rather read the few rows from end to end; sequential scans are
turned off so that the plan shows which index can answer the query by itself."""

from __future__ import annotations

import json

import pytest
from django.db import connection

from league.competitions.formats.selectors import PAGE_ROUNDS, competition_page
from league.competitions.models import Competition, Match
from tests.formats.builders import Club, scheduled, win
from tests.reliability.conftest import ON_POSTGRES

pytestmark = [
    pytest.mark.django_db, pytest.mark.postgres,
    pytest.mark.skipif(not ON_POSTGRES, reason="plans are PostgreSQL's: set DATABASE_URL=postgres://…"),
]


def plan_nodes(plan: dict):
    yield plan
    for child in plan.get("Plans", ()):
        yield from plan_nodes(child)


def test_each_rounds_open_matches_are_counted_from_the_index_alone():
    league = Club(6).competition(Competition.Format.LEAGUE)
    matches = scheduled(league)
    for match in matches[:4]:
        win(match, "A")
    params = [Match.Status.CONFIRMED, Match.Status.VOID, league.pk, league.pk]
    with connection.cursor() as cursor:
        cursor.execute("SET LOCAL enable_seqscan = off")
        cursor.execute("EXPLAIN (FORMAT JSON) " + PAGE_ROUNDS, params)
        explained = cursor.fetchone()[0]
    plan = (json.loads(explained) if isinstance(explained, str) else explained)[0]["Plan"]
    reads = [(node["Node Type"], node.get("Index Name"))
             for node in plan_nodes(plan) if node.get("Relation Name") == Match._meta.db_table]
    assert reads == [("Index Only Scan", "match_rounds_counted")]

    # what it counts is what the page shows: the four results, each in its round
    rounds = competition_page(league.pk).round_list
    assert sum(r.open_matches for r in rounds) == len(matches) - 4
    assert ({r.pk for r in rounds if r.last_confirmed is not None}
            == {match.round_id for match in matches[:4]})
