"""Reads of the site's accounts."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.shortcuts import get_object_or_404

from league.accounts.models import Preferences


def account(pk: int):
    """The account `pk`, or 404."""
    return get_object_or_404(get_user_model(), pk=pk)


def username_taken(username: str) -> bool:
    """Whether an account has this username, in any case: one query."""
    return get_user_model().objects.filter(username__iexact=username).exists()


def reading_preferences(user):
    """The reading preferences kept with an account, or None: one query."""
    return Preferences.objects.filter(user=user).first()
