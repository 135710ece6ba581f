"""Making and revoking a club's API keys: an organizer's acts, audited by their rows."""

from __future__ import annotations

import hashlib
import secrets

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from league.clubs.models import Club
from league.clubs.permissions import is_organizer
from league.core.errors import NotAllowed, ServiceError

from .models import ApiKey

KEY_START = "gl_"
MAX_ACTIVE_KEYS = 20


def hash_of(key: str) -> str:
    return hashlib.sha256(key.encode()).hexdigest()


def make_key(club: Club, *, actor, name: str) -> tuple[ApiKey, str]:
    """A new read-only key of the club, and the key itself (shown once, never stored)."""
    if not is_organizer(actor, club):
        raise NotAllowed(gettext("Only the club's organizers make its API keys."))
    name = " ".join(name.split())
    if not name:
        raise ServiceError(gettext("Give the key a name, saying what it is for."), field="name")
    with transaction.atomic():
        Club.objects.select_for_update().get(pk=club.pk)
        if ApiKey.objects.filter(club=club, revoked_at__isnull=True).count() >= MAX_ACTIVE_KEYS:
            raise ServiceError(gettext("A club has at most %(most)s keys in use: revoke one it "
                                       "no longer needs first.") % {"most": MAX_ACTIVE_KEYS},
                               field="name")
        key = KEY_START + secrets.token_urlsafe(32)
        row = ApiKey.objects.create(club=club, name=name[:80], prefix=key[:10],
                                    hashed=hash_of(key), made_by=actor)
    return row, key


def revoke_key(api_key: ApiKey, *, actor) -> ApiKey:
    """The key refuses every request from now on (it is looked up on each request)."""
    if not is_organizer(actor, api_key.club):
        raise NotAllowed(gettext("Only the club's organizers revoke its API keys."))
    with transaction.atomic():
        row = ApiKey.objects.select_for_update().get(pk=api_key.pk)
        if row.revoked_at is None:
            row.revoked_at = timezone.now()
            row.revoked_by = actor
            row.save(update_fields=["revoked_at", "revoked_by"])
    return row
