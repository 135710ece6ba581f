"""Competitions, their entries, rounds and matches, and the verified results of the matches."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.urls import reverse

from gameplay.engine import Ruleset
from league.clubs.models import Club, Player, Season


class Seat(models.TextChoices):
    """Seat A is the match's first entry, seat B its second."""

    A = "A", "A"
    B = "B", "B"


class Competition(models.Model):
    class Format(models.TextChoices):
        LEAGUE = "league", "League (round robin)"
        SINGLE_ELIMINATION = "single_elimination", "Single elimination"
        DOUBLE_ELIMINATION = "double_elimination", "Double elimination"
        SWISS = "swiss", "Swiss"
        LADDER = "ladder", "Challenge ladder"

    class MatchFormat(models.TextChoices):
        FIRST_TO = "first_to", "First to N games"
        FIXED_GAMES = "fixed_games", "A fixed number of games"
        HOLLYWOOD = "hollywood", "Hollywood (columns scored at once)"

    class Seeding(models.TextChoices):
        ENTERED = "entered", "By hand: the seeds given, then in the order of entry"
        RATING = "rating", "By rating: the highest first, the unrated after in entry order"
        RANDOM = "random", "At random"

    class Status(models.TextChoices):
        DRAFT = "draft", "Draft"
        RUNNING = "running", "Running"
        FINISHED = "finished", "Finished"

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="competitions")
    name = models.CharField(max_length=120)
    description = models.TextField(blank=True, max_length=2000)
    format = models.CharField(max_length=24, choices=Format.choices)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.DRAFT)
    ruleset = models.JSONField(default=dict, blank=True, help_text="The engine's Ruleset as a dict")
    match_format = models.CharField(
        max_length=12, choices=MatchFormat.choices, default=MatchFormat.FIRST_TO
    )
    match_games = models.PositiveSmallIntegerField(
        default=1, help_text="First to N games, or the fixed number of games"
    )
    hollywood = models.JSONField(
        default=dict, blank=True,
        help_text="A Hollywood match's format: columns, target (none: the ruleset's), winner_by",
    )
    points_win = models.PositiveSmallIntegerField(default=2)
    points_draw = models.PositiveSmallIntegerField(default=1)
    points_loss = models.PositiveSmallIntegerField(default=0)
    tiebreaks = models.JSONField(default=list, blank=True)
    double_round_robin = models.BooleanField(default=False)
    third_place_match = models.BooleanField(default=False)
    bracket_reset = models.BooleanField(default=True)
    swiss_rounds = models.PositiveSmallIntegerField(null=True, blank=True)
    # Sign-ups: while open (and before the closing time, below the cap) a player of the club
    # enters or withdraws himself before the start.
    registration_open = models.BooleanField(default=False)
    registration_closes_at = models.DateTimeField(null=True, blank=True)
    registration_cap = models.PositiveSmallIntegerField(null=True, blank=True)
    # How the start seeded the draw; a random draw's seed reproduces it
    # (league.competitions.algorithms.seeding.seed_at_random over the entry ids in entry order).
    seeding = models.CharField(max_length=10, choices=Seeding.choices, blank=True)
    random_seed = models.BigIntegerField(null=True, blank=True)
    # A challenge ladder: how far up a challenge reaches, the days the challenged has to play,
    # and the days before the same two may meet again.
    ladder_reach = models.PositiveSmallIntegerField(default=3)
    ladder_days = models.PositiveSmallIntegerField(default=7)
    ladder_rematch_days = models.PositiveSmallIntegerField(default=14)
    ended_early = models.CharField(
        max_length=300, blank=True,
        help_text="Why a Swiss stopped before its planned rounds, as its page says it",
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at"]
        constraints = [
            models.UniqueConstraint(
                fields=["season", "name"], name="competition_name_unique_in_season"
            ),
            models.CheckConstraint(condition=Q(match_games__gte=1), name="match_has_games"),
        ]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("competition", args=[self.pk])

    @property
    def club(self) -> Club:
        return self.season.club

    @property
    def is_knockout(self) -> bool:
        return self.format in (self.Format.SINGLE_ELIMINATION, self.Format.DOUBLE_ELIMINATION)

    def rules(self):
        return Ruleset.from_dict(self.ruleset)

    @property
    def target_score(self) -> int:
        return self.rules().target_score

    def hollywood_format(self):
        """The engine's HollywoodFormat of a Hollywood match (three columns by default)."""
        from gameplay.engine import HollywoodFormat

        return HollywoodFormat.from_dict(self.hollywood or {})


class Stage(models.Model):
    """One stage of a competition played in stages (round-robin groups, then a knockout; a
    Swiss, then a top cut). A competition without stages is played in its one format. A later
    stage names who qualifies from the stage before it and how they are seeded."""

    class Kind(models.TextChoices):
        GROUPS = "groups", "Round-robin groups"
        LEAGUE = "league", "League (round robin)"
        SINGLE_ELIMINATION = "single_elimination", "Single elimination"
        DOUBLE_ELIMINATION = "double_elimination", "Double elimination"
        SWISS = "swiss", "Swiss"

    class Dealing(models.TextChoices):
        SNAKE = "snake", "By seed, in snake order"
        BY_HAND = "by_hand", "By hand"

    class Qualify(models.TextChoices):
        EACH_GROUP = "each_group", "The top K of each group"
        OVERALL = "overall", "The top K overall"

    class Seeding(models.TextChoices):
        CROSS_GROUP = "cross_group", "Cross-group (A1 v B2, B1 v A2)"
        STANDING = "standing", "By standing"
        RATING = "rating", "By rating"

    competition = models.ForeignKey(Competition, on_delete=models.CASCADE, related_name="stages")
    order = models.PositiveSmallIntegerField()
    kind = models.CharField(max_length=24, choices=Kind.choices)
    groups = models.PositiveSmallIntegerField(default=0, help_text="Round-robin groups: how many")
    dealing = models.CharField(max_length=8, choices=Dealing.choices, default=Dealing.SNAKE)
    qualify = models.CharField(max_length=12, choices=Qualify.choices, blank=True,
                               help_text="Who comes from the stage before (blank for the first)")
    qualifiers = models.PositiveSmallIntegerField(default=0, help_text="K of the qualifying rule")
    seeding = models.CharField(max_length=12, choices=Seeding.choices, default=Seeding.STANDING)
    decided = models.JSONField(
        default=list, blank=True,
        help_text="The organizer's decisions of ties at the cut: [{group, players}] best first",
    )

    class Meta:
        ordering = ["competition", "order"]
        constraints = [
            models.UniqueConstraint(fields=["competition", "order"], name="stage_order_unique"),
            models.CheckConstraint(condition=Q(order__gte=1), name="stage_order_from_one"),
        ]

    def __str__(self) -> str:
        return f"Stage {self.order}: {self.get_kind_display()}"

    # A knockout stage is drawn by the bracket code as a competition is: these mirror the
    # competition's fields of the same names.
    @property
    def format(self) -> str:
        return self.kind

    @property
    def is_knockout(self) -> bool:
        return self.kind in (self.Kind.SINGLE_ELIMINATION, self.Kind.DOUBLE_ELIMINATION)

    @property
    def third_place_match(self) -> bool:
        return self.competition.third_place_match

    @property
    def bracket_reset(self) -> bool:
        return self.competition.bracket_reset


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


class Round(models.Model):
    class Bracket(models.TextChoices):
        MAIN = "main", "Main"
        WINNERS = "winners", "Winners' bracket"
        LOSERS = "losers", "Losers' bracket"
        FINALS = "finals", "Finals"

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
        return self.name or f"Round {self.number}"


class Match(models.Model):
    class Status(models.TextChoices):
        PENDING = "pending", "Waiting for players"
        SCHEDULED = "scheduled", "Scheduled"
        IN_PROGRESS = "in_progress", "In progress"
        REPORTED = "reported", "Reported, awaiting confirmation"
        DISPUTED = "disputed", "Disputed"
        CONFIRMED = "confirmed", "Confirmed"
        VOID = "void", "Not needed"  # a bracket reset that is not played, or nobody to play

    class Kind(models.TextChoices):
        PLAYED = "played", "Played"
        BYE = "bye", "Bye"
        WALKOVER = "walkover", "Walkover"
        FORFEIT = "forfeit", "Forfeit"
        DOUBLE_FORFEIT = "double_forfeit", "Double forfeit"
        NO_SHOW = "no_show", "No show"

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
    winner = models.ForeignKey(
        Entry, on_delete=models.PROTECT, related_name="+", null=True, blank=True
    )
    games_a = models.PositiveSmallIntegerField(default=0)
    games_b = models.PositiveSmallIntegerField(default=0)
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
        indexes = [models.Index(fields=["competition", "status"])]

    def __str__(self) -> str:
        return f"{self.entry_a or 'TBD'} v {self.entry_b or ('bye' if self.kind == self.Kind.BYE else 'TBD')}"

    def get_absolute_url(self) -> str:
        return reverse("match", args=[self.pk])

    @property
    def is_confirmed(self) -> bool:
        return self.status == self.Status.CONFIRMED


class ClubNight(models.Model):
    """An evening of play for one competition (a Swiss, or a league's rounds of the evening):
    scheduled ahead or opened on the night, players check in, each round of the night is paired
    from those present, and the organizer closes it (league.competitions.nights.services)."""

    class Status(models.TextChoices):
        SCHEDULED = "scheduled", "Scheduled"
        OPEN = "open", "Open"
        CLOSED = "closed", "Closed"

    competition = models.ForeignKey(Competition, on_delete=models.CASCADE,
                                    related_name="nights")
    starts_at = models.DateTimeField()
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.SCHEDULED)
    opened_at = models.DateTimeField(null=True, blank=True)
    closed_at = models.DateTimeField(null=True, blank=True)
    opened_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL,
                                  related_name="+", null=True, blank=True)

    class Meta:
        ordering = ["-starts_at", "-pk"]
        constraints = [
            models.UniqueConstraint(fields=["competition"], condition=Q(status="open"),
                                    name="one_open_night_per_competition"),
        ]

    def __str__(self) -> str:
        return f"Club night of {self.competition}"

    def get_absolute_url(self) -> str:
        return reverse("club-night", args=[self.pk])

    @property
    def is_open(self) -> bool:
        return self.status == self.Status.OPEN


class CheckIn(models.Model):
    """A player present at a club night: from checked_in_at, until left_at if they left (they are
    paired in no round of the night after that). Checking in again after leaving clears left_at."""

    night = models.ForeignKey(ClubNight, on_delete=models.CASCADE, related_name="check_ins")
    entry = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="check_ins")
    checked_in_at = models.DateTimeField()
    checked_in_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL,
                                      related_name="+", null=True, blank=True)
    left_at = models.DateTimeField(null=True, blank=True)
    left_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL,
                                related_name="+", null=True, blank=True)

    class Meta:
        ordering = ["night", "checked_in_at", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["night", "entry"], name="one_check_in_per_night"),
        ]

    def __str__(self) -> str:
        return f"{self.entry} at {self.night}"

    @property
    def present(self) -> bool:
        return self.left_at is None


class LadderChallenge(models.Model):
    """A challenge on a ladder, played as a match of the competition."""

    class Status(models.TextChoices):
        OPEN = "open", "Open"
        CHALLENGER_WON = "challenger_won", "Won by the challenger"
        CHALLENGED_WON = "challenged_won", "Won by the challenged"
        FORFEITED = "forfeited", "Forfeited by the challenged"

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
        JOINED = "joined", "Joined"
        CHALLENGED = "challenged", "Challenged"
        CHALLENGER_WON = "challenger_won", "Challenger won"
        CHALLENGED_WON = "challenged_won", "Challenged player held"
        FORFEITED = "forfeited", "Forfeited"

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


class ResultReport(models.Model):
    """A reported result. It counts nowhere until the other side confirms it."""

    class Status(models.TextChoices):
        PENDING = "pending", "Awaiting confirmation"
        CONFIRMED = "confirmed", "Confirmed"
        DISPUTED = "disputed", "Disputed"
        REJECTED = "rejected", "Rejected by an organizer"
        SUPERSEDED = "superseded", "Superseded by a correction"

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="reports")
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.PENDING)
    kind = models.CharField(max_length=16, choices=Match.Kind.choices, default=Match.Kind.PLAYED)
    winner = models.ForeignKey(Entry, on_delete=models.PROTECT, related_name="+", null=True)
    games_a = models.PositiveSmallIntegerField(default=0)
    games_b = models.PositiveSmallIntegerField(default=0)
    # Empty once the reporter's account is deleted: the report and its result stay.
    reported_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, related_name="+", null=True
    )
    reported_at = models.DateTimeField(auto_now_add=True)
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, related_name="+", null=True, blank=True
    )
    decided_at = models.DateTimeField(null=True, blank=True)
    comment = models.TextField(blank=True, max_length=2000)

    class Meta:
        ordering = ["-reported_at", "-pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["match"],
                condition=Q(status="confirmed"),
                name="one_confirmed_result_per_match",
            ),
            models.UniqueConstraint(
                fields=["match"],
                condition=Q(status__in=["pending", "disputed"]),
                name="one_open_report_per_match",
            ),
        ]

    def __str__(self) -> str:
        return f"Result of {self.match} ({self.get_status_display()})"


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


class FollowUp(models.Model):
    """Work that follows a change (the bracket, the next Swiss round, the ratings after a
    confirmed result, or after a stage's played matches were removed), written in the change's
    own transaction: the work cannot be lost between the commit and the broker. It is sent to
    Celery after the commit and sent again by the relay (league.competitions.tasks.relay_follow_ups)
    until the task that does it marks it done. Work after removed matches has no match: it
    rates the club again from the week of `rate_from`, the earliest removed result."""

    class Kind(models.TextChoices):
        PROGRESS = "progress", "Progress the competition"
        RATE = "rate", "Rate the result"
        RATE_AGAIN = "rate_again", "Rate again after removed results"

    kind = models.CharField(max_length=16, choices=Kind.choices)
    competition = models.ForeignKey(Competition, on_delete=models.CASCADE, related_name="+")
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="+", null=True,
                              blank=True)
    rate_from = models.DateTimeField(null=True, blank=True)
    created = models.DateTimeField(auto_now_add=True)
    sent_at = models.DateTimeField(null=True, blank=True)
    attempts = models.PositiveIntegerField(default=0)
    done_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["created", "pk"]
        indexes = [models.Index(fields=["done_at", "created"])]

    def __str__(self) -> str:
        if self.match_id is None:
            return f"{self.get_kind_display()} of {self.competition_id}"
        return f"{self.get_kind_display()} after match {self.match_id}"
