"""Many rows of one model written at once, from tuples of their column values.

Django's `bulk_create` builds a model instance for each row and then prepares every value of
every row for the query, in Python: a season's recount of a large club writes hundreds of
thousands of rows, and that preparation cost several times what the database took to store
them. On PostgreSQL the rows go through `COPY ... FROM STDIN` instead (the driver sends them
as they are, in one stream); elsewhere (SQLite) through `bulk_create`, as before. Either way in
the caller's transaction, with the model's defaults for the columns not named (its key).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from django.db import connection
from django.db.models import Model

from league.core.written_reads import table

BATCH = 2000  # rows per INSERT where there is no COPY


def written_rows(model: type[Model], fields: Sequence[str], rows: Iterable[Sequence]) -> None:
    """Write `rows`, each the values of `fields` (attribute names: `club_id`, not `club`) in
    that order, as new rows of `model`. The values are the database's: a field's conversion
    (as `get_db_prep_save` would make it) is not applied, so they must be plain numbers,
    strings, None and aware datetimes."""
    if connection.vendor != "postgresql":
        model.objects.bulk_create(
            (model(**dict(zip(fields, row, strict=True))) for row in rows), batch_size=BATCH)
        return
    # get_field knows a relation by its attribute name too (club_id)
    columns = ", ".join(connection.ops.quote_name(model._meta.get_field(name).column)
                        for name in fields)
    with connection.cursor() as cursor, cursor.cursor.copy(
            f"COPY {table(model)} ({columns}) FROM STDIN") as copy:
        for row in rows:
            copy.write_row(row)
