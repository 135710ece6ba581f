"""A knockout bracket laid out for drawing: rounds as columns of equal height, each with the
slots of its round (a match, a bye, or a match not drawn), and how each column joins the next:
two slots into one ("pair") or one into one ("straight", the losers' bracket's drop-in rounds).

The read comes from `league.competitions.formats.draws.bracket_view`; this module only places it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from league.competitions.base.brackets import parse_key

PAIR, STRAIGHT, END = "pair", "straight", "end"


@dataclass(frozen=True, slots=True)
class Slot:
    view: Any | None = None  # a draws.MatchView; None for a bye or a slot with no match
    bye_player: Any | None = None  # the seeded player who skipped this round (a bye)

    @property
    def is_bye(self) -> bool:
        return self.view is None and self.bye_player is not None


@dataclass(frozen=True, slots=True)
class Column:
    name: str
    slots: tuple[Slot, ...]
    join: str  # PAIR, STRAIGHT or END: how this column's slots feed the next column

    @property
    def groups(self) -> tuple[tuple[Slot, ...], ...]:
        """Slots two by two where they pair into the next round, else one by one."""
        size = 2 if self.join == PAIR else 1
        return tuple(self.slots[i:i + size] for i in range(0, len(self.slots), size))


@dataclass(frozen=True, slots=True)
class Section:
    bracket: str
    label: str
    columns: tuple[Column, ...]
    is_tree: bool  # winners'/main and losers' brackets; the finals are drawn as plain boxes


def layout(view) -> tuple[Section, ...]:
    """The sections of a draws.BracketView as columns ready to draw."""
    winners_rounds = _winners_rounds(view)
    return tuple(_section(section, winners_rounds) for section in view.sections)


def _winners_rounds(view) -> int:
    numbers = [
        key[1]
        for section in view.sections
        for round_view in section.rounds
        for m in round_view.matches
        if (key := parse_key(m.key)) is not None and key[0] == "W"
    ]
    return max(numbers, default=0)


def _section(section, winners_rounds: int) -> Section:
    if section.bracket not in ("main", "winners", "losers") or not winners_rounds:
        columns = tuple(
            Column(r.name, tuple(Slot(view=m) for m in r.matches), END) for r in section.rounds
        )
        return Section(section.bracket, section.label, columns, is_tree=False)
    losers = section.bracket == "losers"
    sizes = [_slots_in(r.round.number, winners_rounds, losers) for r in section.rounds]
    columns = []
    for i, round_view in enumerate(section.rounds):
        following = sizes[i + 1] if i + 1 < len(sizes) else None
        join = END if following is None else PAIR if following * 2 == sizes[i] else STRAIGHT
        slots = _slots(round_view, sizes[i], section.rounds[i + 1] if following is not None else None)
        columns.append(Column(round_view.name, slots, join))
    return Section(section.bracket, section.label, tuple(columns), is_tree=True)


def _slots_in(number: int, winners_rounds: int, losers: bool) -> int:
    """How many matches a full round has: a bracket of 2^R players has 2^(R-r) in winners'
    round r, and 2^(R-1-ceil(l/2)) in losers' round l."""
    if losers:
        return max(1, 2 ** (winners_rounds - 1 - (number + 1) // 2))
    return max(1, 2 ** (winners_rounds - number))


def _slots(round_view, size: int, next_round) -> tuple[Slot, ...]:
    by_index = {}
    for m in round_view.matches:
        key = parse_key(m.key)
        index = key[2] if key is not None else len(by_index)
        by_index[index] = m
    return tuple(
        Slot(view=by_index[i]) if i in by_index else Slot(bye_player=_bye_into(next_round, i))
        for i in range(max(size, len(by_index)))
    )


def _bye_into(next_round, index: int):
    """The player who skipped slot `index` of this round: seeded straight into the next."""
    if next_round is None:
        return None
    for m in next_round.matches:
        key = parse_key(m.key)
        if key is not None and key[2] == index // 2:
            side = m.a if index % 2 == 0 else m.b
            return side.player if side.after_bye else None
    return None
