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
from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied
from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver

from league.core.cache import derived, forget
from league.core.written_reads import Columns, fetched, table

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
            user = self._account(user_id)
            if user is not None:
                derived.set(key, user, ACCOUNT_SECONDS)
        return user

    def _account(self, user_id):
        """The account, as Django's ModelBackend.get_user reads it (None when there is none, or
        it may not sign in), in one query written out: built by the ORM, it cost twice what
        the database took to answer it (league.core.written_reads)."""
        found = fetched(_ACCOUNT_SQL, [user_id])
        if not found:
            return None
        user = ACCOUNT.instance(found[0])
        return user if self.user_can_authenticate(user) else None


@receiver(post_save, sender=get_user_model(), dispatch_uid="forget-signed-in-account-saved")
@receiver(post_delete, sender=get_user_model(), dispatch_uid="forget-signed-in-account-deleted")
def forget_account(sender, instance, **kwargs) -> None:
    forget([ACCOUNT_KEY.format(instance.pk)])
