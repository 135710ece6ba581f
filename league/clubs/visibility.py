"""Whether a user may see a club's pages (a public club: everyone; a members-only club: its
organizers and the accounts of its players), answered for the pages of its competitions,
matches and players mostly without a query: the club an object belongs to never changes, and
whether a club is public is cached.

Whether a club is public is cached so that it can never keep a club open for long after it
was made members-only, whatever happens to the cache's writes and deletes. A club's save
deletes the cached answer (league.clubs.signals), but a delete can be lost (the cache does not
answer during the save: the delete is dropped) or overtaken (a visitor read "public" from the
database just before the switch committed and writes it after the delete). So the cached entry
carries the time its answer was read from the database, and the answer "public" is believed
only for PUBLIC_SECONDS after that read: an older entry is read again from the database. A
lost or overtaken write can keep a club open at most that long after the switch. The answer
"members-only" fails closed (a stale one only delays the opening of the club's pages), and is
believed for MEMBERS_ONLY_SECONDS. The cache's own expiry of each entry is the same bound, so an
entry left behind while the cache was away expires there too."""

from __future__ import annotations

import time
from collections.abc import Callable

from django.core.cache import caches
from django.db.models import Q

from league.clubs.models import Club
from league.core.cache import derived, filled_alone
from league.core.fills import Filling
from league.core.written_reads import Read, table

PUBLIC_KEY = "club-public:{}"
CLUB_OF_KEY = "club-of:{}:{}"
PUBLIC_SECONDS = 5
MEMBERS_ONLY_SECONDS = 300
# Asked on a cold visit of every page of a club: written out, as the ORM's query cost several
# times what the database took to answer it (league.core.written_reads).
_PUBLIC_SQL = f"SELECT 1 FROM {table(Club)} c WHERE c.id = %s AND c.is_public"


def visibility_keys(club_id: int | None) -> list[str]:
    """The cached entries `may_see` reads for anyone: to be read ahead with a page's own
    (league.core.cache.read_ahead)."""
    return [] if club_id is None else [PUBLIC_KEY.format(club_id)]


def club_is_public(club_id: int) -> bool:
    key = PUBLIC_KEY.format(club_id)
    entry = derived.get(key)
    if _believed(entry):
        return entry[0]
    return filled_alone(key, public_filling(str(club_id)))


def public_filling(club_id: str) -> Filling:
    """Whether the club is public, as its key keeps it: with the moment it was read, for
    PUBLIC_SECONDS when it is (a club made private stops showing soon), MEMBERS_ONLY_SECONDS
    when not (league.core.fills)."""
    return Filling(Read(_PUBLIC_SQL, [int(club_id)], bool), _public_kept)


def _public_kept(answer: bool) -> tuple[tuple[bool, float], int]:
    return (answer, time.time()), PUBLIC_SECONDS if answer else MEMBERS_ONLY_SECONDS


def _believed(entry) -> bool:
    """A cached (answer, read at) still within its bound; anything else is read again."""
    if not (isinstance(entry, tuple) and len(entry) == 2):
        return False
    answer, read_at = entry
    age = time.time() - read_at
    return 0 <= age <= (PUBLIC_SECONDS if answer else MEMBERS_ONLY_SECONDS)


def may_see(user, club_id: int, *, public: bool | None = None) -> bool:
    """`public`: whether the club is public, when the caller has just read it from the
    database (no cached answer is then asked)."""
    if club_is_public(club_id) if public is None else public:
        return True
    if not user.is_authenticated:
        return False
    if user.is_superuser:
        return True
    return Club.objects.filter(Q(organizers=user) | Q(players__user=user), pk=club_id).exists()


def club_of(kind: str, pk: int, find: Callable[[], int | None]) -> int | None:
    """The club of the object `kind` `pk` (`find` reads it), remembered: it never changes, so
    it is kept in each process's memory in front of the shared cache (league.fragment_cache),
    and a page asks the shared cache only on its process's first visit to the object."""
    remembered = caches["template_fragments"]
    key = CLUB_OF_KEY.format(kind, pk)
    club_id = remembered.get(key)
    if club_id is None:
        club_id = find()
        if club_id is not None:
            remembered.set(key, club_id, timeout=None)
    return club_id
