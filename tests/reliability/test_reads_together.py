"""Reads asked together (league.core.written_reads.fetched_together, and with their answers
answered_together): each answers as it would alone, on SQLite one after another and on
PostgreSQL in one pipeline; a read that fails raises the database's error as any query does,
and the connection goes on."""

import pytest
from django.db import DatabaseError, connection, transaction
from django.http import Http404

from league.clubs.models import Club
from league.core.written_reads import (
    NO_QUERY,
    Read,
    answered,
    answered_together,
    fetched,
    fetched_together,
    one_of,
    table,
)
from tests.factories import ClubFactory

pytestmark = pytest.mark.django_db


def test_reads_asked_together_answer_as_each_alone(django_assert_num_queries):
    clubs = ClubFactory.create_batch(3)
    by_name = f"SELECT c.name FROM {table(Club)} c WHERE c.id = %s"
    counted = f"SELECT COUNT(*) FROM {table(Club)} c WHERE c.id IN (%s, %s)"
    nothing = f"SELECT c.id FROM {table(Club)} c WHERE c.id = %s"
    queries = [(by_name, [clubs[1].pk]), (counted, [clubs[0].pk, clubs[2].pk]), (nothing, [0])]
    with django_assert_num_queries(3):
        together = fetched_together(*queries)
    assert together == [fetched(sql, params) for sql, params in queries]
    assert together == [[(clubs[1].name,)], [(2,)], []]


def test_a_read_that_fails_among_others_raises_and_the_connection_goes_on():
    club = ClubFactory()
    by_name = f"SELECT c.name FROM {table(Club)} c WHERE c.id = %s"
    with pytest.raises(DatabaseError), transaction.atomic():
        fetched_together((by_name, [club.pk]), ("SELECT * FROM no_such_table", []),
                         (by_name, [club.pk]))
    assert fetched_together((by_name, [club.pk])) == [[(club.name,)]]
    assert fetched(by_name, [club.pk]) == [(club.name,)]


@pytest.mark.skipif(connection.vendor != "postgresql", reason="a pipeline is PostgreSQL's")
def test_on_postgresql_the_reads_go_out_in_one_pipeline(monkeypatch):
    pipelines = []
    raw = connection.cursor().connection  # the driver's connection, opened
    pipeline = type(raw).pipeline

    def counted(self):
        pipelines.append(self)
        return pipeline(self)

    monkeypatch.setattr(type(raw), "pipeline", counted)
    one = f"SELECT 1 FROM {table(Club)} c WHERE c.id = %s"
    fetched_together((one, [1]), (one, [2]))
    assert pipelines == [raw]


def test_reads_with_their_answers_are_answered_as_each_alone(django_assert_num_queries):
    clubs = ClubFactory.create_batch(2)
    names = Read(f"SELECT c.name FROM {table(Club)} c ORDER BY c.id", [],
                 lambda rows: [name for (name,) in rows])
    count = Read(f"SELECT COUNT(*) FROM {table(Club)} c", [], lambda rows: rows[0][0])
    with django_assert_num_queries(2):
        together = answered_together(names, count)
    assert together == [answered(names), answered(count)] == [[c.name for c in clubs], 2]


def test_an_answer_that_refuses_raises_once_every_read_is_answered():
    club = ClubFactory()

    def found(rows):
        if not rows:
            raise Http404("No such club.")
        return rows[0][0]

    asked = f"SELECT c.name FROM {table(Club)} c WHERE c.id = %s"
    with pytest.raises(Http404):
        answered_together(Read(asked, [club.pk], found), Read(asked, [0], found))
    assert answered(Read(asked, [club.pk], found)) == club.name  # the connection goes on


def test_one_of_finds_the_rows_of_any_number_of_values_in_one_text_on_postgresql():
    clubs = ClubFactory.create_batch(4)
    found = {}
    for count in (1, 2, 4):
        among, params = one_of("c.id", [club.pk for club in clubs[:count]])
        sql = f"SELECT c.name FROM {table(Club)} c WHERE {among} ORDER BY c.id"
        found[count] = (sql, [name for (name,) in fetched(sql, params)])
    assert [names for _sql, names in found.values()] == [
        [c.name for c in clubs[:count]] for count in (1, 2, 4)]
    texts = {sql for sql, _names in found.values()}
    # one statement for the three lengths on PostgreSQL (one prepared plan); one each elsewhere
    assert len(texts) == (1 if connection.vendor == "postgresql" else 3)


def test_a_read_without_a_query_is_answered_without_asking(django_assert_num_queries):
    club = ClubFactory()
    nobody = Read(NO_QUERY, [], lambda rows: ("nothing read", rows))
    name = Read(f"SELECT c.name FROM {table(Club)} c WHERE c.id = %s", [club.pk],
                lambda rows: rows[0][0])
    with django_assert_num_queries(1):
        assert answered_together(nobody, name, nobody) == [("nothing read", []), club.name,
                                                           ("nothing read", [])]
    with django_assert_num_queries(0):
        assert answered_together(nobody) == [("nothing read", [])]
        assert answered(nobody) == ("nothing read", [])
