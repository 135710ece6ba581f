"""Club nights and the players' check-ins."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from .competitions import Competition
from .entries import Entry


class ClubNight(models.Model):
    """An evening of play for one competition (a Swiss, or a league's rounds of the evening):
    scheduled ahead or opened on the night, players check in, each round of the night is paired
    from those present, and the organizer closes it (league.competitions.nights.services)."""

    class Status(models.TextChoices):
        SCHEDULED = "scheduled", _("Scheduled")
        OPEN = "open", _("Open")
        CLOSED = "closed", _("Closed")

    competition = models.ForeignKey(Competition, on_delete=models.CASCADE,
                                    related_name="nights")
    starts_at = models.DateTimeField()
    # Where the night is played (a hall, an address); empty: at the club's usual place.
    place = models.CharField(max_length=200, blank=True)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.SCHEDULED)
    opened_at = models.DateTimeField(null=True, blank=True)
    closed_at = models.DateTimeField(null=True, blank=True)
    opened_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL,
                                  related_name="+", null=True, blank=True)

    class Meta:
        ordering = ["-starts_at", "-pk"]
        constraints = [
            models.UniqueConstraint(fields=["competition"], condition=Q(status="open"),
                                    name="one_open_night_per_competition"),
        ]

    def __str__(self) -> str:
        return f"Club night of {self.competition}"

    def get_absolute_url(self) -> str:
        return reverse("club-night", args=[self.pk])

    @property
    def is_open(self) -> bool:
        return self.status == self.Status.OPEN


class CheckIn(models.Model):
    """A player present at a club night: from checked_in_at, until left_at if they left (they are
    paired in no round of the night after that). Checking in again after leaving clears left_at."""

    night = models.ForeignKey(ClubNight, on_delete=models.CASCADE, related_name="check_ins")
    entry = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="check_ins")
    checked_in_at = models.DateTimeField()
    checked_in_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL,
                                      related_name="+", null=True, blank=True)
    left_at = models.DateTimeField(null=True, blank=True)
    left_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL,
                                related_name="+", null=True, blank=True)

    class Meta:
        ordering = ["night", "checked_in_at", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["night", "entry"], name="one_check_in_per_night"),
        ]

    def __str__(self) -> str:
        return f"{self.entry} at {self.night}"

    @property
    def present(self) -> bool:
        return self.left_at is None
