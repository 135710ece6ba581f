"""What one rated result is: each game (the default) or each match, a club setting."""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from dataclasses import dataclass
from enum import StrEnum
from typing import Generic, NamedTuple, TypeVar

K = TypeVar("K", bound=Hashable)


class RatedUnit(StrEnum):
    GAME = "game"  # every game of a match is one rated result
    MATCH = "match"  # the match is one rated result


class RatedResult(NamedTuple, Generic[K]):
    """One result as rate_period and rate_period_elo take it: b scores 1 - score_a."""

    player_a: K
    player_b: K
    score_a: float


@dataclass(frozen=True, slots=True)
class MatchResult(Generic[K]):
    """A finished match: the winner of each of its games in the order played.

    winner: the match's winner when the club's format decides it otherwise (e.g. on points);
    None: the player who won more games, a half point each when they won as many.
    """

    player_a: K
    player_b: K
    game_winners: tuple[K, ...]
    winner: K | None = None

    def __post_init__(self) -> None:
        if self.player_a == self.player_b:
            raise ValueError(f"a match needs two players, not {self.player_a!r} twice")
        players = (self.player_a, self.player_b)
        strangers = [w for w in (*self.game_winners, self.winner) if w is not None and w not in players]
        if strangers:
            raise ValueError(f"{strangers[0]!r} did not play in this match")

    def score_a(self) -> float:
        """player_a's score for the match as one result: 1, 0 or 0.5."""
        if self.winner is not None:
            return 1.0 if self.winner == self.player_a else 0.0
        won_a = sum(1 for w in self.game_winners if w == self.player_a)
        won_b = len(self.game_winners) - won_a
        return 1.0 if won_a > won_b else 0.0 if won_a < won_b else 0.5


def rated_results(
    matches: Iterable[MatchResult[K]], unit: RatedUnit = RatedUnit.GAME
) -> list[RatedResult[K]]:
    """The rated results of these matches, in order, counted per game or per match.

    A match with no games played and no declared winner gives no result.
    """
    per_match = RatedUnit(unit) is RatedUnit.MATCH
    results: list[RatedResult[K]] = []
    for match in matches:
        if per_match:
            if match.game_winners or match.winner is not None:
                results.append(RatedResult(match.player_a, match.player_b, match.score_a()))
        else:
            results.extend(
                RatedResult(match.player_a, match.player_b, 1.0 if w == match.player_a else 0.0)
                for w in match.game_winners
            )
    return results
