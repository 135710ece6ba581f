"""A season's points series ("order of merit"): the competitions it adds up and its rule."""

from __future__ import annotations

from django.db import models
from django.db.models import Q
from django.urls import reverse

from league.clubs.models import Season
from league.competitions.models import Competition


class PointsSeries(models.Model):
    class Rule(models.TextChoices):
        PLACING = "placing", "Points by placing in each competition"
        MATCHES = "matches", "Points for each match won, more for a shutout"

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="points_series")
    name = models.CharField(max_length=120)
    rule = models.CharField(max_length=10, choices=Rule.choices, default=Rule.PLACING)
    competitions = models.ManyToManyField(Competition, related_name="points_series", blank=True)
    # Points by placing: the points of 1st, 2nd, ... place; a place below the table scores none.
    placing_points = models.JSONField(default=list, blank=True)
    # Points per match won: a match won, and a match won with a shutout in one of its games.
    win_points = models.PositiveSmallIntegerField(default=2)
    shutout_points = models.PositiveSmallIntegerField(default=3)
    # How many of a player's competitions count, his best; none: all of them.
    best_of = models.PositiveSmallIntegerField(null=True, blank=True)
    # One more at every change of the series itself: part of its pages' cache key.
    version = models.PositiveIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["season", "name"]
        verbose_name_plural = "points series"
        constraints = [
            models.UniqueConstraint(fields=["season", "name"], name="series_name_unique_in_season"),
            models.CheckConstraint(condition=Q(best_of__isnull=True) | Q(best_of__gte=1),
                                   name="series_counts_one_result_or_more"),
        ]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("series", args=[self.pk])
