"""Rounds and their matches."""

from __future__ import annotations

import re

from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from league.core.choices import display
from league.core.links import link
from league.core.words import for_each_language

from .competitions import Competition, Stage
from .entries import Entry


class Round(models.Model):
    class Bracket(models.TextChoices):
        MAIN = "main", _("Main")
        WINNERS = "winners", _("Winners' bracket")
        LOSERS = "losers", _("Losers' bracket")
        FINALS = "finals", _("Finals")

    competition = models.ForeignKey(Competition, on_delete=models.CASCADE, related_name="rounds")
    stage = models.ForeignKey(Stage, on_delete=models.CASCADE, related_name="rounds", null=True,
                              blank=True)
    bracket = models.CharField(max_length=10, choices=Bracket.choices, default=Bracket.MAIN)
    number = models.PositiveSmallIntegerField()
    name = models.CharField(max_length=60, blank=True)
    # Dates in the club's time zone: play may start on starts_on; the round's matches are to be
    # played by the end of play_by (league.competitions.base.dates.deadline_of).
    starts_on = models.DateField(null=True, blank=True)
    play_by = models.DateField(null=True, blank=True)
    # The club night that paired this Swiss round from the players present (or seated this
    # league round's tables); none for a round paired from every entry.
    night = models.ForeignKey("ClubNight", on_delete=models.SET_NULL, related_name="rounds",
                              null=True, blank=True)

    class Meta:
        ordering = ["competition", "stage__order", "bracket", "number"]
        constraints = [
            models.UniqueConstraint(
                fields=["competition", "bracket", "number"], condition=Q(stage__isnull=True),
                name="round_number_unique",
            ),
            models.UniqueConstraint(
                fields=["stage", "bracket", "number"], condition=Q(stage__isnull=False),
                name="round_number_unique_in_stage",
            ),
        ]

    def __str__(self) -> str:
        return shown_round_name(self.name or f"Round {self.number}")


# A round's name is stored in English when it is drawn (league.competitions.base.brackets,
# the draws); it is shown in the reader's language.
ROUND_NAMES = {
    "Final": _("Final"), "Semi-finals": _("Semi-finals"), "Quarter-finals": _("Quarter-finals"),
    "Third-place match": _("Third-place match"), "Grand final": _("Grand final"),
    "Grand final reset": _("Grand final reset"), "Winners' final": _("Winners' final"),
    "Losers' final": _("Losers' final"),
}
NUMBERED_ROUND_NAMES = (
    (re.compile(r"Round (\d+)"), _("Round %(number)s")),
    (re.compile(r"Winners' round (\d+)"), _("Winners' round %(number)s")),
    (re.compile(r"Losers' round (\d+)"), _("Losers' round %(number)s")),
    (re.compile(r"Challenge (\d+)"), _("Challenge %(number)s")),
    (re.compile(r"Round (\d+) \(catch-up\)"), _("Round %(number)s (catch-up)")),
)
STAGE_ROUND = re.compile(r"Stage (\d+), round (\d+)")


@for_each_language(maxsize=4096)
def shown_round_name(name: str) -> str:
    """A stored round name in the reader's language; a name the site did not give as it is.
    Remembered: a league division's page names its forty rounds."""
    if name in ROUND_NAMES:
        return str(ROUND_NAMES[name])
    if found := STAGE_ROUND.fullmatch(name):
        return gettext("Stage %(stage)s, round %(number)s") % {
            "stage": found[1], "number": found[2]}
    for pattern, shown in NUMBERED_ROUND_NAMES:
        if found := pattern.fullmatch(name):
            return str(shown) % {"number": found[1]}
    return name


class Match(models.Model):
    class Status(models.TextChoices):
        PENDING = "pending", _("Waiting for players")
        SCHEDULED = "scheduled", _("Scheduled")
        IN_PROGRESS = "in_progress", _("In progress")
        REPORTED = "reported", _("Reported, awaiting confirmation")
        DISPUTED = "disputed", _("Disputed")
        CONFIRMED = "confirmed", _("Confirmed")
        VOID = "void", _("Not needed")  # a bracket reset that is not played, or nobody to play

    class Kind(models.TextChoices):
        PLAYED = "played", _("Played")
        BYE = "bye", _("Bye")
        WALKOVER = "walkover", _("Walkover")
        FORFEIT = "forfeit", _("Forfeit")
        DOUBLE_FORFEIT = "double_forfeit", _("Double forfeit")
        NO_SHOW = "no_show", _("No show")

    # Named groups of statuses.
    # Open for play: its games may be started and its result reported.
    OPEN_FOR_PLAY = (Status.SCHEDULED, Status.IN_PROGRESS)
    # Unplayed: nothing of it has happened yet (a Swiss round of such matches may be paired again).
    UNPLAYED = (Status.PENDING, Status.SCHEDULED)
    # Seatable: a knockout slot the bracket may still fill, a reset not needed (void) included.
    SEATABLE = (Status.PENDING, Status.SCHEDULED, Status.VOID)

    competition = models.ForeignKey(Competition, on_delete=models.CASCADE, related_name="matches")
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="matches")
    key = models.CharField(max_length=40, blank=True, help_text="The bracket slot, e.g. W1-3")
    entry_a = models.ForeignKey(
        Entry, on_delete=models.PROTECT, related_name="+", null=True, blank=True
    )
    entry_b = models.ForeignKey(
        Entry, on_delete=models.PROTECT, related_name="+", null=True, blank=True
    )
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.SCHEDULED)
    kind = models.CharField(max_length=16, choices=Kind.choices, default=Kind.PLAYED)
    # what the lists of matches show, on every row (league.core.choices)
    get_status_display = display("status", Status)
    get_kind_display = display("kind", Kind)
    winner = models.ForeignKey(
        Entry, on_delete=models.PROTECT, related_name="+", null=True, blank=True
    )
    games_a = models.PositiveSmallIntegerField(default=0)
    games_b = models.PositiveSmallIntegerField(default=0)
    # Each side's points over its finished games (the games' totals added up), kept by every
    # write that finishes, re-scores or removes a game (league.games.services.match_points):
    # the standings and a player's statistics read a match's points without its games.
    points_a = models.IntegerField(default=0)
    points_b = models.IntegerField(default=0)
    scheduled_at = models.DateTimeField(null=True, blank=True)
    table = models.CharField(max_length=20, blank=True)
    # An extension the organizer gave this match: it replaces its round's play-by date.
    play_by = models.DateField(null=True, blank=True)
    # A time one player proposed, waiting for the other's acceptance.
    proposed_at = models.DateTimeField(null=True, blank=True)
    proposed_by = models.ForeignKey(
        Entry, on_delete=models.SET_NULL, related_name="+", null=True, blank=True
    )
    # How many times the time or table changed, and when last: a calendar's SEQUENCE and
    # LAST-MODIFIED (RFC 5545 3.8.7.4, 3.8.7.3).
    schedule_sequence = models.PositiveIntegerField(default=0)
    schedule_changed_at = models.DateTimeField(null=True, blank=True)
    confirmed_at = models.DateTimeField(null=True, blank=True)
    # When a confirmed result was played, stored at each confirmation or correction
    # (league.competitions.base.played): its last finished game's start, else its first report,
    # else its confirmation. The ratings find a week's results by it through the index below.
    played_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["round__number", "pk"]
        verbose_name_plural = "matches"
        constraints = [
            models.CheckConstraint(
                condition=Q(entry_a__isnull=True) | ~Q(entry_a=F("entry_b")),
                name="player_cannot_play_themself",
            ),
            models.CheckConstraint(
                condition=Q(winner__isnull=True)
                | Q(winner=F("entry_a"))
                | Q(winner=F("entry_b")),
                name="winner_is_a_side_of_the_match",
            ),
            models.UniqueConstraint(
                fields=["competition", "key"], condition=~Q(key=""), name="match_key_unique"
            ),
        ]
        indexes = [
            models.Index(fields=["competition", "status"]),
            models.Index(fields=["competition", "played_at"], name="match_played_in_competition"),
            # The competition page counts each round's open matches and finds its latest result
            # (league.competitions.formats.selectors.PAGE_ROUNDS) from this index alone, without
            # reading the matches' rows (PostgreSQL; elsewhere the columns are not included).
            models.Index(fields=["competition", "round"], include=["status", "confirmed_at"],
                         name="match_rounds_counted"),
            # What a kept table's digest reads of each match, in id order
            # (league.competitions.standings.kept.counted_text), from this index alone: a
            # competition's matches lie scattered over the table's pages, its index entries
            # side by side (PostgreSQL; elsewhere the columns are not included).
            models.Index(fields=["competition", "id"],
                         include=["entry_a", "entry_b", "round", "kind", "status", "winner",
                                  "points_a", "points_b"],
                         name="match_counted_lines"),
            # The calendar feeds' matches with a time or a date of their own, found without
            # reading the competition's undated ones (league.competitions.schedule.feed_reads).
            models.Index(fields=["competition"], name="match_dated_in_competition",
                         condition=Q(scheduled_at__isnull=False) | Q(play_by__isnull=False)),
        ]

    def __str__(self) -> str:
        to_be_decided = gettext("TBD")
        b = self.entry_b or (gettext("bye") if self.kind == self.Kind.BYE else to_be_decided)
        return gettext("%(a)s v %(b)s") % {"a": self.entry_a or to_be_decided, "b": b}

    def get_absolute_url(self) -> str:
        return link("match", self.pk)

    @property
    def is_confirmed(self) -> bool:
        return self.status == self.Status.CONFIRMED
