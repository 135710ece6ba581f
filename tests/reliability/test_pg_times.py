"""PostgreSQL's times are read by psycopg's compiled loader, and read as Django's own loader
reads them: the same instant, in the connection's time zone, NULL as None."""

from __future__ import annotations

import datetime
import zoneinfo

import pytest
from django.db import connection
from django.db.backends.postgresql.psycopg_any import BaseTzLoader
from psycopg.pq import Format

from league.core.pg_times import PARSER, TIMESTAMPTZ_OID, CompiledTzLoader, loader_for
from tests.reliability.conftest import ON_POSTGRES

pytestmark = [
    pytest.mark.django_db, pytest.mark.postgres,
    pytest.mark.skipif(not ON_POSTGRES, reason="psycopg's loaders: set DATABASE_URL=postgres://…"),
]

TIMES = ["'2026-03-29 01:59:59.999999+00'", "'2026-10-25 00:30:00+02'", "'1999-12-31 23:00:00-05'",
         "'0044-03-15 12:00:00+00'", "NULL"]


def read(sql: str) -> tuple:
    with connection.cursor() as cursor:
        cursor.execute(sql)
        return cursor.fetchone()


def test_a_connection_reads_its_times_with_the_compiled_loader():
    connection.ensure_connection()
    loader = connection.connection.adapters.get_loader(TIMESTAMPTZ_OID, Format.TEXT)
    assert issubclass(loader, CompiledTzLoader)
    assert loader.timezone == connection.timezone  # Django keeps it on every cursor
    assert not PARSER.__module__.startswith("psycopg.types")  # psycopg's compiled part


def test_each_time_is_what_djangos_loader_reads():
    sql = "SELECT " + ", ".join(f"CAST({t} AS timestamptz)" for t in TIMES)
    ours = read(sql)
    connection.connection.adapters.register_loader(
        TIMESTAMPTZ_OID, type("Django", (BaseTzLoader,), {"timezone": connection.timezone}))
    try:
        djangos = read(sql)
    finally:
        connection.close()  # the next connection is made with the site's loader again
    assert ours == djangos
    assert [value.tzinfo if value else None for value in ours] == [
        value.tzinfo if value else None for value in djangos]
    assert ours[1] == datetime.datetime(2026, 10, 24, 22, 30, tzinfo=datetime.UTC)
    assert ours[-1] is None


def test_a_loader_made_for_another_zone_answers_as_djangos_for_that_zone():
    connection.ensure_connection()
    vienna = zoneinfo.ZoneInfo("Europe/Vienna")
    ours = loader_for(vienna)(TIMESTAMPTZ_OID, connection.connection)
    djangos = type("Django", (BaseTzLoader,), {"timezone": vienna})(
        TIMESTAMPTZ_OID, connection.connection)
    for text in (b"2026-07-01 12:00:00+02", b"2026-01-01 00:00:00.5+00"):
        value = ours.load(text)
        assert value == djangos.load(text)
        assert value.tzinfo is vienna
    assert loader_for(vienna) is type(ours)  # one class per zone
