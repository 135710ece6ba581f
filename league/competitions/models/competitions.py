"""Competitions and their stages; a match's seats."""

from __future__ import annotations

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from gameplay.engine import Ruleset
from league.clubs.models import Club, Season
from league.core.choices import display
from league.core.links import link


class Seat(models.TextChoices):
    """Seat A is the match's first entry, seat B its second."""

    A = "A", _("A")
    B = "B", _("B")


class Competition(models.Model):
    class Format(models.TextChoices):
        LEAGUE = "league", _("League (round robin)")
        SINGLE_ELIMINATION = "single_elimination", _("Single elimination")
        DOUBLE_ELIMINATION = "double_elimination", _("Double elimination")
        SWISS = "swiss", _("Swiss")
        LADDER = "ladder", _("Challenge ladder")

    class MatchFormat(models.TextChoices):
        FIRST_TO = "first_to", _("First to N games")
        FIXED_GAMES = "fixed_games", _("A fixed number of games")
        HOLLYWOOD = "hollywood", _("Hollywood (columns scored at once)")

    class Seeding(models.TextChoices):
        ENTERED = "entered", _("By hand: the seeds given, then in the order of entry")
        RATING = "rating", _("By rating: the highest first, the unrated after in entry order")
        RANDOM = "random", _("At random")

    class Status(models.TextChoices):
        DRAFT = "draft", _("Draft")
        RUNNING = "running", _("Running")
        FINISHED = "finished", _("Finished")

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="competitions")
    name = models.CharField(max_length=120)
    description = models.TextField(blank=True, max_length=2000)
    format = models.CharField(max_length=24, choices=Format.choices)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.DRAFT)
    # what the lists of competitions show, on every row (league.core.choices)
    get_format_display = display("format", Format)
    get_status_display = display("status", Status)
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
        return link("competition", self.pk)

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
        GROUPS = "groups", _("Round-robin groups")
        LEAGUE = "league", _("League (round robin)")
        SINGLE_ELIMINATION = "single_elimination", _("Single elimination")
        DOUBLE_ELIMINATION = "double_elimination", _("Double elimination")
        SWISS = "swiss", _("Swiss")

    class Dealing(models.TextChoices):
        SNAKE = "snake", _("By seed, in snake order")
        BY_HAND = "by_hand", _("By hand")

    class Qualify(models.TextChoices):
        EACH_GROUP = "each_group", _("The top K of each group")
        OVERALL = "overall", _("The top K overall")

    class Seeding(models.TextChoices):
        CROSS_GROUP = "cross_group", _("Cross-group (A1 v B2, B1 v A2)")
        STANDING = "standing", _("By standing")
        RATING = "rating", _("By rating")

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
        return gettext("Stage %(order)s: %(kind)s") % {
            "order": self.order, "kind": self.get_kind_display()}

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
