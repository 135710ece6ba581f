"""The outbox of follow-up work."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from .competitions import Competition
from .matches import Match


class FollowUp(models.Model):
    """Work that follows a change (the bracket, the next Swiss round, the ratings after a
    confirmed result, or after a stage's played matches were removed), written in the change's
    own transaction: the work cannot be lost between the commit and the broker. It is sent to
    Celery after the commit and sent again by the relay (league.competitions.tasks.relay_follow_ups)
    until the task that does it marks it done. Work after removed matches has no match: it
    rates the club again from the week of `rate_from`, the earliest removed result, or counts
    the statistics of the competition's players again."""

    class Kind(models.TextChoices):
        PROGRESS = "progress", _("Progress the competition")
        RATE = "rate", _("Rate the result")
        RATE_AGAIN = "rate_again", _("Rate again after removed results")
        WEBHOOKS = "webhooks", _("Tell the club's webhooks of the result")
        STATISTICS = "statistics", _("Count the players' statistics again")

    kind = models.CharField(max_length=16, choices=Kind.choices)
    competition = models.ForeignKey(Competition, on_delete=models.CASCADE, related_name="+")
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="+", null=True,
                              blank=True)
    rate_from = models.DateTimeField(null=True, blank=True)
    created = models.DateTimeField(auto_now_add=True)
    sent_at = models.DateTimeField(null=True, blank=True)
    attempts = models.PositiveIntegerField(default=0)
    # When a worker last began its task since its last sending (None: taken by none yet).
    taken_at = models.DateTimeField(null=True, blank=True)
    done_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["created", "pk"]
        indexes = [models.Index(fields=["done_at", "created"])]

    def __str__(self) -> str:
        if self.match_id is None:
            return f"{self.get_kind_display()} of {self.competition_id}"
        return f"{self.get_kind_display()} after match {self.match_id}"
