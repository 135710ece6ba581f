"""The site's rules on top of django-allauth's: user names in one normal form; a device that
signed in to an account before is limited by its own failures (league/accounts/devices.py)."""

from __future__ import annotations

from allauth.account.adapter import DefaultAccountAdapter
from allauth.core.internal import ratelimit
from django import forms
from django.utils.translation import gettext_lazy as _

from league.accounts.devices import trusted_device
from league.core.names import BadName, normalise_name


class AccountAdapter(DefaultAccountAdapter):
    error_messages = DefaultAccountAdapter.error_messages | {
        "username_taken": _("That username is taken: choose another, or sign in."),
    }

    def clean_username(self, username: str, shallow: bool = False) -> str:
        """NFKC, trimmed, no invisible characters; then allauth's checks, which refuse a name
        taken in any case."""
        try:
            username = normalise_name(username)
        except BadName as error:
            raise forms.ValidationError(str(error)) from None
        return super().clean_username(username, shallow=shallow)

    def login_key(self, request, **credentials) -> str:
        """The login as allauth counts its failures (site and login, in lower case)."""
        return self._get_login_attempts_cache_key(request, **credentials)

    def pre_authenticate(self, request, **credentials) -> None:
        """Before the password is checked: a device that signed in with this login before is
        held to its own failures; any other to allauth's, per address and per login. A
        successful sign-in gives back what it consumed (allauth rolls the usage back)."""
        device = trusted_device(request, self.login_key(request, **credentials))
        if device is None:
            super().pre_authenticate(request, **credentials)
            return
        self._login_failed_rl_usage = ratelimit.consume(
            request, app="allauth.account", action="login_failed_device", key=device)
        if not self._login_failed_rl_usage:
            raise self.validation_error("too_many_login_attempts")
