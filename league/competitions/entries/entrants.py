"""A new player of the club entered straight into a competition."""

from __future__ import annotations

from django.db import transaction

from league.clubs.models import Player
from league.clubs.services.players import add_player
from league.competitions.formats.competitions import register_players


def add_and_enter(competition, *, actor, name: str) -> Player:
    """A new player of the competition's club, entered in it: both, or neither."""
    with transaction.atomic():
        player = add_player(competition.season.club, actor=actor, name=name)
        register_players(competition, [player], actor=actor)
    return player
