"""The site's rules on top of django-allauth's: user names in one normal form."""

from __future__ import annotations

from allauth.account.adapter import DefaultAccountAdapter
from django import forms

from league.core.names import BadName, normalise_name


class AccountAdapter(DefaultAccountAdapter):
    error_messages = DefaultAccountAdapter.error_messages | {
        "username_taken": "That username is taken: choose another, or sign in.",
    }

    def clean_username(self, username: str, shallow: bool = False) -> str:
        """NFKC, trimmed, no invisible characters; then allauth's checks, which refuse a name
        taken in any case."""
        try:
            username = normalise_name(username)
        except BadName as error:
            raise forms.ValidationError(str(error)) from None
        return super().clean_username(username, shallow=shallow)
