"""Who may do what. Views check these, and every service checks them again."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import Q

from clubs.models import Club
from core.errors import NotAllowed

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




def require_organizer(user: User, club: Club) -> None:
    if not is_organizer(user, club):
        raise NotAllowed(f"Only an organizer of {club} may do this.")


