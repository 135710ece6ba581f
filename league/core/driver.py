"""Cursors of the database driver itself, for the reads a page writes out in SQL
(league.core.written_reads) on PostgreSQL.

Django's cursor wraps the driver's for every backend: making one costs about 12 µs against the
driver's 3, and each query passes through its wrappers (about 35 µs a query all told, on a
cold page's sixteen reads). A written read needs none of that when queries are neither logged
nor wrapped (`connection.queries_logged`: DEBUG, or a test counting them; `execute_wrapper`):
it then takes a cursor of the driver's connection after the checks Django's `cursor()` makes
(the health check at a request's first query, the connection opened, its thread), refuses a
transaction that an error broke as Django's cursor does, and its errors are raised as Django's
(`wrap_database_errors`). The driver's connection is the one Django opened, with its settings:
the same prepared statements, server-side binding and time loader.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from django.db import connection


def unlogged() -> bool:
    """Whether a written read may use the driver's cursors: on PostgreSQL (whose driver takes
    the reads' placeholders as written), with no query logged or wrapped."""
    return (connection.vendor == "postgresql" and not connection.queries_logged
            and not connection.execute_wrappers)


@contextmanager
def driver_connection() -> Iterator:
    """The driver's connection, checked as Django's `cursor()` checks its own, inside
    Django's translation of the driver's errors."""
    connection.close_if_health_check_failed()
    connection.ensure_connection()
    connection.validate_thread_sharing()
    connection.validate_no_broken_transaction()
    with connection.wrap_database_errors:
        yield connection.connection


@contextmanager
def driver_cursor() -> Iterator:
    """A cursor of the driver's connection (`driver_connection`), closed after the block."""
    with driver_connection() as driver, driver.cursor() as cursor:
        yield cursor
