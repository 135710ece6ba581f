"""The site's connections to PostgreSQL run without JIT compilation (the site's queries are
short; compiling them cost more than it saved), and cost a page read through an index about as
much as one read in turn (the tables are in memory or on SSD), and keep the queries they repeat
prepared, with their plans."""

from __future__ import annotations

import pytest
from django.db import connection

from .conftest import ON_POSTGRES

pytestmark = [pytest.mark.django_db, pytest.mark.postgres,
              pytest.mark.skipif(not ON_POSTGRES, reason="JIT is PostgreSQL's: set DATABASE_URL=postgres://…")]


def test_the_sites_connections_run_without_jit():
    with connection.cursor() as cursor:
        cursor.execute("SHOW jit")
        assert cursor.fetchone()[0] == "off"


def test_the_sites_connections_cost_an_index_read_as_memory_or_ssd():
    with connection.cursor() as cursor:
        cursor.execute("SHOW random_page_cost")
        assert float(cursor.fetchone()[0]) == 1.1


def test_a_query_the_site_repeats_is_kept_prepared_with_its_plan():
    from league.clubs.models import Club

    for _ in range(2):  # prepared on the second run
        list(Club.objects.filter(slug="no-such-club"))
    with connection.cursor() as cursor:
        cursor.execute("SELECT statement FROM pg_prepared_statements")
        kept = [row[0] for row in cursor.fetchall()]
    assert any('"clubs_club"."slug" = $1' in statement for statement in kept)
