"""The form chart: the last matches as bars, drawn on the server as SVG geometry.

Left to right, oldest to newest; a match won is a bar up from the middle line, lost a bar down,
drawn a short mark on the line. A bar's height grows with the margin in games (1 to 3 or more).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from django.utils.formats import date_format
from django.utils.translation import gettext, ngettext, pgettext

from .meetings import FormMatch

HEIGHT, SLOT = 130, 36
MIDDLE, UNIT, MOST = 65, 16, 3


def _letter(outcome: str) -> str:
    return {"won": pgettext("a match won, in one letter", "W"),
            "drawn": pgettext("a match drawn, in one letter", "D"),
            "lost": pgettext("a match lost, in one letter", "L")}[outcome]


def _label(match: FormMatch) -> str:
    values = {"score": f"{match.games_for}–{match.games_against}", "opponent": match.opponent,
              "date": date_format(match.confirmed_at, "j M Y")}
    if match.outcome == "won":
        return gettext("Won %(score)s against %(opponent)s, %(date)s") % values
    if match.outcome == "lost":
        return gettext("Lost %(score)s against %(opponent)s, %(date)s") % values
    return gettext("Drawn %(score)s against %(opponent)s, %(date)s") % values


@dataclass(frozen=True, slots=True)
class Bar:
    x: int
    y: int
    width: int
    height: int
    outcome: str
    letter: str
    letter_y: int  # the letter beyond the bar's end: above a win, below a loss
    label: str  # the bar's tooltip


@dataclass(frozen=True, slots=True)
class FormChart:
    width: int
    height: int
    middle: int
    bars: tuple[Bar, ...]
    summary: str  # the chart in words, for screen readers and without the picture


def form_chart(form: Sequence[FormMatch]) -> FormChart | None:
    if not form:
        return None
    bars = []
    for index, match in enumerate(form):
        margin = min(MOST, max(1, abs(match.games_for - match.games_against)))
        height = 3 if match.outcome == "drawn" else margin * UNIT
        y = MIDDLE - height if match.outcome == "won" else MIDDLE
        if match.outcome == "drawn":
            y = MIDDLE - 1
        letter_y = y - 5 if match.outcome != "lost" else y + height + 15
        bars.append(Bar(index * SLOT + 4, y, SLOT - 8, height, match.outcome,
                        _letter(match.outcome), letter_y, _label(match)))
    letters = " ".join(bar.letter for bar in bars)
    won = sum(1 for m in form if m.outcome == "won")
    summary = ngettext("Last %(n)s match, oldest first: %(letters)s (%(won)s won).",
                       "Last %(n)s matches, oldest first: %(letters)s (%(won)s won).",
                       len(form)) % {"n": len(form), "letters": letters, "won": won}
    return FormChart(SLOT * len(form), HEIGHT, MIDDLE, tuple(bars), summary)
