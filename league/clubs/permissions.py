"""Who may do what. Views check these, and every service checks them again."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import Q
from django.utils.translation import gettext

from league.clubs.models import Club
from league.core.cache import derived, filled_alone
from league.core.errors import NotAllowed
from league.core.fills import Filling
from league.core.written_reads import Read, fetched, table

User = AbstractBaseUser | AnonymousUser


_ORGANIZES_CLUB_SQL = (f"SELECT 1 FROM {table(Club.organizers.through)} o "
                       f"WHERE o.club_id = %s AND o.user_id = %s")


def is_organizer(user: User, club: Club) -> bool:
    if not user.is_authenticated:
        return False
    if user.is_superuser:
        return True
    return bool(fetched(_ORGANIZES_CLUB_SQL, [club.pk, user.pk]))


def organizes_club(user: User, club_id: int) -> bool:
    """is_organizer for a club known by its id: no query for a visitor, a superuser or one who
    organizes no club (organizes_any, cached), else one."""
    if not organizes_any(user):
        return False
    return user.is_superuser or bool(fetched(_ORGANIZES_CLUB_SQL, [club_id, user.pk]))


def organized_by(user: User, club: str) -> Q:
    """The rows whose club (reached by the lookup `club`, e.g. "competition__season__club") the
    signed-in user organizes, as `is_organizer` decides it: a superuser organizes every club."""
    return Q() if user.is_superuser else Q(**{f"{club}__organizers": user})


def require_organizer(user: User, club: Club) -> None:
    if not is_organizer(user, club):
        raise NotAllowed(gettext("Only an organizer of %(club)s may do this.") % {"club": club})


ORGANIZES_KEY = "organizes:{}"
ORGANIZES_SECONDS = 60 * 60
# Asked by the header of a signed-in user's cold visit of every page: written out, as the ORM's
# query cost several times what the database took to answer it (league.core.written_reads).
_ORGANIZES_SQL = f"SELECT 1 FROM {table(Club.organizers.through)} o WHERE o.user_id = %s LIMIT 1"


def organizer_keys_of(user_id: int | None) -> list[str]:
    """The cached entry `organizes_any` reads for the user with this id (None: a visitor), to
    be read ahead with others in one call (league.core.cache.read_ahead); his account unread."""
    return [] if user_id is None else [ORGANIZES_KEY.format(user_id)]


def organizes_any(user: User) -> bool:
    """Whether the user organizes some club, from the cache (the header asks on every page);
    the cached answer goes whenever the user's clubs change (league.clubs.signals)."""
    if not user.is_authenticated:
        return False
    if user.is_superuser:
        return True
    key = ORGANIZES_KEY.format(user.pk)
    answer = derived.get(key)
    if answer is None:
        answer = filled_alone(key, organizes_filling(str(user.pk)))
    return answer


def organizes_filling(user_id: str) -> Filling:
    """Whether the user organizes a club, as his key keeps it, for an hour (league.core.fills);
    a superuser's is never read."""
    return Filling(Read(_ORGANIZES_SQL, [int(user_id)], bool),
                   lambda answer: (answer, ORGANIZES_SECONDS))


def visible_clubs(user: User) -> Q:
    """The clubs whose pages the user sees: the public ones, and those the user is a member of
    (organizer, or an account linked to one of its players)."""
    if not user.is_authenticated:
        return Q(is_public=True)
    if user.is_superuser:
        return Q()
    return Q(is_public=True) | Q(organizers=user) | Q(players__user=user)
