"""What the ratings app answers and does when the apps below it ask or tell.

- Seeding by rating (league.competitions.base.seeding.ratings_wanted) reads the players' current
  ratings here.
- Two player records merged (league.clubs.signals.players_merged): the club's ratings are
  computed again from its results, now under the one player.
"""

from __future__ import annotations

from django.dispatch import receiver

from league.clubs.signals import players_merged
from league.competitions.base.seeding import ratings_wanted
from league.ratings.selectors import ratings_for
from league.ratings.services import recompute_ratings


@receiver(ratings_wanted, dispatch_uid="ratings-current")
def current_ratings(players: list[int], **_) -> dict[int, float]:
    return {player: current.rating for player, current in ratings_for(players).items()}


@receiver(players_merged, dispatch_uid="ratings-after-merge")
def rate_merged_club(club, **_) -> None:
    recompute_ratings(club)
