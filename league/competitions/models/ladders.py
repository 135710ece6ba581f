"""A ladder's challenges and the events that moved its places."""

from __future__ import annotations

from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext_lazy as _

from .competitions import Competition
from .entries import Entry
from .matches import Match


class LadderChallenge(models.Model):
    """A challenge on a ladder, played as a match of the competition."""

    class Status(models.TextChoices):
        OPEN = "open", _("Open")
        CHALLENGER_WON = "challenger_won", _("Won by the challenger")
        CHALLENGED_WON = "challenged_won", _("Won by the challenged")
        FORFEITED = "forfeited", _("Forfeited by the challenged")

    competition = models.ForeignKey(Competition, on_delete=models.CASCADE,
                                    related_name="challenges")
    challenger = models.ForeignKey(Entry, on_delete=models.PROTECT, related_name="+")
    challenged = models.ForeignKey(Entry, on_delete=models.PROTECT, related_name="+")
    match = models.OneToOneField(Match, on_delete=models.PROTECT, related_name="challenge")
    issued_at = models.DateTimeField()
    deadline = models.DateTimeField()
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.OPEN)
    settled_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-issued_at", "-pk"]
        constraints = [
            models.CheckConstraint(condition=~Q(challenger=F("challenged")),
                                   name="nobody_challenges_themself"),
        ]

    def __str__(self) -> str:
        return f"{self.challenger} challenges {self.challenged}"


class LadderEvent(models.Model):
    """A line of a ladder's history: who joined, challenged, won, forfeited, and who moved."""

    class Kind(models.TextChoices):
        JOINED = "joined", _("Joined")
        CHALLENGED = "challenged", _("Challenged")
        CHALLENGER_WON = "challenger_won", _("Challenger won")
        CHALLENGED_WON = "challenged_won", _("Challenged player held")
        FORFEITED = "forfeited", _("Forfeited")

    competition = models.ForeignKey(Competition, on_delete=models.CASCADE,
                                    related_name="ladder_events")
    at = models.DateTimeField()
    kind = models.CharField(max_length=16, choices=Kind.choices)
    player = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="+")
    challenged = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="+", null=True,
                                   blank=True)
    moves = models.JSONField(default=list, blank=True,
                             help_text="[{entry, before, after}]: who moved, from where to where")

    class Meta:
        ordering = ["at", "pk"]

    def __str__(self) -> str:
        return f"{self.get_kind_display()}: {self.player}"
