"""A club's keys to the read API: per club, read only, kept as a hash (the key itself is shown
once, when it is made), revoked by an organizer."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

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


class WebhookEvent(models.TextChoices):
    RESULT_CONFIRMED = "result.confirmed", _("A result is confirmed (or corrected)")
    STANDINGS_CHANGED = "standings.changed", _("The standings changed")
    ROUND_PAIRED = "round.paired", _("A round is paired")
    COMPETITION_FINISHED = "competition.finished", _("A competition finished")
    RATING_PERIOD_CLOSED = "rating_period.closed", _("A rating period (a week) closed")


class Webhook(models.Model):
    """A URL the club's events are posted to, signed with the webhook's own secret (the
    Standard Webhooks scheme). Paused after repeated failures until an organizer resumes it."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="webhooks")
    url = models.URLField(max_length=500)
    # "whsec_" and the base64 of 32 random bytes: the HMAC key is the decoded bytes.
    secret = models.CharField(max_length=80)
    events = models.JSONField(default=list, help_text="WebhookEvent values it is sent")
    made_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL,
                                null=True, related_name="+")
    made_at = models.DateTimeField(auto_now_add=True)
    # Failed attempts in a row (any delivery); a success sets it back to 0.
    failures = models.PositiveIntegerField(default=0)
    paused_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["made_at", "pk"]

    def __str__(self) -> str:
        return f"Webhook {self.url} of {self.club}"

    @property
    def is_paused(self) -> bool:
        return self.paused_at is not None


class Delivery(models.Model):
    """One event for one webhook: its body fixed at its first attempt (the same bytes on every
    attempt), tried until delivered or given up, each attempt's outcome kept for the log."""

    class Status(models.TextChoices):
        PENDING = "pending", _("Waiting")
        DELIVERED = "delivered", _("Delivered")
        FAILED = "failed", _("Given up")

    webhook = models.ForeignKey(Webhook, on_delete=models.CASCADE, related_name="deliveries")
    message_id = models.CharField(max_length=40, unique=True)
    event = models.CharField(max_length=32, choices=WebhookEvent.choices)
    # What happened, once per webhook: "round.paired:round:12".
    key = models.CharField(max_length=120)
    subject_id = models.PositiveBigIntegerField(
        help_text="The match, round or competition; the club of a rating period")
    body = models.TextField(blank=True, help_text="Empty until its first attempt")
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    created_at = models.DateTimeField(auto_now_add=True)
    attempts = models.PositiveSmallIntegerField(default=0)
    next_attempt_at = models.DateTimeField()
    claimed_until = models.DateTimeField(null=True, blank=True)
    last_status = models.PositiveSmallIntegerField(null=True, blank=True)
    last_error = models.CharField(max_length=300, blank=True)
    last_attempt_at = models.DateTimeField(null=True, blank=True)
    delivered_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        constraints = [
            models.UniqueConstraint(fields=["webhook", "key"], name="one_delivery_per_event"),
        ]
        indexes = [models.Index(fields=["status", "next_attempt_at"])]

    def __str__(self) -> str:
        return f"{self.event} to {self.webhook_id}"
