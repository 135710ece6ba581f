"""Who qualifies from a stage, and how the qualifiers are seeded into the next stage.

The tables come in already ranked by the stage's tiebreaks (`standings.league_table` rows, or any
rows with `.player` and `.rank`, players the tiebreaks leave level sharing a rank). A stage sends
on the top K of each group or the top K of one overall table. Players level across the cut line
(some of them go through, not all) are a `Tie` that the organizer decides; so are players level
on places that all go through, when the next stage's seeding depends on their places. Nothing
here breaks such a tie on its own.

Seeding the qualifiers, best first, as the seed order `elimination` brackets take:
- cross-group: the group winners seeded first, and each winner meets the runner-up of the paired
  group in the first round (A1-B2, B1-A2, C1-D2, D1-C2: the crossover of the FIFA World Cup's
  group stage into its round of 16); with more places per group the tiers fold the same way
  (A1-B4, B1-A4, A2-B3, B2-A3). The pairing holds in the first round when the qualifiers fill a
  bracket of a power of two; two players of one group can meet only in the final when two go
  through from each group.
- by standing: by place, and players on the same place by an overall table if one is given,
  else in group order.
- by rating: `seeding.seed_by_rating` over the qualifiers.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from itertools import groupby
from typing import Protocol

from .seeding import seed_by_rating


class Ranked(Protocol):
    @property
    def player(self) -> Hashable: ...

    @property
    def rank(self) -> int: ...


class Seeding(StrEnum):
    CROSS_GROUP = "cross_group"
    STANDING = "standing"
    RATING = "rating"


@dataclass(frozen=True, slots=True)
class Qualifier:
    """A player going through: their group (None for one overall table) and place in it (shared
    with the players of a `Tie` on places until the organizer decides)."""

    player: Hashable
    group: str | None
    position: int


@dataclass(frozen=True, slots=True)
class Tie:
    """Players level on places `first_position` onwards, `places` of whom go through."""

    group: str | None
    players: tuple[Hashable, ...]
    first_position: int
    places: int

    @property
    def at_cut(self) -> bool:
        """Some go through and some do not: who goes through is the organizer's decision."""
        return self.places < len(self.players)

    @property
    def positions(self) -> range:
        return range(self.first_position, self.first_position + len(self.players))


class NeedsDecision(ValueError):
    """The qualifiers cannot be seeded until the organizer decides these ties."""

    def __init__(self, ties: Sequence[Tie]) -> None:
        self.ties = tuple(ties)
        who = "; ".join(
            f"{', '.join(map(repr, t.players))} for {t.places} place(s)"
            + (f" in group {t.group}" if t.group else "")
            for t in self.ties
        )
        super().__init__(f"the organizer must decide: {who}")


@dataclass(frozen=True, slots=True)
class Qualification:
    """The players sure to go through, and the ties still to decide."""

    qualifiers: tuple[Qualifier, ...]
    ties: tuple[Tie, ...] = ()
    groups: tuple[str | None, ...] = ()  # the groups in order (A, B, ...), when there were groups

    @property
    def players(self) -> tuple[Hashable, ...]:
        return tuple(q.player for q in self.qualifiers)

    @property
    def cut_ties(self) -> tuple[Tie, ...]:
        return tuple(t for t in self.ties if t.at_cut)

    def ties_to_decide(self, seeding: Seeding) -> tuple[Tie, ...]:
        """Cut-line ties always; ties on places too unless the next stage seeds by rating."""
        return self.cut_ties if seeding is Seeding.RATING else self.ties

    def decide(self, tie: Tie, going_through: Sequence[Hashable]) -> Qualification:
        """The organizer's decision: the tied players who go through, best first (all of them,
        in order, for a tie on places). They take the tied places from the first one down."""
        chosen = tuple(going_through)
        if tie not in self.ties:
            raise ValueError("no such tie to decide")
        if len(set(chosen)) != tie.places or not set(chosen) <= set(tie.players):
            raise ValueError(f"choose {tie.places} of the tied players, each once")
        decided = [Qualifier(p, tie.group, tie.first_position + i) for i, p in enumerate(chosen)]
        kept = [q for q in self.qualifiers if q.player not in tie.players]
        return replace(
            self,
            qualifiers=_in_order(kept + decided, self.group_order()),
            ties=tuple(t for t in self.ties if t != tie),
        )

    def group_order(self) -> list[str | None]:
        seen = [*self.groups] + [q.group for q in self.qualifiers] + [t.group for t in self.ties]
        return list(dict.fromkeys(seen))


def top_of_each_group(tables: Mapping[str, Sequence[Ranked]], k: int) -> Qualification:
    """The top `k` of each group (every player of a group with `k` or fewer)."""
    qualifiers: list[Qualifier] = []
    ties: list[Tie] = []
    for label, rows in tables.items():
        found, tied = _top(rows, k, lambda p, label=label: label)
        qualifiers += found
        ties += tied
    return Qualification(tuple(qualifiers), tuple(ties), tuple(tables))


def top_overall(
    table: Sequence[Ranked], k: int, groups: Mapping[Hashable, str] | None = None
) -> Qualification:
    """The top `k` of one table (a Swiss, or a table over all groups); `groups` names each
    player's group where the stage had groups."""
    found, tied = _top(table, k, lambda p: None if groups is None else groups[p])
    order = tuple(dict.fromkeys(groups.values())) if groups is not None else ()
    return Qualification(tuple(found), tuple(tied), order)


def _top(rows: Sequence[Ranked], k: int, group) -> tuple[list[Qualifier], list[Tie]]:
    if k < 1:
        raise ValueError("at least one player goes through")
    _check_ranks(rows)
    qualifiers, ties = [], []
    for rank, block in groupby(rows, key=lambda r: r.rank):
        players = tuple(r.player for r in block)
        if rank > k:
            break
        places = min(len(players), k - rank + 1)
        label = group(players[0])
        if len(players) > 1:
            ties.append(Tie(label, players, rank, places))
        if places == len(players):
            qualifiers += [Qualifier(p, group(p), rank) for p in players]
    return qualifiers, ties


def _check_ranks(rows: Sequence[Ranked]) -> None:
    """Ranks as a ranked table has them: 1 first, a shared rank repeated, then the next row's
    place (1, 2, 2, 4)."""
    for i, row in enumerate(rows):
        shared = i > 0 and row.rank == rows[i - 1].rank
        if not shared and row.rank != i + 1:
            raise ValueError(f"row {i + 1} ranked {row.rank}: the table is not in rank order")
    if len({r.player for r in rows}) != len(rows):
        raise ValueError("a player appears twice in a table")


def _in_order(qualifiers: Sequence[Qualifier], groups: Sequence[str | None]) -> tuple[Qualifier, ...]:
    return tuple(sorted(qualifiers, key=lambda q: (groups.index(q.group), q.position)))


def next_stage_seeds(
    qualification: Qualification,
    seeding: Seeding,
    *,
    ratings: Mapping[Hashable, float] | None = None,
    overall: Sequence[Hashable] | None = None,
) -> tuple[Hashable, ...]:
    """The next stage's seed order, best first. Raises NeedsDecision while a tie that matters
    to this seeding is undecided."""
    waiting = qualification.ties_to_decide(Seeding(seeding))
    if waiting:
        raise NeedsDecision(waiting)
    if seeding is Seeding.RATING:
        if ratings is None:
            raise ValueError("seeding by rating needs the ratings")
        return seed_by_rating({p: ratings[p] for p in qualification.players})
    if seeding is Seeding.STANDING:
        return standing_seeds(qualification, overall)
    return cross_group_seeds(qualification)


def standing_seeds(
    qualification: Qualification, overall: Sequence[Hashable] | None = None
) -> tuple[Hashable, ...]:
    """By place; the same place by the `overall` table's order if given, else group order."""
    groups = qualification.group_order()
    where = {p: i for i, p in enumerate(overall or ())}

    def key(q: Qualifier) -> tuple[int, int]:
        return q.position, where[q.player] if overall is not None else groups.index(q.group)

    return tuple(q.player for q in sorted(qualification.qualifiers, key=key))


def cross_group_seeds(qualification: Qualification) -> tuple[Hashable, ...]:
    """Group winners first, folded so that each meets the paired group's last qualifier in the
    first round (see the module docstring). Every group sends the same number of players."""
    labels = qualification.group_order()
    by_group = {label: [q.player for q in qualification.qualifiers if q.group == label]
                for label in labels}
    sizes = {len(players) for players in by_group.values()}
    if len(sizes) != 1 or None in labels:
        raise ValueError("cross-group seeding needs the same number of qualifiers from each group")
    count, per_group = len(labels), sizes.pop()
    seeds: list[Hashable] = []
    for tier in range(per_group):
        mirror = per_group - 1 - tier
        for index in range(count):
            group = index if tier <= mirror else _partner(count - 1 - index, count)
            seeds.append(by_group[labels[group]][tier])
    return tuple(seeds)


def _partner(index: int, count: int) -> int:
    """The group crossed with group `index`: A with B, C with D, ...; with an odd number of
    groups each with the next (the last with the first)."""
    if count % 2 == 0:
        return index ^ 1
    return (index + 1) % count
