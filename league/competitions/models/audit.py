"""The audit trail: what was done to a match or a competition, and by whom."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from .competitions import Competition
from .matches import Match


class AuditEntry(models.Model):
    """Who changed what and when: every action on a result is kept."""

    class Action(models.TextChoices):
        REPORTED = "reported", "Result reported"
        CONFIRMED = "confirmed", "Result confirmed"
        ENTERED_BY_ORGANIZER = "entered by an organizer, confirmed", "Entered by an organizer"
        CONFIRMED_FOR_PLAYER = ("confirmed by an organizer for the player",
                                "Confirmed by an organizer for the player")
        CONFIRMED_AUTOMATICALLY = "confirmed automatically", "Confirmed after the deadline"
        DISPUTED = "disputed", "Result disputed"
        DISPUTE_UPHELD = "dispute upheld", "Dispute upheld"
        DISPUTE_REJECTED = "dispute rejected", "Dispute rejected"
        CORRECTED = "corrected", "Result corrected"
        HAND_CORRECTED = "hand corrected", "Hand corrected"
        HAND_FLAGGED = "hand flagged", "Hand flagged as wrong"
        FLAG_DISMISSED = "flag dismissed", "Flag on a hand dismissed"
        NO_SHOW = "no-show", "No-show"
        FORFEIT = "forfeit", "Forfeit"
        DOUBLE_FORFEIT = "double forfeit", "Double forfeit"
        WITHDRAWAL = "withdrawal", "Withdrawal"
        LATE_ENTRY = "late entry", "Late entry"
        RULING = "ruling", "Ruling recorded"
        WALKOVER = "walkover", "Walkover"
        RESEATED = "re-seated", "Re-seated after a correction"
        REPAIRED = "re-paired", "Swiss round paired again"
        NEEDS_DECISION = "needs decision", "Needs the organizer's decision"
        KEPT = "decision: kept", "Decision: kept as played"
        RESET = "decision: reset", "Decision: reset"
        NOT_NEEDED = "decision: not needed", "Decision no longer needed"
        BACK_TO_DRAFT = "back to draft", "Taken back to draft, its draw removed"
        TIME_SET = "time set", "Time and table set"
        TIME_PROPOSED = "time proposed", "Time proposed"
        TIME_ACCEPTED = "time accepted", "Proposed time accepted"
        EXTENDED = "extended", "Play-by date extended"
        QUALIFIERS_CHOSEN = "decision: qualifiers chosen", "Decision: who goes through"
        AT_TABLE = "entered at table", "Entered at the table"
        TABLE_LINK_REVOKED = "table link revoked", "Table link revoked"

    # The organizer's decision about a match a correction has made doubtful (or, on a stage's
    # last match, about players level at the cut line): asked, then answered.
    DECISIONS = (Action.NEEDS_DECISION, Action.KEPT, Action.RESET, Action.NOT_NEEDED,
                 Action.QUALIFIERS_CHOSEN)

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="audit")
    # No actor: the site did it (a result confirmed when its hours ran out), unless
    # actor_deleted says the person who did it has deleted their account since.
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, related_name="+", null=True
    )
    actor_deleted = models.BooleanField(default=False)
    action = models.CharField(max_length=40, choices=Action.choices)
    before = models.JSONField(default=dict, blank=True)
    after = models.JSONField(default=dict, blank=True)
    comment = models.TextField(blank=True)
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-at", "-pk"]
        verbose_name_plural = "audit entries"

    def __str__(self) -> str:
        return f"{self.action} on {self.match_id} by {self.actor_id}"


class CompetitionAudit(models.Model):
    """What was done to a whole competition (its draw removed), kept when its matches, and
    with them their own audit entries, are gone."""

    competition = models.ForeignKey(Competition, on_delete=models.CASCADE, related_name="audit")
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, related_name="+", null=True
    )
    actor_deleted = models.BooleanField(default=False)
    action = models.CharField(max_length=40, choices=AuditEntry.Action.choices)
    before = models.JSONField(default=dict, blank=True)
    comment = models.TextField(blank=True)
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-at", "-pk"]

    def __str__(self) -> str:
        return f"{self.action} on competition {self.competition_id} by {self.actor_id}"
