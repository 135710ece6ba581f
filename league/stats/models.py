"""A season's points series ("order of merit"): the competitions it adds up and its rule."""

from __future__ import annotations

from django.db import models
from django.db.models import F, FloatField, Q
from django.db.models.functions import Cast, NullIf
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from league.clubs.models import Season
from league.competitions.models import Competition


class PointsSeries(models.Model):
    class Rule(models.TextChoices):
        PLACING = "placing", _("Points by placing in each competition")
        MATCHES = "matches", _("Points for each match won, more for a shutout")

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


GINS_MADE = F("gins") + F("big_gins")


def rate_of(count, hands):
    """Per 100 hands; none for no hand (PostgreSQL refuses a division by zero, even in an
    index's expression when a row of no hand is written)."""
    return 100 * Cast(count, FloatField()) / NullIf(hands, 0)


def per_hand(points, hands):
    return Cast(points, FloatField()) / NullIf(hands, 0)


# The season's leaderboards (league.stats.records) read the rows in these orders: the top five
# without sorting every player of the season.
LEADER_INDEXES = [
    models.Index(F("season"), GINS_MADE.desc(), name="summary_most_gins"),
    models.Index(F("season"), rate_of(GINS_MADE, F("hands")).desc(), name="summary_gin_rate"),
    models.Index(F("season"), per_hand(F("points"), F("hands")).desc(),
                 name="summary_points_per_hand"),
    models.Index(F("season"), F("unbeaten_run").desc(), name="summary_unbeaten"),
]


class PlayerSeasonSummary(models.Model):
    """One player's counted figures in one season (docs/statistics.md), kept by the statistics
    follow-up after a confirmed or corrected result or hand (league.stats.summaries): recounted
    from the facts each time, never added to. The pages add these rows up instead of counting
    every hand again; all time is the sum of a player's seasons (his runs excepted)."""

    player = models.ForeignKey("clubs.Player", on_delete=models.CASCADE,
                               related_name="season_summaries")
    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="player_summaries")
    # The season's club, kept for the club's sums over all its seasons.
    club = models.ForeignKey("clubs.Club", on_delete=models.CASCADE, related_name="+")
    hands = models.PositiveIntegerField(default=0)
    hands_won = models.PositiveIntegerField(default=0)
    knocks = models.PositiveIntegerField(default=0)
    gins = models.PositiveIntegerField(default=0)
    big_gins = models.PositiveIntegerField(default=0)
    first_turn_gins = models.PositiveIntegerField(default=0)
    gins_with_log = models.PositiveIntegerField(default=0)
    undercuts_made = models.PositiveIntegerField(default=0)
    undercuts_suffered = models.PositiveIntegerField(default=0)
    gins_suffered = models.PositiveIntegerField(default=0)
    dead_hands = models.PositiveIntegerField(default=0)
    points = models.PositiveIntegerField(default=0)
    knock_deadwood_sum = models.PositiveIntegerField(default=0)
    knock_deadwood_hands = models.PositiveIntegerField(default=0)
    caught_deadwood_sum = models.PositiveIntegerField(default=0)
    caught_deadwood_hands = models.PositiveIntegerField(default=0)
    games = models.PositiveIntegerField(default=0)
    games_won = models.PositiveIntegerField(default=0)
    shutouts = models.PositiveIntegerField(default=0)
    shutouts_suffered = models.PositiveIntegerField(default=0)
    matches = models.PositiveIntegerField(default=0)
    matches_won = models.PositiveIntegerField(default=0)
    matches_drawn = models.PositiveIntegerField(default=0)
    matches_lost = models.PositiveIntegerField(default=0)
    won_without_play = models.PositiveIntegerField(default=0)
    lost_without_play = models.PositiveIntegerField(default=0)
    # The season's longest runs.
    winning_run = models.PositiveIntegerField(default=0)
    unbeaten_run = models.PositiveIntegerField(default=0)
    counted_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["player", "season"], name="summary_once_a_season"),
        ]
        indexes = [models.Index(fields=["club", "player"], name="summary_by_club"),
                   *LEADER_INDEXES]

    def __str__(self) -> str:
        return f"{self.player_id} in {self.season_id}"


class AllTimeRuns(models.Model):
    """One player's longest runs over all his club's seasons (a run may cross from one season
    into the next, so they are not his season rows' runs added up), kept with his season row by
    the statistics follow-up (league.stats.all_time): the club's all-time records read the top
    of the club's rows off their index instead of numbering every match the club has played."""

    player = models.OneToOneField("clubs.Player", on_delete=models.CASCADE, related_name="+")
    club = models.ForeignKey("clubs.Club", on_delete=models.CASCADE, related_name="+")
    winning_run = models.PositiveIntegerField(default=0)
    unbeaten_run = models.PositiveIntegerField(default=0)
    counted_at = models.DateTimeField(auto_now=True)

    class Meta:
        indexes = [models.Index(F("club"), F("unbeaten_run").desc(), name="all_time_unbeaten")]

    def __str__(self) -> str:
        return f"{self.player_id}: {self.winning_run} won, {self.unbeaten_run} unbeaten"


class NotableMoment(models.Model):
    """A hand or game of a player's season the club's records list, kept with his summary row
    (league.stats.moments): his five highest hands and five games with the most boxes (the
    club's top five are among them), and every big gin, gin by the first discard and shutout
    he made."""

    class Kind(models.TextChoices):
        HIGH_HAND = "high_hand", _("A high hand")
        BOXES = "boxes", _("Boxes in a game")
        BIG_GIN = "big_gin", _("Big gin")
        FIRST_TURN_GIN = "first_turn_gin", _("Gin by the first discard")
        SHUTOUT = "shutout", _("Shutout")

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="+")
    club = models.ForeignKey("clubs.Club", on_delete=models.CASCADE, related_name="+")
    player = models.ForeignKey("clubs.Player", on_delete=models.CASCADE, related_name="+")
    opponent = models.ForeignKey("clubs.Player", on_delete=models.CASCADE, related_name="+")
    kind = models.CharField(max_length=16, choices=Kind.choices)
    value = models.PositiveIntegerField()  # points, or boxes
    match = models.ForeignKey("competitions.Match", on_delete=models.CASCADE, related_name="+")
    confirmed_at = models.DateTimeField(null=True, blank=True)
    # The hand or game itself, for ties (the older first).
    source_id = models.PositiveBigIntegerField()

    class Meta:
        indexes = [
            # In the records' order, ties included, so that the top of a kind is read off the
            # index however many moments share its value.
            models.Index(fields=["season", "kind", "-value", "source_id"],
                         name="moment_by_season_value"),
            models.Index(fields=["club", "kind", "-value", "source_id"],
                         name="moment_by_club_value"),
            models.Index(fields=["season", "kind", "-confirmed_at", "-source_id"],
                         name="moment_by_season_when"),
            models.Index(fields=["club", "kind", "-confirmed_at", "-source_id"],
                         name="moment_by_club_when"),
            models.Index(fields=["player", "season"], name="moment_by_player"),
        ]

    def __str__(self) -> str:
        return f"{self.kind} {self.value} by {self.player_id}"
