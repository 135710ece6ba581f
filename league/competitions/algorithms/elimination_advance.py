"""Who sits in every slot of a bracket, computed afresh from the bracket and the results so far.

`advance` is a pure function of (bracket, the set of results, withdrawn players): repeating or
reordering results changes nothing, and a corrected result simply gives a new `Progress`; its
`changed_since(previous)` names the matches whose players or winner changed, and `unapplied`
lists results that no longer fit their match (a later result naming a player who, after the
correction, is not in that match).
"""

from __future__ import annotations

from collections.abc import Collection, Hashable, Iterable
from dataclasses import dataclass
from enum import StrEnum

from league.competitions.algorithms.elimination import Bracket, BracketMatch, MatchKey

EMPTY = object()  # nobody will come: both players of the feeding match are out


class MatchStatus(StrEnum):
    WAITING = "waiting"  # a player is not known yet
    READY = "ready"  # both players known, no result yet
    DECIDED = "decided"  # the result is applied
    WALKOVER = "walkover"  # one side is empty (withdrawal, double forfeit): the other goes on
    VOID = "void"  # not played: nobody on either side, or a bracket reset that is not needed


@dataclass(frozen=True, slots=True)
class MatchState:
    key: MatchKey
    players: tuple[Hashable | None, Hashable | None]  # None: not known yet, or nobody
    status: MatchStatus
    winner: Hashable | None
    loser: Hashable | None


@dataclass(frozen=True, slots=True)
class Progress:
    matches: tuple[MatchState, ...]
    unapplied: tuple[MatchKey, ...]
    champion: Hashable | None

    def __getitem__(self, key: MatchKey) -> MatchState:
        for state in self.matches:
            if state.key == key:
                return state
        raise KeyError(key)

    def changed_since(self, earlier: Progress) -> tuple[MatchKey, ...]:
        before = {s.key: s for s in earlier.matches}
        return tuple(s.key for s in self.matches if before.get(s.key) != s)


def advance(
    bracket: Bracket,
    results: Iterable[tuple[MatchKey, Hashable | None]],
    *,
    withdrawn: Collection[Hashable] = (),
) -> Progress:
    """Fill the bracket from match results (match key, winner; winner None: double forfeit).

    A withdrawn player loses by walkover every match of his that has no result yet; a double
    forfeit puts both players out, so the next opponent of each goes through by walkover.
    """
    decided = _results_by_key(bracket, results)
    # by (match key, slot): a tuple hashes in C, a SlotRef (a dataclass) in Python, which took
    # more than half the time of a 64-player bracket
    filled: dict[tuple[MatchKey, int], object] = {}
    states: dict[MatchKey, MatchState] = {}
    unapplied: list[MatchKey] = []
    for match in bracket.matches:
        sides = tuple(
            match.seeded[s] if match.seeded[s] is not None else filled.get((match.key, s))
            for s in range(2)
        )
        if _reset_not_needed(match, states):
            states[match.key] = MatchState(match.key, (None, None), MatchStatus.VOID, None, None)
            continue
        status, winner, loser, fits = _resolve(sides, match.key in decided,
                                               decided.get(match.key), withdrawn)
        if not fits:
            unapplied.append(match.key)
        if winner is not None and match.winner_to is not None:
            filled[match.winner_to.match, match.winner_to.slot] = winner
        if loser is not None and match.loser_to is not None:
            filled[match.loser_to.match, match.loser_to.slot] = loser
        states[match.key] = MatchState(match.key, _shown(sides), status, _shown_one(winner),
                                       _shown_one(loser))
    return Progress(tuple(states.values()), tuple(unapplied), _champion(bracket, states))


def _results_by_key(
    bracket: Bracket, results: Iterable[tuple[MatchKey, Hashable | None]]
) -> dict[MatchKey, Hashable | None]:
    keys = set(bracket.keys)
    decided: dict[MatchKey, Hashable | None] = {}
    for key, winner in results:
        if key not in keys:
            raise ValueError(f"no match {key!r} in this bracket")
        if key in decided and decided[key] != winner:
            raise ValueError(f"two different results for match {key!r}")
        decided[key] = winner
    return decided


def _reset_not_needed(match: BracketMatch, states: dict[MatchKey, MatchState]) -> bool:
    """The reset is played only if the losers' bracket champion (slot 1) won the grand final."""
    if match.reset_of is None:
        return False
    final = states[match.reset_of]
    return final.winner is not None and final.winner == final.players[0]


def _resolve(
    sides: tuple, has_result: bool, winner: Hashable | None, withdrawn: Collection[Hashable]
) -> tuple[MatchStatus, object, object, bool]:
    """(status, winner, loser, whether the match's result fits); winner/loser may be EMPTY."""
    if None in sides:
        return MatchStatus.WAITING, None, None, not has_result
    if not has_result:
        sides = tuple(EMPTY if s in withdrawn else s for s in sides)
    a, b = sides
    if a is EMPTY and b is EMPTY:
        return MatchStatus.VOID, EMPTY, EMPTY, not has_result
    if EMPTY in sides:
        present = b if a is EMPTY else a
        return MatchStatus.WALKOVER, present, EMPTY, not has_result or winner == present
    if not has_result:
        return MatchStatus.READY, None, None, True
    if winner is None:  # double forfeit: both out
        return MatchStatus.DECIDED, EMPTY, EMPTY, True
    if winner not in sides:
        return MatchStatus.READY, None, None, False
    return MatchStatus.DECIDED, winner, b if winner == a else a, True


def _shown(sides: tuple) -> tuple[Hashable | None, Hashable | None]:
    return _shown_one(sides[0]), _shown_one(sides[1])


def _shown_one(occupant: object) -> Hashable | None:
    return None if occupant is EMPTY else occupant  # type: ignore[return-value]


def _champion(bracket: Bracket, states: dict[MatchKey, MatchState]) -> Hashable | None:
    final = next(
        m for m in reversed(bracket.matches) if m.winner_to is None and m.key[0] != "3P"
    )
    state = states[final.key]
    if state.status is MatchStatus.VOID and final.reset_of is not None:
        state = states[final.reset_of]
    return state.winner
