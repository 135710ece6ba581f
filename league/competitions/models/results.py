"""Results reported by a player, waiting for the opponent's word."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from .entries import Entry
from .matches import Match


class ResultReport(models.Model):
    """A reported result. It counts nowhere until the other side confirms it."""

    class Status(models.TextChoices):
        PENDING = "pending", _("Awaiting confirmation")
        CONFIRMED = "confirmed", _("Confirmed")
        DISPUTED = "disputed", _("Disputed")
        REJECTED = "rejected", _("Rejected by an organizer")
        SUPERSEDED = "superseded", _("Superseded by a correction")

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="reports")
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.PENDING)
    kind = models.CharField(max_length=16, choices=Match.Kind.choices, default=Match.Kind.PLAYED)
    winner = models.ForeignKey(Entry, on_delete=models.PROTECT, related_name="+", null=True)
    games_a = models.PositiveSmallIntegerField(default=0)
    games_b = models.PositiveSmallIntegerField(default=0)
    # Empty once the reporter's account is deleted: the report and its result stay.
    reported_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, related_name="+", null=True
    )
    reported_at = models.DateTimeField(auto_now_add=True)
    # A result reported through a match's table link (no account): the side of the player who
    # entered it, so only the other side may verify it.
    reported_side = models.CharField(max_length=1, blank=True)
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, related_name="+", null=True, blank=True
    )
    decided_at = models.DateTimeField(null=True, blank=True)
    comment = models.TextField(blank=True, max_length=2000)

    class Meta:
        ordering = ["-reported_at", "-pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["match"],
                condition=Q(status="confirmed"),
                name="one_confirmed_result_per_match",
            ),
            models.UniqueConstraint(
                fields=["match"],
                condition=Q(status__in=["pending", "disputed"]),
                name="one_open_report_per_match",
            ),
        ]

    def __str__(self) -> str:
        return f"Result of {self.match} ({self.get_status_display()})"

    @property
    def version(self) -> str:
        """The report and the result it says, as a page shows them: a correction of the hands
        that changes the result changes it, and a confirmation from a page showing an earlier
        result is refused."""
        return f"{self.pk}:{self.winner_id or 0}:{self.games_a}-{self.games_b}:{self.kind}"
