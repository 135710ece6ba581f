"""Games and hands as facts: what happened at the table. Points are derived by the engine."""

from __future__ import annotations

import hashlib

from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from league.competitions.models import Match, Seat


class Game(models.Model):
    class Status(models.TextChoices):
        IN_PROGRESS = "in_progress", _("In progress")
        FINISHED = "finished", _("Finished")

    # Found by its match through the indexes below, which both begin with the match.
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="games",
                              db_index=False)
    number = models.PositiveSmallIntegerField()
    ruleset = models.JSONField(help_text=_("The competition's ruleset, copied when the game starts"))
    target_score = models.PositiveSmallIntegerField()
    first_dealer = models.CharField(max_length=1, choices=Seat.choices, default=Seat.A)
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.IN_PROGRESS)
    # Derived by the engine from the hands each time a hand is added or undone (for lists).
    winner = models.CharField(max_length=1, choices=Seat.choices, blank=True)
    total_a = models.IntegerField(default=0)
    total_b = models.IntegerField(default=0)
    # A game entered from a paper scoresheet that kept only the final totals: it has no hands,
    # its totals are as entered (checked by the engine) and this is how many hands it took.
    hands_played = models.PositiveSmallIntegerField(null=True, blank=True)
    # A Hollywood match is one game of several columns scored at once over the same hands: its
    # format as the engine's HollywoodFormat, and the columns each player won. Its totals are
    # over the columns; it may end level (no winner) when the match is won on points.
    is_hollywood = models.BooleanField(default=False)
    hollywood = models.JSONField(default=dict, blank=True)
    columns_a = models.PositiveSmallIntegerField(default=0)
    columns_b = models.PositiveSmallIntegerField(default=0)
    # A Hollywood match entered from a paper scoresheet that kept only each column's totals:
    # per column {"points": [a, b], "boxes": [a, b], "totals": [a, b]} (hand points, hands won,
    # the column's final account), as entered and checked by the engine.
    paper_columns = models.JSONField(default=list, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["match", "number"]
        # A match's finished games and their totals read from the index alone, without the
        # games' rows (the standings, a player's results): a game's row is large, its ruleset
        # and columns kept with it. With the game's id, its hands are found from it too (the
        # hands won: league.competitions.standings.services.hands_won).
        indexes = [models.Index(fields=["match", "winner", "total_a", "total_b"],
                                include=["id"], name="game_points_of_match")]
        constraints = [
            models.UniqueConstraint(fields=["match", "number"], name="game_number_unique_in_match"),
            models.CheckConstraint(
                condition=Q(status="in_progress", winner="")
                | Q(status="finished", winner__in=["A", "B"])
                | Q(status="finished", winner="", is_hollywood=True),
                name="finished_game_has_a_winner",
            ),
        ]

    def __str__(self) -> str:
        return f"Game {self.number} of {self.match}"

    def get_absolute_url(self) -> str:
        return reverse("gameplay:scoresheet", args=[self.pk])

    @property
    def is_finished(self) -> bool:
        return self.status == self.Status.FINISHED

    @property
    def from_totals(self) -> bool:
        return self.hands_played is not None


class Hand(models.Model):
    class Outcome(models.TextChoices):
        KNOCK = "knock", _("Knock")
        GIN = "gin", _("Gin")
        BIG_GIN = "big_gin", _("Big gin")
        UNDERCUT = "undercut", _("Undercut")
        DEAD_HAND = "dead_hand", _("Dead hand")
        # Declared void by a ruling (a new deal): no score, and the deal does not pass on.
        VOID = "void", _("Void, dealt again")

    # Found by its game through the indexes below, which both begin with the game.
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="hands", db_index=False)
    number = models.PositiveSmallIntegerField()
    dealer = models.CharField(max_length=1, choices=Seat.choices)
    outcome = models.CharField(max_length=10, choices=Outcome.choices)
    knocker = models.CharField(max_length=1, choices=Seat.choices, blank=True)
    winner = models.CharField(max_length=1, choices=Seat.choices, blank=True)
    points = models.PositiveIntegerField(default=0)
    # The cards, where entered: after the knocker's discard (11 for big gin), and the spread.
    knocker_cards = models.CharField(max_length=80, blank=True)
    defender_cards = models.CharField(max_length=80, blank=True)
    spread = models.JSONField(default=list, blank=True)
    upcard = models.CharField(max_length=4, blank=True)
    # The deadwood counts, where known (typed at the table or counted by the engine from the
    # cards; none for a dead or void hand): the knocker's, and the defender's after his
    # layoffs, as the printed scoresheet's column. The statistics average them.
    knocker_deadwood = models.PositiveSmallIntegerField(null=True, blank=True)
    defender_deadwood = models.PositiveSmallIntegerField(null=True, blank=True)
    # A hand played through the engine's state machine: its full event log.
    event_log = models.JSONField(default=list, blank=True)
    # The tournament director's ruling that decided how this hand is scored, as the rulings
    # assistant gave it: {"irregularity", "title", "ruling", "source", "section", "answers"}.
    ruling = models.JSONField(default=dict, blank=True)
    # The director's rulings on this hand that do not score it by themselves (a lost turn, a
    # correction by discarding or drawing, play on), each as the ruling above, in the order
    # recorded. Recorded while the hand is at the table, they wait in the match's history and
    # are stored here when the hand is entered.
    rulings = models.JSONField(default=list, blank=True)
    entered_by = models.ForeignKey(
        "auth.User", on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    # The key the phone made for the entry of this hand: the same entry sent again (a lost
    # answer, a queue sent twice) is answered with this hand instead of being entered twice.
    entry_key = models.CharField(max_length=64, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["game", "number"]
        # The hands each side won, counted from the index alone (the hands won of the standings).
        indexes = [models.Index(fields=["game", "winner"], name="hand_winner_in_game")]
        constraints = [
            models.UniqueConstraint(fields=["game", "number"], name="hand_number_unique_in_game"),
            models.UniqueConstraint(fields=["entry_key"], condition=~Q(entry_key=""),
                                    name="hand_entry_key_unique"),
            models.CheckConstraint(
                condition=Q(outcome__in=["dead_hand", "void"], winner="", points=0)
                | (~Q(outcome__in=["dead_hand", "void"])
                   & Q(winner__in=["A", "B"], knocker__in=["A", "B"])),
                name="hand_winner_matches_outcome",
            ),
        ]

    def __str__(self) -> str:
        return f"Hand {self.number} of {self.game}"

    @property
    def outcome_label(self) -> str:
        """The outcome in the reader's language, as get_outcome_display says it, for the lists
        of hands (which translated every choice to find the one)."""
        try:
            return str(self.Outcome(self.outcome).label)
        except ValueError:
            return self.outcome

    @property
    def has_cards(self) -> bool:
        return bool(self.knocker_cards and self.defender_cards)

    @property
    def version(self) -> str:
        """The hand's facts as its correction form shows them, short: a correction from a form
        showing other facts (another organizer corrected it meanwhile) is refused."""
        facts = (self.number, self.outcome, self.winner, self.knocker, self.points,
                 self.knocker_cards, self.defender_cards, self.upcard, self.dealer,
                 self.knocker_deadwood, self.defender_deadwood)
        return hashlib.sha256(repr(facts).encode()).hexdigest()[:16]

    @property
    def has_counts(self) -> bool:
        return self.knocker_deadwood is not None and self.defender_deadwood is not None

    @property
    def is_void(self) -> bool:
        return self.outcome == self.Outcome.VOID

    @property
    def all_rulings(self) -> list[dict]:
        """Every ruling on the hand, as recorded: those it was played on with, then the one
        that scored it."""
        return [*self.rulings, self.ruling] if self.ruling else list(self.rulings)

    @property
    def rulings_shown(self) -> list[dict]:
        """The rulings as the pages show them: their words in the reader's language."""
        from league.games.rulings.words import say  # the assistant's words, not the model's

        return [{**ruling, "title": say(ruling.get("title", "")),
                 "ruling": say(ruling.get("ruling", "")), "source": say(ruling.get("source", ""))}
                for ruling in self.all_rulings]


class HandFlag(models.Model):
    """A player's word that an earlier hand of his match is wrong. It waits in the organizer's
    disputes list until he corrects the hand or dismisses the flag."""

    class Cleared(models.TextChoices):
        CORRECTED = "corrected", _("Hand corrected")
        DISMISSED = "dismissed", _("Dismissed")

    hand = models.ForeignKey(Hand, on_delete=models.CASCADE, related_name="flags")
    raised_by = models.ForeignKey("auth.User", on_delete=models.SET_NULL, null=True,
                                  related_name="+")
    reason = models.CharField(max_length=300)
    raised_at = models.DateTimeField(auto_now_add=True)
    cleared = models.CharField(max_length=10, choices=Cleared.choices, blank=True)
    cleared_by = models.ForeignKey("auth.User", on_delete=models.SET_NULL, null=True,
                                   blank=True, related_name="+")
    cleared_at = models.DateTimeField(null=True, blank=True)
    cleared_comment = models.CharField(max_length=300, blank=True)

    class Meta:
        ordering = ["raised_at", "pk"]

    def __str__(self) -> str:
        return f"Flag on {self.hand}"

    @property
    def is_open(self) -> bool:
        return not self.cleared


class TableRuling(models.Model):
    """A ruling one player of a match records at the table on a hand (an irregularity of the
    rule book, the answers to its questions, and the cards or deadwood counts it is scored
    from). It stands when the opponent agrees on his phone, or an organizer who does not play
    in the match decides; only then is it kept in the match's history and does it score the
    hand. Not agreed, it waits for the organizer."""

    class Status(models.TextChoices):
        WAITING = "waiting", _("Waiting for the opponent")
        AGREED = "agreed", _("Agreed by the opponent")
        DECIDED = "decided", _("Decided by an organizer")
        DISPUTED = "disputed", _("Not agreed: the organizer decides")
        WITHDRAWN = "withdrawn", _("Withdrawn")

    OPEN = (Status.WAITING, Status.DISPUTED)

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="table_rulings")
    hand_number = models.PositiveSmallIntegerField()
    irregularity = models.CharField(max_length=40)
    answers = models.JSONField(default=dict, blank=True)
    # What a scoring ruling settles the hand from: {"knocker_cards", "defender_cards",
    # "upcard", "knocker_deadwood", "defender_deadwood"}, as given.
    cards = models.JSONField(default=dict, blank=True)
    proposed_by = models.ForeignKey("auth.User", on_delete=models.SET_NULL, null=True,
                                    related_name="+")
    proposed_side = models.CharField(max_length=1, choices=Seat.choices, blank=True)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.WAITING)
    answered_by = models.ForeignKey("auth.User", on_delete=models.SET_NULL, null=True,
                                    blank=True, related_name="+")
    answered_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["game", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["game", "hand_number"],
                                    condition=Q(status__in=["waiting", "disputed"]),
                                    name="one_open_table_ruling_per_hand"),
        ]

    def __str__(self) -> str:
        return f"{self.irregularity} on hand {self.hand_number} of {self.game}"

    @property
    def is_open(self) -> bool:
        return self.status in self.OPEN
