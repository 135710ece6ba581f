"""How a signed-in person's account is found on each request.

Signing in is django-allauth's (by user name or email, with its rate limits). Every later
request finds the account named in its session: the account is kept in the derived cache, so a
signed-in page reads it from Redis instead of the database. The copy goes whenever the account
is saved or deleted (a new password, an address, a deactivation, the last sign-in), now and
again after the commit, so no request after the change sees the account from before it; with
the copy gone, or Redis not answering, the account is read from the database.

The session is checked against the account as Django always does (its hash of the password),
so a changed password still signs out the other devices. Redis then holds what the database
holds of a signed-in account, password hash included, beside the sessions themselves: it must be
as private as the database.
"""

from __future__ import annotations

from allauth.account.auth_backends import AuthenticationBackend
from django.contrib.auth import BACKEND_SESSION_KEY, SESSION_KEY, get_user_model
from django.core.exceptions import PermissionDenied, ValidationError
from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver

from league.core.cache import derived, filled_alone, forget
from league.core.fills import Filling
from league.core.written_reads import Columns, Read, table

ACCOUNT_KEY = "signed-in-account:{}"
ACCOUNT = Columns(get_user_model(), "u")
_ACCOUNT_SQL = f"SELECT {ACCOUNT.sql} FROM {table(get_user_model())} u WHERE u.id = %s"
# An hour: a copy is forgotten on every change anyway; this only bounds what an idle one keeps.
ACCOUNT_SECONDS = 60 * 60


class AccountBackend(AuthenticationBackend):
    """django-allauth's backend, the account of a session read through the derived cache.

    Sessions from before it name allauth's own backend, listed after it in the settings so
    that they stay signed in. Credentials this backend refuses are refused for good: allauth's
    would only check the same password again, doubling the wait of a mistyped one."""

    def authenticate(self, request, **credentials):
        user = super().authenticate(request, **credentials)
        if user is None:
            raise PermissionDenied  # Django's authenticate() then tries no further backend
        return user

    def get_user(self, user_id):
        key = ACCOUNT_KEY.format(user_id)
        user = derived.get(key)
        if user is None:
            user = filled_alone(key, account_filling(str(user_id)))
        return user


# How a session names this backend (BACKEND_SESSION_KEY): its path, as the settings list it.
THIS_BACKEND = f"{AccountBackend.__module__}.{AccountBackend.__qualname__}"


def account_filling(user_id: str) -> Filling:
    """The account, as Django's ModelBackend.get_user reads it (None when there is none, or
    it may not sign in), in one query written out (built by the ORM, it cost twice what the
    database took to answer it: league.core.written_reads), kept under its key for
    ACCOUNT_SECONDS; nothing kept when there is none (league.core.fills)."""
    def account(rows: list[tuple]):
        if not rows:
            return None
        user = ACCOUNT.instance(rows[0])
        return user if AccountBackend().user_can_authenticate(user) else None

    return Filling(Read(_ACCOUNT_SQL, [int(user_id)], account),
                   lambda user: None if user is None else (user, ACCOUNT_SECONDS))


def signed_in_id(request) -> int | None:
    """The id of the account the request's session is signed in with through this backend,
    read from the session alone (the account itself is not read): what a page names the
    viewer's cached entries with, to read them ahead before `request.user` is first used.
    None for a visitor, or a session signed in through another backend."""
    session = getattr(request, "session", None)
    if session is None or session.get(BACKEND_SESSION_KEY) != THIS_BACKEND:
        return None
    try:
        return get_user_model()._meta.pk.to_python(session[SESSION_KEY])
    except (KeyError, ValidationError):
        return None


def account_keys(user_id: int | None) -> list[str]:
    """The cached account with this id (the session's: `signed_in_id`; None: a visitor), to
    read ahead with a page's keys: the page's first use of `request.user` then asks the cache
    nothing."""
    return [] if user_id is None else [ACCOUNT_KEY.format(user_id)]


@receiver(post_save, sender=get_user_model(), dispatch_uid="forget-signed-in-account-saved")
@receiver(post_delete, sender=get_user_model(), dispatch_uid="forget-signed-in-account-deleted")
def forget_account(sender, instance, **kwargs) -> None:
    forget([ACCOUNT_KEY.format(instance.pk)])
