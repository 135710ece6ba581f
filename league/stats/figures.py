"""The hand figures as the page's table rows: the player's count, its rate per 100 hands he
played, and the club's average player's rate (per 100 player-hands)."""

from __future__ import annotations

from dataclasses import dataclass

from .hands import HandFigures

ROWS = (
    ("Hands won", "won"),
    ("Knocks", "knocks"),
    ("Gins", "gins"),
    ("Big gins", "big_gins"),
    ("Undercuts made", "undercuts_made"),
    ("Undercuts suffered", "undercuts_suffered"),
    ("Gins suffered", "gins_suffered"),
    ("Dead hands", "dead_hands"),
)


@dataclass(frozen=True, slots=True)
class FigureRow:
    label: str
    count: int
    rate: float | None
    club_rate: float | None


def hand_rows(mine: HandFigures, club: HandFigures) -> list[FigureRow]:
    return [FigureRow(label, getattr(mine, name), mine.per_hundred(getattr(mine, name)),
                      club.per_hundred(getattr(club, name)))
            for label, name in ROWS]
