"""Where a knockout's matches live in the database: keys, rounds and the pure bracket.

A bracket match ("W", 2, 1) is stored as Match.key "W2-1" ("L" losers' bracket, "GF" grand
final and its reset, "3P" the match for third place); league and Swiss fixtures use "R3-0"
(round 3, table 0) and "R3-bye". The bracket itself is never stored: it is rebuilt from the
entries' seeds and the competition's settings (`bracket_of`), which fix it completely.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from league.competitions.algorithms.elimination import (
    Bracket,
    MatchKey,
    double_elimination,
    single_elimination,
)
from league.competitions.models import Competition, Entry, Round
from league.core.numbers import ascii_int

_KEY = re.compile(r"^(W|L|GF|3P)(\d+)-(\d+)$")


def key_text(key: MatchKey) -> str:
    kind, number, index = key
    return f"{kind}{number}-{index}"


@lru_cache(maxsize=4096)
def parse_key(text: str) -> MatchKey | None:
    """The bracket key of a stored match key, or None for a league or Swiss fixture.
    Remembered: a bracket's page parses each of its keys several times, and every bracket of
    a size has the same keys."""
    found = _KEY.match(text)
    if found is None:
        return None
    return found[1], int(found[2]), int(found[3])


def fixture_key(round_number: int, table: int | None) -> str:
    """A league or Swiss fixture's key; table None is the round's bye."""
    return f"R{round_number}-{'bye' if table is None else table}"


def table_of(key: str) -> int:
    """A match's place in its round: the bracket index or the table; a bye comes last."""
    parsed = parse_key(key)
    if parsed is not None:
        return parsed[2]
    table = key.rpartition("-")[2]
    number = ascii_int(table, digits=6)
    return 10**6 if number is None else number


def seeded_entries(entries: Sequence[Entry]) -> list[int]:
    """The ids of the entries that were drawn (they have a seed), seed 1 first."""
    drawn = sorted((e for e in entries if e.seed is not None), key=lambda e: e.seed)
    return [e.pk for e in drawn]


def bracket_of(competition: Competition, seeds: Sequence[int]) -> Bracket:
    """The competition's (or stage's) bracket for these seeds, seed 1 first."""
    if competition.format == Competition.Format.SINGLE_ELIMINATION:
        return _single(tuple(seeds), competition.third_place_match)
    return _double(tuple(seeds), competition.bracket_reset)


# A draw is a pure function of its seeds, and a bracket is immutable: each is drawn once per
# process, not on every first visit of its page and every progression of its results.
@lru_cache(maxsize=128)
def _single(seeds: tuple[int, ...], third_place: bool) -> Bracket:
    return single_elimination(seeds, third_place=third_place)


@lru_cache(maxsize=128)
def _double(seeds: tuple[int, ...], bracket_reset: bool) -> Bracket:
    return double_elimination(seeds, bracket_reset=bracket_reset)


@dataclass(frozen=True, slots=True)
class RoundPlace:
    bracket: str
    number: int
    name: str


def round_place(competition: Competition, key: MatchKey, winners_rounds: int) -> RoundPlace:
    """The round a bracket match belongs to, and the round's name."""
    kind, number, _ = key
    if kind == "3P":
        return RoundPlace(Round.Bracket.FINALS, 1, "Third-place match")
    if kind == "GF":
        return RoundPlace(Round.Bracket.FINALS, number, "Grand final" if number == 1 else
                          "Grand final reset")
    if competition.format == Competition.Format.SINGLE_ELIMINATION:
        return RoundPlace(Round.Bracket.MAIN, number, _single_round_name(number, winners_rounds))
    if kind == "W":
        last = number == winners_rounds
        return RoundPlace(Round.Bracket.WINNERS, number,
                          "Winners' final" if last else f"Winners' round {number}")
    last = number == 2 * (winners_rounds - 1)
    return RoundPlace(Round.Bracket.LOSERS, number,
                      "Losers' final" if last else f"Losers' round {number}")


def _single_round_name(number: int, rounds: int) -> str:
    to_go = rounds - number
    return {0: "Final", 1: "Semi-finals", 2: "Quarter-finals"}.get(to_go, f"Round {number}")


BRACKET_ORDER = {
    Round.Bracket.MAIN: 0, Round.Bracket.WINNERS: 0, Round.Bracket.LOSERS: 1,
    Round.Bracket.FINALS: 2,
}
