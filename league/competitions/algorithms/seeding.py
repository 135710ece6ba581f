"""Seeding orders, and the helpers for late entries, withdrawals, forfeits and no-shows.

A seeding order is a tuple of player ids, best first: the Berger numbers of a round robin, the
seeds of a bracket, the initial ranking of a Swiss. The match-level helpers return
`MatchResult`s of the kinds the standings understand.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Collection, Hashable, Iterable, Mapping, Sequence
from typing import Any

from league.competitions.algorithms.round_robin import Fixture, Round
from league.competitions.algorithms.standings import MatchResult, ResultKind


def seed_by_rating(
    ratings: Mapping[Hashable, float], *, tie_key: Callable[[Hashable], Any] | None = None
) -> tuple[Hashable, ...]:
    """Highest rating first; equal ratings by `tie_key` (default: the player ids themselves)."""
    key = tie_key or (lambda p: p)
    return tuple(sorted(ratings, key=lambda p: (-ratings[p], key(p))))


def seed_by_hand(order: Sequence[Hashable]) -> tuple[Hashable, ...]:
    """The organiser's order, checked: no player twice."""
    if len(set(order)) != len(order) or None in order:
        raise ValueError("a seeding order lists each player once")
    return tuple(order)


def seed_at_random(players: Iterable[Hashable], seed: int | str) -> tuple[Hashable, ...]:
    """A draw: the same players in the same order with the same seed give the same draw."""
    order = list(seed_by_hand(tuple(players)))
    random.Random(seed).shuffle(order)
    return tuple(order)


def insert_late_entry(
    seeds: Sequence[Hashable], newcomer: Hashable, ratings: Mapping[Hashable, float] | None = None
) -> tuple[Hashable, ...]:
    """The seeding order with a late entry: placed by rating (after everyone rated at least as
    high), or last without ratings. A Swiss pairs him from the next round with his score so far."""
    if newcomer in seeds:
        raise ValueError(f"{newcomer!r} is already entered")
    if ratings is None:
        return (*seeds, newcomer)
    place = next((i for i, p in enumerate(seeds) if ratings[p] < ratings[newcomer]), len(seeds))
    return (*seeds[:place], newcomer, *seeds[place:])


def late_entry_round_robin(
    rounds: Sequence[Round], newcomer: Hashable, from_round: int, *, double: bool = False
) -> tuple[Round, ...]:
    """The schedule with a late entry: he takes the bye seat of every round from `from_round`
    (an odd field has one each round), and the meetings that leaves out follow as catch-up
    rounds with one match each. The other player deals first at their first meeting."""
    field = list(dict.fromkeys(p for r in rounds for f in r.fixtures for p in (f.dealer, f.opponent)))
    field += [r.bye for r in rounds if r.bye is not None and r.bye not in field]
    if newcomer in field:
        raise ValueError(f"{newcomer!r} is already in the schedule")
    met: Counter[Hashable] = Counter()
    schedule = []
    for r in rounds:
        if r.number >= from_round and r.bye is not None:
            fixture = _next_meeting(r.number, len(r.fixtures) + 1, r.bye, newcomer, met)
            r = Round(r.number, (*r.fixtures, fixture), None)
        schedule.append(r)
    number = max((r.number for r in rounds), default=0)
    for player in field:
        while met[player] < (2 if double else 1):
            number += 1
            schedule.append(Round(number, (_next_meeting(number, 1, player, newcomer, met),)))
    return tuple(schedule)


def _next_meeting(
    number: int, table: int, player: Hashable, newcomer: Hashable, met: Counter
) -> Fixture:
    met[player] += 1
    if met[player] == 1:
        return Fixture(number, table, player, newcomer)
    return Fixture(number, table, newcomer, player)


def withdrawal_walkovers(
    fixtures: Iterable[Fixture], withdrawn: Hashable
) -> tuple[MatchResult, ...]:
    """Walkovers for the opponents in the withdrawn player's remaining (unplayed) fixtures."""
    return tuple(
        walkover(f.opponent if f.dealer == withdrawn else f.dealer, withdrawn, round=f.round)
        for f in fixtures
        if withdrawn in f.players
    )


def walkover(winner: Hashable, withdrawn: Hashable, *, round: int | None = None) -> MatchResult:
    return MatchResult(winner, withdrawn, winner, ResultKind.WALKOVER, round=round)


def forfeit(winner: Hashable, forfeited_by: Hashable, *, round: int | None = None) -> MatchResult:
    return MatchResult(winner, forfeited_by, winner, ResultKind.FORFEIT, round=round)


def double_forfeit(a: Hashable, b: Hashable, *, round: int | None = None) -> MatchResult:
    return MatchResult(a, b, None, ResultKind.DOUBLE_FORFEIT, round=round)


def no_show(
    a: Hashable, b: Hashable, absent: Collection[Hashable], *, round: int | None = None
) -> MatchResult:
    """A match where one player (a forfeit to the other) or both (a double forfeit) did not
    turn up."""
    missing = [p for p in (a, b) if p in absent]
    if not missing:
        raise ValueError("a no-show needs at least one absent player")
    if len(missing) == 2:
        return double_forfeit(a, b, round=round)
    present = b if missing[0] == a else a
    return forfeit(present, missing[0], round=round)
