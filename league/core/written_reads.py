"""Model instances from a query written out in SQL: for the few reads of a page whose SQL, built
by the ORM on every visit, costs several times what the database takes to answer it.

    MATCH = Columns(Match, "m")
    sql = f"SELECT {MATCH.sql} FROM competitions_match m WHERE ..."
    for row in rows:
        match = MATCH.instance(row, 0)        # the columns from index 0, as Match.from_db
        entry = ENTRY.instance(row, 20, db, kept)  # one instance per entry over the rows

`Columns(model, alias, names)` lists a model's columns (all its concrete fields, or `names`) as
`alias.column`; `instance` builds the model from them as the ORM would: each value converted by
the database's and the field's converters (SQLite's times made aware, JSON read), then made as
`Model.from_db` makes it, so a field left out is deferred (read when first used), never made up.
For a plain model (`plain`: every model of the site) that is its columns set on a new instance,
which is what `Model.__init__` does for it, without the work of its general case.
`related(match, round=round_)` hands a model the objects read with it, as select_related does.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Generic, TypeVar

from django.db import DEFAULT_DB_ALIAS, connection, connections
from django.db.models import Model
from django.db.models.base import ModelState
from django.db.models.fields.related_descriptors import ForeignKeyDeferredAttribute
from django.db.models.query_utils import DeferredAttribute
from django.db.models.signals import post_init, pre_init
from django.http import Http404

from league.core.driver import driver_connection, driver_cursor, unlogged

T = TypeVar("T")
# A column's attribute that, set on a new instance, only puts its value in the instance's dict.
PLAIN_ATTRIBUTES = (DeferredAttribute, ForeignKeyDeferredAttribute)


def table(model: type[Model]) -> str:
    """A model's table, quoted, for a query written out."""
    return connection.ops.quote_name(model._meta.db_table)


def marks(values: Sequence) -> str:
    """One placeholder for each of `values`: `IN ({marks(ids)})`."""
    return ", ".join(["%s"] * len(values))


def one_of(column: str, values: Sequence) -> tuple[str, list]:
    """The condition that `column` is one of `values` (at least one), and its parameters. On
    PostgreSQL the values are one array (`= ANY(%s)`): the query's text is the same whatever
    their number, so a connection prepares and plans it once, where a list of placeholders
    is a new statement for each length (about 0.5 ms to prepare a player's matches). Elsewhere
    one placeholder each (`IN (...)`).

    Only where the values' index is the plan whatever their number: a prepared plan is made
    without the values, and with an array it cannot tell how few they are. A player's matches
    seen in his club (league.stats.his_matches) keep their list: planned for an array, they
    were read competition by competition, 2 ms instead of 0.3 at the federation's size."""
    if _default_vendor() == "postgresql":
        return f"{column} = ANY(%s)", [list(values)]
    return f"{column} IN ({marks(values)})", list(values)


def fetched(sql: str, params: Sequence) -> list[tuple]:
    """The rows of a written-out query on the default database (on PostgreSQL, read with the
    driver's cursor when queries are not logged: league.core.driver)."""
    with driver_cursor() if unlogged() else connection.cursor() as cursor:
        cursor.execute(sql, list(params))
        return cursor.fetchall()


def fetched_together(*queries: tuple[str, Sequence]) -> list[list[tuple]]:
    """The rows of each of several written-out queries that do not depend on one another. On
    PostgreSQL they are sent in one pipeline: the server answers them one after another, but
    the page waits for one round trip, not one per query (a competition page's three reads at
    the federation: 1.43 ms asked in turn, 1.30 ms together). Elsewhere they are asked one after
    another."""
    if connection.vendor != "postgresql":
        return [fetched(sql, params) for sql, params in queries]
    if unlogged():
        with driver_connection() as driver:
            cursors = [driver.cursor() for _ in queries]
            return _pipelined(driver, cursors, queries)
    # Opened before the pipeline starts: the first checks that the connection is alive.
    cursors = [connection.cursor() for _ in queries]
    with connection.wrap_database_errors:
        return _pipelined(connection.connection, cursors, queries)


def _pipelined(driver, cursors: list, queries: Sequence[tuple[str, Sequence]]
               ) -> list[list[tuple]]:
    """Each query run by its cursor in one pipeline of the driver's connection, and its rows;
    the cursors closed."""
    try:
        with driver.pipeline():
            for cursor, (sql, params) in zip(cursors, queries, strict=True):
                cursor.execute(sql, list(params))
            return [cursor.fetchall() for cursor in cursors]
    finally:
        for cursor in cursors:
            cursor.close()


@dataclass(frozen=True, slots=True)
class Read(Generic[T]):
    """A written-out query and how its answer is made of its rows: an app's read that a page
    can ask together with others (`answered_together`), or alone (`answered`). A read whose
    answer is known without asking (a list of nobody's entries) has no query (`NO_QUERY`): its
    answer is made of no rows."""

    sql: str
    params: Sequence
    answer: Callable[[list[tuple]], T]


NO_QUERY = ""


def answered(read: Read[T]) -> T:
    """The answer of one read: one query, none for a read without one."""
    return read.answer(fetched(read.sql, read.params) if read.sql else [])


def answered_together(*reads: Read) -> list:
    """The answer of each read, the reads asked together (`fetched_together`: one round trip on
    PostgreSQL); an answer that raises (a 404) does so once every read has been answered."""
    asked = [read for read in reads if read.sql]
    found = iter(fetched_together(*((read.sql, read.params) for read in asked)) if asked else ())
    return [read.answer(next(found) if read.sql else []) for read in reads]


def first_value(sql: str, params: Sequence):
    """The first column of a written-out query's first row; None when it found none."""
    found = fetched(sql, params)
    return found[0][0] if found else None


def the_row(sql: str, params: Sequence, missing: str) -> tuple:
    """The row of a written-out query for one object by its key; a 404 (`missing`: what the
    page says of it) when there is none."""
    found = fetched(sql, params)
    if not found:
        raise Http404(missing)
    return found[0]


def related(instance: Model, **objects: Model | None) -> None:
    """Give `instance` the related objects read with it, by field name (None for a relation
    that is empty), as select_related leaves them: reading them costs no query."""
    instance._state.fields_cache.update(objects)


class Columns:
    def __init__(self, model: type[Model], alias: str, names: Sequence[str] | None = None):
        fields = model._meta.concrete_fields
        if names is not None:
            by_name = {f.attname: f for f in fields} | {f.name: f for f in fields}
            fields = [by_name[name] for name in names]
        self.model = model
        self.fields = list(fields)
        self.names = [f.attname for f in self.fields]
        self.sql = ", ".join(f"{alias}.{connection.ops.quote_name(f.column)}" for f in self.fields)
        self._converters: dict[str, list] = {}  # by database vendor
        self._plain: bool | None = None  # known at the first instance, once the site is loaded

    def __len__(self) -> int:
        return len(self.fields)

    def instance(self, row: Sequence, start: int = 0, db=None, kept: dict | None = None
                 ) -> Model | None:
        """The model of the columns from `start` in `row`; None when its key is NULL (a LEFT
        JOIN that found nothing). `db`: the connection the row came from (the default one);
        `kept`: the instances built from earlier rows of the query, by model and key, given
        again for the same row (an entry met in many matches is built once)."""
        pk = row[start]
        if pk is None:
            return None
        if kept is not None and (found := kept.get((self.model, pk))) is not None:
            return found
        values = self.values(row, start, db)
        alias = DEFAULT_DB_ALIAS if db is None else db.alias
        if self._plain is None:
            self._plain = plain(self.model)
        if self._plain:
            made = self.model.__new__(self.model)
            made._state = ModelState()
            made._state.adding, made._state.db = False, alias
            made.__dict__.update(zip(self.names, values, strict=True))
        else:
            made = self.model.from_db(alias, self.names, values)
        if kept is not None:
            kept[(self.model, pk)] = made
        return made

    def values(self, row: Sequence, start: int = 0, db=None) -> list:
        """The columns from `start` in `row`, each as its field reads it (converted), without
        building the model: for a column read on its own, as an aggregate of it (`MAX(...)`).
        The default connection is looked up only when a column has a converter: a lookup costs
        a few microseconds (the connections are each thread's own), and a page builds a hundred
        models or more."""
        values = list(row[start:start + len(self.fields)])
        converters = self._converters_now(db)
        if converters:
            db = db or connections[DEFAULT_DB_ALIAS]
            for index, convert, column in converters:
                values[index] = convert(values[index], column, db)
        return values

    def _converters_now(self, db) -> list:
        vendor = _default_vendor() if db is None else db.vendor
        found = self._converters.get(vendor)
        if found is None:
            db = db or connections[DEFAULT_DB_ALIAS]
            found = []
            for index, field in enumerate(self.fields):
                column = field.get_col(self.model._meta.db_table)
                for convert in (db.ops.get_db_converters(column)
                                + field.get_db_converters(db)):
                    found.append((index, convert, column))
            self._converters[db.vendor] = found
        return found


@cache
def _default_vendor() -> str:
    """The default database's vendor ("postgresql", "sqlite"): a process's settings name one."""
    return connections[DEFAULT_DB_ALIAS].vendor


def plain(model: type[Model]) -> bool:
    """Whether `Model.from_db` makes `model` by setting its columns' values on a new instance and
    nothing more: no __init__ or from_db of its own, no pre_init or post_init receiver, and each
    column a plain attribute (read from the instance's dict, a deferred one read when first
    used)."""
    return (model.__init__ is Model.__init__
            and model.from_db.__func__ is Model.from_db.__func__
            and not pre_init.has_listeners(model) and not post_init.has_listeners(model)
            and all(type(getattr(model, f.attname, None)) in PLAIN_ATTRIBUTES
                    for f in model._meta.concrete_fields))
