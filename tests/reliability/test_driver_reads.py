"""Written reads on PostgreSQL take the driver's own cursor when no query is logged
(league.core.driver): the same rows, Django's errors, a broken transaction refused as Django's
cursor refuses it, and every read still counted where queries are counted."""

import pytest
from django.db import DatabaseError, ProgrammingError, connection, transaction
from django.db.transaction import TransactionManagementError
from django.test.utils import CaptureQueriesContext

from league.clubs.models import Club
from league.core.driver import unlogged
from league.core.written_reads import fetched, fetched_together, table
from tests.factories import ClubFactory

pytestmark = [
    pytest.mark.django_db,
    pytest.mark.skipif(connection.vendor != "postgresql",
                       reason="the driver's placeholders are PostgreSQL's"),
]

BY_NAME = f"SELECT c.name FROM {table(Club)} c WHERE c.id = %s"


def _no_django_cursor(monkeypatch):
    def refused(*args, **kwargs):
        raise AssertionError("a written read took Django's cursor")

    monkeypatch.setattr(connection, "cursor", refused)


def test_a_read_not_logged_takes_the_drivers_cursor_and_reads_the_same_rows(monkeypatch):
    club = ClubFactory()
    with CaptureQueriesContext(connection):
        logged = fetched(BY_NAME, [club.pk]), fetched_together((BY_NAME, [club.pk]))
    _no_django_cursor(monkeypatch)
    assert (fetched(BY_NAME, [club.pk]), fetched_together((BY_NAME, [club.pk]))) == logged
    assert logged == ([(club.name,)], [[(club.name,)]])


def test_reads_are_counted_where_queries_are_counted(django_assert_num_queries):
    club = ClubFactory()
    with django_assert_num_queries(3):
        fetched(BY_NAME, [club.pk])
        fetched_together((BY_NAME, [club.pk]), (BY_NAME, [0]))


def test_a_failing_read_raises_djangos_error_and_the_connection_goes_on():
    club = ClubFactory()
    assert unlogged()  # the driver's cursor reads (Django's makes the savepoints)
    with pytest.raises(ProgrammingError), transaction.atomic():
        fetched("SELECT * FROM no_such_table", [])
    with pytest.raises(DatabaseError), transaction.atomic():
        fetched_together((BY_NAME, [club.pk]), ("SELECT * FROM no_such_table", []))
    assert fetched(BY_NAME, [club.pk]) == [(club.name,)]


def test_a_transaction_an_error_broke_refuses_a_read_as_djangos_cursor_does():
    club = ClubFactory()
    assert unlogged()
    with transaction.atomic():
        with pytest.raises(ProgrammingError):  # caught inside the block: it stays broken
            fetched("SELECT * FROM no_such_table", [])
        connection.needs_rollback = True  # as the ORM marks it after such an error
        with pytest.raises(TransactionManagementError):
            fetched(BY_NAME, [club.pk])
        with pytest.raises(TransactionManagementError):
            fetched_together((BY_NAME, [club.pk]))
