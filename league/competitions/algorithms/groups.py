"""Round-robin groups: seeded players dealt into N groups, and each group's schedule.

Snake order (the default) deals seeds 1..N into groups A..N, then N+1..2N back from the last
group to the first, and so on, as the seeding pots of a group draw: every group gets one player
of each pot of N consecutive seeds, and the strongest pot's best seed meets the weakest pot's
best. Groups can also be made by hand. Inside a group the players keep their seed order, which
is their Berger number in `round_robin.round_robin`.

The groups of a stage play their rounds side by side: stage round r is round r of every group
that has one (a group of five has five rounds with a bye, a group of four three).
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from string import ascii_uppercase

from .round_robin import Fixture, Round, round_robin


@dataclass(frozen=True, slots=True)
class Group:
    """A group's label ("A", "B", ...) and its players in seed order."""

    label: str
    players: tuple[Hashable, ...]


@dataclass(frozen=True, slots=True)
class GroupSchedule:
    group: Group
    rounds: tuple[Round, ...]


@dataclass(frozen=True, slots=True)
class GroupFixture:
    """A fixture of a stage round, with the group it belongs to."""

    group: str
    fixture: Fixture


def group_label(index: int) -> str:
    """A, B, ..., Z, AA, AB, ...: the group labels in order (0-based index)."""
    if index < 0:
        raise ValueError("a group index is 0 or more")
    label = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        label = ascii_uppercase[rest] + label
    return label


def snake_groups(seeds: Sequence[Hashable], count: int) -> tuple[Group, ...]:
    """`seeds` best first, dealt into `count` groups in snake order (A B C D D C B A A B ...)."""
    field = _distinct(seeds)
    if count < 1:
        raise ValueError("a stage needs at least one group")
    if len(field) < 2 * count:
        raise ValueError(f"{len(field)} players cannot fill {count} groups of two or more")
    dealt: list[list[Hashable]] = [[] for _ in range(count)]
    for i, player in enumerate(field):
        pot, place = divmod(i, count)
        dealt[place if pot % 2 == 0 else count - 1 - place].append(player)
    return tuple(Group(group_label(i), tuple(members)) for i, members in enumerate(dealt))


def groups_by_hand(members: Sequence[Sequence[Hashable]]) -> tuple[Group, ...]:
    """The organizer's groups, labelled A, B, ... in the order given; each player once, every
    group of two or more."""
    _distinct([p for group in members for p in group])
    if not members:
        raise ValueError("a stage needs at least one group")
    if any(len(group) < 2 for group in members):
        raise ValueError("every group needs at least two players")
    return tuple(Group(group_label(i), tuple(group)) for i, group in enumerate(members))


def group_schedules(groups: Sequence[Group], *, double: bool = False) -> tuple[GroupSchedule, ...]:
    """Each group's (double) round robin, its players' seed order as their Berger numbers."""
    return tuple(GroupSchedule(g, round_robin(g.players, double=double)) for g in groups)


def stage_rounds(schedules: Sequence[GroupSchedule]) -> tuple[tuple[GroupFixture, ...], ...]:
    """The stage's rounds: round r holds round r of every group that has one."""
    length = max((len(s.rounds) for s in schedules), default=0)
    return tuple(
        tuple(
            GroupFixture(s.group.label, fixture)
            for s in schedules
            if r < len(s.rounds)
            for fixture in s.rounds[r].fixtures
        )
        for r in range(length)
    )


def group_of(groups: Sequence[Group]) -> dict[Hashable, str]:
    """Each player's group label."""
    return {p: g.label for g in groups for p in g.players}


def _distinct(players: Sequence[Hashable]) -> tuple[Hashable, ...]:
    field = tuple(players)
    if len(set(field)) != len(field) or None in field:
        raise ValueError("each player is dealt once, and None is no player")
    return field
