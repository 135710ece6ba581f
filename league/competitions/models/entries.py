"""The entries of a competition, and of each of its stages."""

from __future__ import annotations

from django.db import models
from django.db.models import Q

from league.clubs.models import Player

from .competitions import Competition, Stage


class Entry(models.Model):
    """A player entered in a competition."""

    competition = models.ForeignKey(Competition, on_delete=models.CASCADE, related_name="entries")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="entries")
    seed = models.PositiveSmallIntegerField(null=True, blank=True)
    position = models.PositiveSmallIntegerField(null=True, blank=True,
                                                help_text="A ladder's place, 1 the top")
    withdrawn_at = models.DateTimeField(null=True, blank=True)
    # Entered after the competition started (league.competitions.entries.late_entries): a Swiss
    # pairs him from the next round, and his first pairing is audited as a late entry.
    entered_late_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["seed", "player__name"]
        verbose_name_plural = "entries"
        constraints = [
            models.UniqueConstraint(fields=["competition", "player"], name="one_entry_per_player"),
            models.UniqueConstraint(
                fields=["competition", "seed"],
                condition=Q(seed__isnull=False),
                name="seed_unique_in_competition",
            ),
        ]

    def __str__(self) -> str:
        return str(self.player)


class StageEntry(models.Model):
    """A player in a stage: the group dealt into (round-robin groups) and the seed in it."""

    stage = models.ForeignKey(Stage, on_delete=models.CASCADE, related_name="players")
    entry = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="stages")
    group = models.CharField(max_length=4, blank=True)
    seed = models.PositiveSmallIntegerField()

    class Meta:
        ordering = ["stage", "group", "seed"]
        constraints = [
            models.UniqueConstraint(fields=["stage", "entry"], name="one_place_per_stage"),
            models.UniqueConstraint(fields=["stage", "seed"], name="seed_unique_in_stage"),
        ]

    def __str__(self) -> str:
        return f"{self.entry} in {self.stage}"
