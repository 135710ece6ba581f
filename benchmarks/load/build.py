"""Build the load test's season in the database of DATABASE_URL and write the manifest the
locustfile reads: the competitions and players to visit, and each player's session and match.

    DATABASE_URL=postgres://…/ginleague_load python -m benchmarks.load.build manifest.json
"""

from __future__ import annotations

import json
import os
import sys
import time


def main(path: str) -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "league.settings")
    import django

    django.setup()
    from benchmarks.load.season import SeasonSize, build_season

    started = time.perf_counter()
    built = build_season(SeasonSize())
    analyze()
    manifest = {
        "standings": [c.pk for c in built.divisions],
        "bracket": built.knockout.pk,
        "players": [p.pk for p in built.players],
        "hands": [{"match": m.pk, "session": session_of(m.entry_a.player.user)}
                  for m in built.hand_matches],
        "games": built.games,
        "built_in": round(time.perf_counter() - started, 1),
    }
    with open(path, "w") as out:
        json.dump(manifest, out)
    print(f"season: {len(built.players)} players, {built.games} games, "
          f"{len(built.divisions)} divisions, a knockout of {SeasonSize().knockout}: "
          f"{manifest['built_in']} s")


def analyze() -> None:
    """What autovacuum would do soon after a bulk load (a server may run with it off, as a test
    machine's can): the planner's statistics for the rows just written, without which
    PostgreSQL plans the pages' queries for empty tables, and the visibility map, without
    which an index-only scan reads the table's rows too."""
    from django.db import connection

    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("VACUUM (ANALYZE)")


def session_of(user) -> str:
    """A signed-in session for the user, as the sign-in page would leave it: named with the
    backend the site signs in with (a backend the settings do not list signs nobody in), and
    stored by the site's session engine."""
    from importlib import import_module

    from django.conf import settings
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY

    session = import_module(settings.SESSION_ENGINE).SessionStore()
    session[SESSION_KEY] = str(user.pk)
    session[BACKEND_SESSION_KEY] = settings.AUTHENTICATION_BACKENDS[0]
    session[HASH_SESSION_KEY] = user.get_session_auth_hash()
    session.create()
    return session.session_key


if __name__ == "__main__":
    main(sys.argv[1])
