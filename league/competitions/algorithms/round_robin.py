"""Round-robin fixtures from the Berger tables, single or double, with a bye for an odd field.

Method: the Berger tables of the FIDE Handbook, C.05 (General regulations for competitions),
Annex 1 "Berger Tables for Round-Robin Tournaments". Their construction, which reproduces the
published tables for 4, 6 and 8 players (checked in tests/algorithms/test_round_robin.py):
number the players 1..n (n even; an odd field adds a dummy n, and whoever meets the dummy has
the bye). Players 1..n-1 sit on a ring that starts at player 1 in round 1 and whose start moves
on by n/2 places each round. Table 1 is the ring's first player against player n, player n
taking the first seat (here: dealing first) in even rounds; table k (2..n/2) is ring[k-1]
against ring[n-k], the first of them dealing first.

Double round robin: the second cycle repeats the first with the dealer of each fixture swapped,
so each pair meets twice, once with each player dealing first. (FIDE C.05 Annex 1 also
recommends swapping the last two rounds of the first cycle against colour streaks; that matters
for chess colours, not for who deals first, and is not done here.)
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Fixture:
    """One match of a round. `dealer` deals the first hand (the "home" side)."""

    round: int
    table: int
    dealer: Hashable
    opponent: Hashable

    @property
    def players(self) -> frozenset[Hashable]:
        return frozenset((self.dealer, self.opponent))


@dataclass(frozen=True, slots=True)
class Round:
    number: int
    fixtures: tuple[Fixture, ...]
    bye: Hashable | None = None


def berger_table(n: int) -> tuple[tuple[tuple[int, int], ...], ...]:
    """The Berger table for n players (n even, >= 2): rounds of (first seat, second seat) numbers."""
    if n < 2 or n % 2:
        raise ValueError(f"a Berger table needs an even number of players, not {n}")
    rounds = []
    start = 0
    for number in range(1, n):
        ring = [(start + i) % (n - 1) + 1 for i in range(n - 1)]
        first = (n, ring[0]) if number % 2 == 0 else (ring[0], n)
        rounds.append((first, *((ring[k - 1], ring[n - k]) for k in range(2, n // 2 + 1))))
        start = (start + n // 2) % (n - 1)
    return tuple(rounds)


def round_robin(players: Sequence[Hashable], *, double: bool = False) -> tuple[Round, ...]:
    """All rounds of a (double) round robin; `players` in seeding order are Berger numbers 1..n."""
    field = _distinct(players)
    if len(field) < 2:
        return ()
    n = len(field) + len(field) % 2
    seat: dict[int, Hashable | None] = {i + 1: p for i, p in enumerate(field)}
    seat.setdefault(n, None)
    first_cycle = tuple(
        _round(number, pairs, seat) for number, pairs in enumerate(berger_table(n), start=1)
    )
    if not double:
        return first_cycle
    return first_cycle + tuple(_swapped(r, len(first_cycle)) for r in first_cycle)


def _round(number: int, pairs: tuple[tuple[int, int], ...], seat: dict) -> Round:
    fixtures, bye = [], None
    for first, second in pairs:
        a, b = seat[first], seat[second]
        if a is None or b is None:
            bye = b if a is None else a
            continue
        fixtures.append(Fixture(number, len(fixtures) + 1, a, b))
    return Round(number, tuple(fixtures), bye)


def _swapped(r: Round, offset: int) -> Round:
    number = r.number + offset
    fixtures = tuple(Fixture(number, f.table, f.opponent, f.dealer) for f in r.fixtures)
    return Round(number, fixtures, r.bye)


def _distinct(players: Sequence[Hashable]) -> tuple[Hashable, ...]:
    field = tuple(players)
    if len(set(field)) != len(field):
        raise ValueError("a player appears twice in the field")
    if None in field:
        raise ValueError("None is not a player id (it marks a bye)")
    return field
