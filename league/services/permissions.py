"""Who may do what. Views check these, and every service checks them again."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import Q

from league.models import Club, Match

from .errors import NotAllowed

User = AbstractBaseUser | AnonymousUser


def is_organizer(user: User, club: Club) -> bool:
    if not user.is_authenticated:
        return False
    if user.is_superuser:
        return True
    return club.organizers.filter(pk=user.pk).exists()


def organized_by(user: User, club: str) -> Q:
    """The rows whose club (reached by the lookup `club`, e.g. "competition__season__club") the
    signed-in user organizes, as `is_organizer` decides it: a superuser organizes every club."""
    return Q() if user.is_superuser else Q(**{f"{club}__organizers": user})


def side_of(user: User, match: Match) -> str | None:
    """'A' or 'B' when the user plays in the match, else None."""
    if not user.is_authenticated:
        return None
    for side, entry in (("A", match.entry_a), ("B", match.entry_b)):
        if entry is not None and entry.player.user_id == user.pk:
            return side
    return None


def require_organizer(user: User, club: Club) -> None:
    if not is_organizer(user, club):
        raise NotAllowed(f"Only an organizer of {club} may do this.")


def require_player_or_organizer(user: User, match: Match) -> None:
    if side_of(user, match) is None and not is_organizer(user, match.competition.season.club):
        raise NotAllowed("Only the two players of this match or an organizer of the club may do this.")
