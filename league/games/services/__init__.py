"""Gameplay services: games and hands. Points come from the engine, never from a view."""

from .games import HandEntry, record_hand, record_hands, start_game, undo_last_hand
from .paper import (
    HOLLYWOOD_BY_COLUMNS,
    NOT_HOLLYWOOD,
    enter_game_totals,
    enter_hollywood_columns,
    enter_hollywood_hands,
)

__all__ = ["HOLLYWOOD_BY_COLUMNS", "NOT_HOLLYWOOD", "HandEntry", "enter_game_totals",
           "enter_hollywood_columns", "enter_hollywood_hands", "record_hand", "record_hands",
           "start_game",
           "undo_last_hand"]
