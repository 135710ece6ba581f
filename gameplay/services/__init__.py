"""Gameplay services: games and hands. Points come from the engine, never from a view."""

from .games import HandEntry, record_hand, start_game, undo_last_hand

__all__ = ["HandEntry", "record_hand", "start_game", "undo_last_hand"]
