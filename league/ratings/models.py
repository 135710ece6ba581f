"""Rating periods and every player's rating after each period they played in.

Derived data: league.ratings.services deletes and rebuilds them from the confirmed results, so nothing
here is ever edited by hand. A period is an ISO week (Monday to Sunday, settings.TIME_ZONE).
"""

from __future__ import annotations

from django.db import models
from django.db.models import Q

from league.clubs.models import Club, Player


class RatingPeriod(models.Model):
    """One closed week of a club, with the settings it was rated under (empty weeks too: in
    Glicko-2 every period widens the RD of the players who did not play)."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="rating_periods")
    starts_on = models.DateField(help_text="The Monday of the ISO week")
    system = models.CharField(max_length=10, choices=Club.RatingSystem.choices)
    rated_unit = models.CharField(max_length=10, choices=Club.RatedUnit.choices)
    tau = models.FloatField(null=True, blank=True, help_text="Glicko-2's tau; empty for Elo")
    elo_k = models.FloatField(null=True, blank=True, help_text="Elo's K; empty for Glicko-2")
    results = models.PositiveIntegerField(default=0, help_text="Rated results in the period")
    # A week not ended yet, rated as if it closed now: its ratings move with every confirmed
    # result and are replaced when the week is closed (league.ratings.services.rebuild).
    is_open = models.BooleanField(default=False)

    class Meta:
        ordering = ["club", "starts_on"]
        constraints = [
            models.UniqueConstraint(fields=["club", "starts_on"], name="one_rating_period_a_week"),
            models.CheckConstraint(
                condition=Q(system="glicko2", tau__isnull=False, elo_k__isnull=True)
                | Q(system="elo", tau__isnull=True, elo_k__isnull=False),
                name="rating_period_settings_fit_the_system",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.club} week of {self.starts_on:%Y-%m-%d}"


class PlayerRating(models.Model):
    """A player's rating after a period in which they had rated results.

    Periods without games leave no row: the RD they add is derived when the rating is shown
    (league.ratings.periods.idle) and when a rebuild starts from stored rows.
    """

    period = models.ForeignKey(RatingPeriod, on_delete=models.CASCADE, related_name="ratings")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="ratings")
    starts_on = models.DateField(help_text="The period's Monday, copied for the player's index")
    rating = models.FloatField()
    rd = models.FloatField(null=True, blank=True, help_text="Glicko-2 only")
    volatility = models.FloatField(null=True, blank=True, help_text="Glicko-2 only")
    games = models.PositiveIntegerField(help_text="Rated results in the period")
    total_games = models.PositiveIntegerField(help_text="Rated results up to this period")

    class Meta:
        ordering = ["player", "starts_on"]
        constraints = [
            models.UniqueConstraint(
                fields=["player", "starts_on"], name="one_rating_per_player_a_period"
            ),
            models.CheckConstraint(condition=Q(games__gte=1), name="rating_row_has_games"),
            models.CheckConstraint(
                condition=Q(rd__isnull=True, volatility__isnull=True)
                | Q(rd__gt=0, volatility__gt=0),
                name="rd_and_volatility_together",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.player_id} {self.rating:.0f} in week of {self.starts_on}"


class LatestRating(models.Model):
    """A player's latest rating row, with its week's system and whether that week is still open:
    kept beside the rows by the rebuild that writes them (league.ratings.services.latest), so that
    a club's board reads its players' rows from the club's index rather than one step of each
    player's history. Derived, as the rows are: never edited by hand."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="+")
    player = models.OneToOneField(Player, on_delete=models.CASCADE, related_name="latest_rating")
    starts_on = models.DateField(help_text="The Monday of the row's week")
    system = models.CharField(max_length=10, choices=Club.RatingSystem.choices)
    is_open = models.BooleanField(default=False, help_text="The row's week is not closed yet")
    rating = models.FloatField()
    rd = models.FloatField(null=True, blank=True, help_text="Glicko-2 only")
    volatility = models.FloatField(null=True, blank=True, help_text="Glicko-2 only")
    games = models.PositiveIntegerField(help_text="Rated results in the row's week")
    total_games = models.PositiveIntegerField(help_text="Rated results up to the row's week")

    class Meta:
        # The club's board: its best rows read from the top of the club's range
        # (league.ratings.club_board), not ranked over all its players.
        indexes = [models.Index(fields=["club", "-rating"], name="latest_rating_board")]

    def __str__(self) -> str:
        return f"{self.player_id} {self.rating:.0f} since the week of {self.starts_on}"
