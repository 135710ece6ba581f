"""Gameplay services: games and hands. Points come from the engine, never from a view."""

from .games import HandEntry, record_hand, start_game, undo_last_hand
from .paper import enter_game_totals

__all__ = ["HandEntry", "enter_game_totals", "record_hand", "start_game", "undo_last_hand"]
