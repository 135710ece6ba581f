"""Clubs, their players and their seasons."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.db.models.functions import Lower
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from league.core.links import link


class Club(models.Model):
    class RatingSystem(models.TextChoices):
        GLICKO2 = "glicko2", "Glicko-2"
        ELO = "elo", "Elo"

    class RatedUnit(models.TextChoices):
        GAME = "game", _("Each game")
        MATCH = "match", _("Each match")

    name = models.CharField(max_length=120, unique=True)
    slug = models.SlugField(max_length=120, unique=True)
    description = models.CharField(max_length=300, blank=True)
    time_zone = models.CharField(max_length=64, default="UTC")
    # The language of the club's public pages for a visitor who has chosen none and whose
    # browser asks for none the site offers, and of its mails to people who have chosen none.
    default_language = models.CharField(
        max_length=8, choices=settings.LANGUAGES, default=settings.LANGUAGE_CODE)
    # The ruleset preset a new competition starts from (the engine's preset names).
    default_ruleset = models.CharField(max_length=20, default="standard")
    # Public: anyone sees the club's pages. Members only: its organizers and the players
    # linked to an account.
    is_public = models.BooleanField(default=True)
    organizers = models.ManyToManyField(
        settings.AUTH_USER_MODEL, related_name="organized_clubs", blank=True
    )
    rating_system = models.CharField(
        max_length=10, choices=RatingSystem.choices, default=RatingSystem.GLICKO2
    )
    rated_unit = models.CharField(max_length=10, choices=RatedUnit.choices, default=RatedUnit.GAME)
    glicko2_tau = models.FloatField(default=0.5)
    elo_k = models.PositiveSmallIntegerField(default=20)
    # A reported result nobody confirms nor disputes within this many hours is confirmed
    # automatically; empty means never.
    confirm_within_hours = models.PositiveSmallIntegerField(
        null=True, blank=True, default=48,
        help_text="Hours a reported result waits for the opponent before it is confirmed "
                  "automatically; leave empty for never",
    )
    # At a club night's table, the opponent verifies a result entered through the table link on
    # the same device, with his name, and it counts as confirmed by him.
    verify_at_table = models.BooleanField(
        default=True,
        help_text="At a club night, the opponent confirms the result on the same phone")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("club", args=[self.slug])

    def is_member(self, user) -> bool:
        """An organizer, or a user with a player in the club (a superuser is everywhere)."""
        if not user.is_authenticated:
            return False
        return (user.is_superuser or self.organizers.filter(pk=user.pk).exists()
                or self.players.filter(user=user).exists())


class Player(models.Model):
    """A person who plays; linked to a user account once they have one."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="players")
    name = models.CharField(max_length=120)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="players",
    )
    # A retired player is offered for no new entry; their history stays.
    retired_at = models.DateTimeField(null=True, blank=True)
    # The version in the player's private calendar address; a new version revokes the old one.
    calendar_version = models.PositiveIntegerField(default=0)
    # The version in the player's claim links: a claim, or the owner's account deleted, makes a
    # new version, so a link made before never works again.
    claim_version = models.PositiveIntegerField(default=0)
    # The address the player's claim link was mailed to when he was added (empty: none): no
    # second player of the club is added with it.
    invited_email = models.EmailField(max_length=254, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]
        constraints = [
            # Names are stored normalised (league.core.names); one name per club in any case.
            models.UniqueConstraint("club", Lower("name"), name="player_name_unique_in_club"),
            models.UniqueConstraint(
                fields=["club", "user"],
                condition=Q(user__isnull=False),
                name="one_player_per_user_in_club",
            ),
        ]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return link("player", self.pk)

    @property
    def is_retired(self) -> bool:
        return self.retired_at is not None


class JoinRequest(models.Model):
    """A user with an account asks to play in a club; an organizer accepts (the user gets a
    player of the club) or refuses."""

    class Status(models.TextChoices):
        PENDING = "pending", _("Waiting for an organizer")
        ACCEPTED = "accepted", _("Accepted")
        REFUSED = "refused", _("Refused")

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="join_requests")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="join_requests"
    )
    name = models.CharField(max_length=120, help_text="The name to play under")
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    asked_at = models.DateTimeField(auto_now_add=True)
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True,
        related_name="+",
    )
    decided_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["asked_at", "pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["club", "user"], condition=Q(status="pending"),
                name="one_open_join_request",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.name} asks to join {self.club}"


class OrganizerInvitation(models.Model):
    """An invitation to organize the club, made by one of its organizers. It makes one person
    an organizer, once; it is void when its maker no longer organizes the club."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="invitations")
    made_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+"
    )
    made_at = models.DateTimeField(auto_now_add=True)
    used_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True,
        related_name="+",
    )
    used_at = models.DateTimeField(null=True, blank=True)
    # Set when its maker stopped organizing the club: the invitation never works again.
    voided_at = models.DateTimeField(null=True, blank=True)

    def __str__(self) -> str:
        return f"An invitation to organize {self.club}"


class ClubMail(models.Model):
    """Mail a club sent on an organizer's word (players' claim links, organizers' invitations),
    counted against the caps per sender and per club (league/clubs/services/mail_limits.py)."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="+")
    sent_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    count = models.PositiveIntegerField()
    sent_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        indexes = [
            models.Index(fields=["club", "sent_at"], name="club_mail_by_club"),
            models.Index(fields=["sent_by", "sent_at"], name="club_mail_by_sender"),
        ]

    def __str__(self) -> str:
        return f"{self.count} mail(s) from {self.club}"


class Season(models.Model):
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="seasons")
    name = models.CharField(max_length=120)
    starts_on = models.DateField(null=True, blank=True)
    ends_on = models.DateField(null=True, blank=True)

    class Meta:
        ordering = ["-starts_on", "name"]
        constraints = [
            models.UniqueConstraint(fields=["club", "name"], name="season_name_unique_in_club"),
            models.CheckConstraint(
                condition=Q(ends_on__isnull=True) | Q(starts_on__isnull=True) | Q(ends_on__gte=F("starts_on")),
                name="season_ends_after_it_starts",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.club} {self.name}"
