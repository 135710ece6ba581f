"""What a user is told, and how each user wants to be told it."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class Kind(models.TextChoices):
    MATCH_READY = "match_ready", _("Your match is ready")
    RESULT_TO_CONFIRM = "result_to_confirm", _("Your opponent reported a result")
    RESULT_DISPUTED = "result_disputed", _("A result you reported was disputed")
    RESULT_RESOLVED = "result_resolved", _("A dispute about your match was resolved")
    RESULT_CORRECTED = "result_corrected", _("A result of yours was corrected")
    ROUND_PAIRED = "round_paired", _("A new round is paired")
    DEADLINE_NEAR = "deadline_near", _("A deadline is near")
    CLUB_INVITATION = "club_invitation", _("A club invites you")
    DISPUTE_TO_DECIDE = "dispute_to_decide", _("A dispute waits for an organizer")
    MATCH_OVERDUE = "match_overdue", _("A match is overdue")
    LADDER_CHALLENGED = "ladder_challenged", _("You are challenged on a ladder")
    LADDER_SETTLED = "ladder_settled", _("A ladder challenge of yours is settled")
    LADDER_MOVED_DOWN = "ladder_moved_down", _("You moved down a ladder")
    SIGN_UPS_OPEN = "sign_ups_open", _("Sign-ups open for a competition of your club")
    WEBHOOK_PAUSED = "webhook_paused", _("A webhook of your club is paused")


class Channel(models.TextChoices):
    EMAIL = "email", _("Email and on the site")
    IN_APP = "in_app", _("On the site only")
    NOTHING = "nothing", _("Nothing")


class Notification(models.Model):
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                             related_name="notifications")
    kind = models.CharField(max_length=24, choices=Kind.choices)
    # The event it tells of (e.g. "audit:17", "ready:5:3:8"): one notification per event and
    # user, so a task run twice tells nobody twice.
    key = models.CharField(max_length=120)
    text = models.CharField(max_length=500)
    link = models.CharField(max_length=300, blank=True)
    # The language the text is written in, and its mail (league.core.languages.mail_language).
    language = models.CharField(max_length=8, blank=True)
    created = models.DateTimeField(auto_now_add=True)
    read_at = models.DateTimeField(null=True, blank=True)
    # Set when what it asked for is done (the result answered, the dispute decided, the match
    # played): it no longer counts as unread, and the list shows it as done.
    done_at = models.DateTimeField(null=True, blank=True)
    # Set (before the mail is handed to the server) by the one task that mails it.
    emailed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created", "-pk"]
        constraints = [
            models.UniqueConstraint(fields=["user", "key"], name="one_notification_per_event"),
        ]
        indexes = [models.Index(fields=["user", "read_at"])]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} for {self.user_id}"


class Preference(models.Model):
    """How a user is told of one kind; a kind without a row is mailed (DEFAULT_CHANNEL)."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                             related_name="notification_preferences")
    kind = models.CharField(max_length=24, choices=Kind.choices)
    channel = models.CharField(max_length=10, choices=Channel.choices)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "kind"], name="one_preference_per_kind"),
        ]

    def __str__(self) -> str:
        return f"{self.kind}: {self.channel} for {self.user_id}"


DEFAULT_CHANNEL = Channel.EMAIL
