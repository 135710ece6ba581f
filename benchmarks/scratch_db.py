"""A scratch test database for the benchmarks that need Django, never the suite's own."""

from __future__ import annotations

import os
from collections.abc import Callable


def in_scratch_database(name: str, measure: Callable[[], bool]) -> bool:
    """Set Django up, create the test database ``name`` (SQLite: in memory), run ``measure``
    in it and drop it again, whatever happens."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "league.settings")
    os.environ.setdefault("DJANGO_DEBUG", "true")  # a laptop's settings, as `make run` has
    # The benchmark prints its own figures; the log of every task it sets off would bury them.
    os.environ.setdefault("DJANGO_LOG_LEVEL", "WARNING")
    import django

    django.setup()
    from django.db import connection

    if connection.vendor != "sqlite":
        connection.settings_dict["TEST"]["NAME"] = name
    old_name = connection.creation.create_test_db(verbosity=0, autoclobber=True, serialize=False)
    try:
        return measure()
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)
