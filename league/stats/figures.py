"""The hand figures as the page's table rows: the player's count, its rate per 100 hands he
played, and the club's average player's rate (per 100 player-hands)."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext_lazy as _

from .hands import HandFigures

ROWS = (
    (_("Hands won"), "won"),
    (_("Knocks"), "knocks"),
    (_("Gins"), "gins"),
    (_("Big gins"), "big_gins"),
    (_("Undercuts made"), "undercuts_made"),
    (_("Undercuts suffered"), "undercuts_suffered"),
    (_("Gins suffered"), "gins_suffered"),
    (_("Dead hands"), "dead_hands"),
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
