"""The planner's statistics brought up to date after a bulk rewrite of a table.

PostgreSQL plans from sampled statistics that autovacuum refreshes only after a tenth of a table
has changed, and some time later: after one transaction rewrote many rows (a club's ratings
rebuilt from scratch), the plans of the next reads may be built on counts that are far off.
ANALYZE samples a fixed number of rows whatever the table's size. Other databases keep no such
statistics (SQLite's are gathered only when asked, and the site does not rely on them).
"""

from __future__ import annotations

from django.db import connection, transaction
from django.db.models import Model

# Rows rewritten in one transaction from which the tables' statistics are refreshed at its
# commit: well above a week's ratings of the largest club, well below a season's.
ANALYZE_AFTER_ROWS = 20_000


def analyze_after_commit(rows: int, *models: type[Model]) -> bool:
    """After a transaction that rewrote `rows` rows of these models' tables: ANALYZE them once
    it commits, on PostgreSQL, when that is many rows. Whether it was arranged."""
    if rows < ANALYZE_AFTER_ROWS or connection.vendor != "postgresql":
        return False
    tables = ", ".join(connection.ops.quote_name(model._meta.db_table) for model in models)
    transaction.on_commit(lambda: _analyze(tables))
    return True


def _analyze(tables: str) -> None:
    with connection.cursor() as cursor:
        cursor.execute(f"ANALYZE {tables}")
