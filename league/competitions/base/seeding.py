"""Where seeding by rating finds the players' current ratings.

The competitions keep no ratings: `ratings_wanted` is sent with `players`, a list of player ids,
and each receiver answers a dict {player id: current rating} for the players it rates (the
ratings app connects one when it is ready). A player nobody rates is unrated: seeded after the
rated ones.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.dispatch import Signal

ratings_wanted = Signal()


def current_ratings(players: Iterable[int]) -> dict[int, float]:
    """The current rating of each player who has one, by player id."""
    found: dict[int, float] = {}
    for _receiver, answer in ratings_wanted.send(sender=None, players=list(players)):
        found.update({player: float(rating) for player, rating in answer.items()})
    return found
