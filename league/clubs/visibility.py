"""Whether a user may see a club's pages (a public club: everyone; a members-only club: its
organizers and the accounts of its players), answered for the pages of its competitions,
matches and players without a query for a public club: the club an object belongs to never
changes, and whether a club is public is cached until the club is saved (league.clubs.signals)."""

from __future__ import annotations

from collections.abc import Callable

from django.db.models import Q

from league.clubs.models import Club
from league.core.cache import derived

PUBLIC_KEY = "club-public:{}"
CLUB_OF_KEY = "club-of:{}:{}"


def club_is_public(club_id: int) -> bool:
    key = PUBLIC_KEY.format(club_id)
    answer = derived.get(key)
    if answer is None:
        answer = Club.objects.filter(pk=club_id, is_public=True).exists()
        derived.set(key, answer, timeout=None)
    return answer


def may_see(user, club_id: int) -> bool:
    if club_is_public(club_id):
        return True
    if not user.is_authenticated:
        return False
    if user.is_superuser:
        return True
    return Club.objects.filter(Q(organizers=user) | Q(players__user=user), pk=club_id).exists()


def club_of(kind: str, pk: int, find: Callable[[], int | None]) -> int | None:
    """The club of the object `kind` `pk` (`find` reads it), remembered: it never changes."""
    key = CLUB_OF_KEY.format(kind, pk)
    club_id = derived.get(key)
    if club_id is None:
        club_id = find()
        if club_id is not None:
            derived.set(key, club_id, timeout=None)
    return club_id
