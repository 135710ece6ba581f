"""The audit trail: what was done to a match or a competition, and by whom."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from .competitions import Competition
from .matches import Match


class AuditEntry(models.Model):
    """Who changed what and when: every action on a result is kept."""

    class Action(models.TextChoices):
        REPORTED = "reported", _("Result reported")
        CONFIRMED = "confirmed", _("Result confirmed")
        ENTERED_BY_ORGANIZER = "entered by an organizer, confirmed", _("Entered by an organizer")
        CONFIRMED_FOR_PLAYER = ("confirmed by an organizer for the player",
                                _("Confirmed by an organizer for the player"))
        CONFIRMED_AUTOMATICALLY = "confirmed automatically", _("Confirmed after the deadline")
        DISPUTED = "disputed", _("Result disputed")
        DISPUTE_UPHELD = "dispute upheld", _("Dispute upheld")
        DISPUTE_REJECTED = "dispute rejected", _("Dispute rejected")
        CORRECTED = "corrected", _("Result corrected")
        HAND_CORRECTED = "hand corrected", _("Hand corrected")
        HAND_FLAGGED = "hand flagged", _("Hand flagged as wrong")
        FLAG_DISMISSED = "flag dismissed", _("Flag on a hand dismissed")
        NO_SHOW = "no-show", _("No-show")
        FORFEIT = "forfeit", _("Forfeit")
        DOUBLE_FORFEIT = "double forfeit", _("Double forfeit")
        WITHDRAWAL = "withdrawal", _("Withdrawal")
        LATE_ENTRY = "late entry", _("Late entry")
        RULING = "ruling", _("Ruling recorded")
        WALKOVER = "walkover", _("Walkover")
        RESEATED = "re-seated", _("Re-seated after a correction")
        REPAIRED = "re-paired", _("Swiss round paired again")
        NEEDS_DECISION = "needs decision", _("Needs the organizer's decision")
        KEPT = "decision: kept", _("Decision: kept as played")
        RESET = "decision: reset", _("Decision: reset")
        NOT_NEEDED = "decision: not needed", _("Decision no longer needed")
        BACK_TO_DRAFT = "back to draft", _("Taken back to draft, its draw removed")
        TIME_SET = "time set", _("Time and table set")
        TIME_PROPOSED = "time proposed", _("Time proposed")
        TIME_ACCEPTED = "time accepted", _("Proposed time accepted")
        EXTENDED = "extended", _("Play-by date extended")
        QUALIFIERS_CHOSEN = "decision: qualifiers chosen", _("Decision: who goes through")
        AT_TABLE = "entered at table", _("Entered at the table")
        TABLE_LINK_REVOKED = "table link revoked", _("Table link revoked")

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
        # A competition's decisions (formats/decisions.py, after every confirmed result) are
        # found among the few entries of those actions, not among every entry of its matches.
        indexes = [models.Index(fields=["action", "match"], name="audit_by_action")]

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
