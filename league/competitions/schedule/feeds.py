"""The calendar feeds of a competition and of a club, kept as the bytes served under the
versions of what they show (league.competitions.base.page_versions), so that a feed is written
once for each change of what it shows rather than on every visit.

A competition's feed shows its matches, rounds, club nights, entries' players, and its
season's and club's names: each of their writes forgets the competition's version. A club's
feed shows the same of each of its competitions not finished, and the club's name: it is kept
under those competitions' versions and the version of the club's pages, which a write to a
competition (one finished, one added), a season or the club forgets. A feed is kept for the
address it was asked at (its events' links and UIDs name the host), after the members-only
check, which the views make on every visit.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable

from django.core.cache import caches

from league.competitions.base.page_versions import (
    FRAGMENT_SECONDS,
    club_pages_version,
    competition_tokens,
)
from league.competitions.schedule.feed_reads import unfinished_competitions


def competition_feed_version(pk: int) -> str | None:
    """The version of competition `pk`'s feed (its page's); None when there is no such
    competition."""
    return competition_tokens([pk]).get(pk)


def club_feed_version(club_id: int) -> str:
    """The version of the club's feed: two or three reads of the cache (the club's competitions
    not finished are kept under the club pages' version, which a competition's save forgets), and
    one query when they are not kept."""
    shared = club_pages_version(club_id)
    fragments = caches["template_fragments"]
    key = f"feed-competitions:{club_id}:{shared}"
    pks = fragments.get(key)
    if not isinstance(pks, list):
        pks = unfinished_competitions(club_id)
        fragments.set(key, pks, FRAGMENT_SECONDS)
    tokens = competition_tokens(pks)
    joined = ".".join([shared, *(f"{pk}:{tokens[pk]}" for pk in sorted(tokens))])
    return hashlib.blake2b(joined.encode(), digest_size=16).hexdigest()


def kept_feed(name: str, version: str, address: str, write: Callable[[], bytes]) -> bytes:
    """The feed `name` of this version as served at `address` (scheme and host): the bytes kept,
    else those `write` makes, kept from then on."""
    key = f"feed:{name}:{version}:{address}"
    feeds = caches["template_fragments"]
    found = feeds.get(key)
    if not isinstance(found, bytes):
        found = write()
        feeds.set(key, found, FRAGMENT_SECONDS)
    return found
