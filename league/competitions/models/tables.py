"""A match's table link for a club night: the QR code on the printed scoresheet and the table
card. Whoever holds it keeps that match's scoresheet without an account, until it expires (the
night closes, or its hours run out) or an organizer revokes it."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q

from .matches import Match
from .nights import ClubNight


class TableLink(models.Model):
    """The token itself is never stored: it is derived from `nonce` and the site's secret key
    (so a reprinted sheet carries the same link), and found again by its SHA-256 `token_hash`."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="table_links")
    night = models.ForeignKey(ClubNight, on_delete=models.CASCADE, related_name="table_links")
    nonce = models.CharField(max_length=32)
    token_hash = models.CharField(max_length=64, unique=True)
    created_at = models.DateTimeField(auto_now_add=True)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL,
                                   related_name="+", null=True, blank=True)
    expires_at = models.DateTimeField()
    revoked_at = models.DateTimeField(null=True, blank=True)
    revoked_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL,
                                   related_name="+", null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        constraints = [
            models.UniqueConstraint(fields=["match"], condition=Q(revoked_at=None),
                                    name="one_live_table_link_per_match"),
        ]

    def __str__(self) -> str:
        return f"Table link of {self.match_id}"
