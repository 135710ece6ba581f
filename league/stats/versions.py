"""The version of the statistics pages, under which they are cached.

One token for the whole site, kept in the cache: a write that changes what any statistics page
counts (a match saved, a game or hand of a match no longer being played saved or deleted, a
player's name) forgets it, now and after the commit, and the next visitor mints a new one, as
the competition and player pages' versions work (league.competitions.base.page_versions). Hands
entered while a match is being played count nowhere yet and forget nothing.
"""

from __future__ import annotations

import secrets

from league.core.cache import add_versions, derived, forget

KEY = "statistics-version"


def statistics_version() -> str:
    token = derived.get(KEY)
    if not isinstance(token, str):
        new = secrets.token_hex(8)
        token = add_versions({KEY: (new, new)}).get(KEY)
    return token if isinstance(token, str) else secrets.token_hex(8)


def statistics_changed() -> None:
    forget([KEY])
