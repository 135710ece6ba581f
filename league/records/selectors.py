"""What the record pages read besides the record itself."""

from __future__ import annotations

from collections.abc import Sequence

from league.games.models import Game, Hand


def has_games(match_id: int) -> bool:
    return Game.objects.filter(match_id=match_id).exists()


def hand_count(games: Sequence[Game]) -> int:
    return Hand.objects.filter(game__in=games).count()
