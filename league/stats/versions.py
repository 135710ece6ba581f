"""The version of the statistics pages, under which they are cached.

One token for the whole site, kept in the cache: a write that changes what any statistics page
counts (a match saved, a game or hand of a match no longer being played saved or deleted, a
player's name) forgets it, now and after the commit, and the next visitor mints a new one, as
the competition and player pages' versions work (league.competitions.base.page_versions). Hands
entered while a match is being played count nowhere yet and forget nothing.
"""

from __future__ import annotations

from league.core.cache import forget, versions_of

KEY = "statistics-version"


def statistics_version() -> str:
    return versions_of((KEY,))


def statistics_changed() -> None:
    forget([KEY])
