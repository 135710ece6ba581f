"""A club's keys to the read API: per club, read only, kept as a hash (the key itself is shown
once, when it is made), revoked by an organizer."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from league.clubs.models import Club


class ApiKey(models.Model):
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="api_keys")
    name = models.CharField(max_length=80, help_text="What the key is for, e.g. the club's site")
    # The key's first characters, shown to tell keys apart; not enough to use it.
    prefix = models.CharField(max_length=16)
    # SHA-256 of the whole key, hex: the key is 32 random bytes, so a fast hash is enough.
    hashed = models.CharField(max_length=64, unique=True)
    made_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL,
                                null=True, related_name="+")
    made_at = models.DateTimeField(auto_now_add=True)
    revoked_at = models.DateTimeField(null=True, blank=True)
    revoked_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL,
                                   null=True, blank=True, related_name="+")

    class Meta:
        ordering = ["-made_at", "-pk"]

    def __str__(self) -> str:
        return f"{self.name} ({self.prefix}…) of {self.club}"

    @property
    def is_revoked(self) -> bool:
        return self.revoked_at is not None
