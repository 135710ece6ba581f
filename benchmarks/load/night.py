"""Build the club night of benchmarks/bench_night.py in the database of DATABASE_URL and write
its manifest: for each table, the game being played and both players' sessions.

    DATABASE_URL=postgres://…/ginleague_night python -m benchmarks.load.night manifest.json 24
"""

from __future__ import annotations

import json
import os
import sys


def main(path: str, tables: int) -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "league.settings")
    import django

    django.setup()
    from benchmarks.load.build import analyze, session_of
    from league.games.services import start_game
    from tests.factories import MatchFactory

    manifest = []
    for _ in range(tables):
        match = MatchFactory()
        players = (match.entry_a.player.user, match.entry_b.player.user)
        game = start_game(match.pk, actor=players[0])
        manifest.append({"game": game.pk, "sessions": [session_of(p) for p in players]})
    analyze()
    with open(path, "w") as out:
        json.dump(manifest, out)


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]))
