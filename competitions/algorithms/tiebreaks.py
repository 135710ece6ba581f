"""Tiebreaks between players level on match points, each defined with its source.

Values are exact (`Fraction`); higher is better for every tiebreak. The standings module builds a
`Profile` per player from the match results, has `fixed_values` work out the chosen tiebreaks
only (inputs several of them share, such as the opponents' scores, once) and calls `break_ties`
on each group of players level on match points.

Unplayed rounds (byes, walkovers, forfeits, double forfeits) in Buchholz and Sonneborn-Berger:
FIDE Tie-Break Regulations (Handbook C.07, in force from July 2023), the article on unplayed
games: for the participant's own Buchholz, each unplayed round counts as a game against a dummy
opponent whose score is the participant's own (final) score. This replaced the pre-2023
"virtual opponent" of C.02 (who had the player's score before the round and drew every later
round). Opponents' scores are taken as they stand; the FIDE adjustment of an opponent's own
unplayed games is not applied.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from functools import cached_property

# MTR Appendix C: match-win and game-win percentages below 0.33 count as 0.33.
MTR_FLOOR = Fraction(33, 100)


class Tiebreak(StrEnum):
    """The tiebreaks a competition can order; higher values rank higher.

    HEAD_TO_HEAD: match points among the tied players only, if all have met (FIDE C.07 2023,
        direct encounter), re-applied to sub-groups it leaves level (UEFA rule, `break_ties`).
    NET_GAME_POINTS: game points for minus against (goal difference, in gin's points).
    WINS: matches won, walkovers and forfeits included, byes not (FIDE C.07 2023, number of wins).
    BUCHHOLZ, BUCHHOLZ_CUT1, MEDIAN_BUCHHOLZ: sum of the opponents' match points; without the
        lowest term; without the lowest and the highest (FIDE C.07 2023; unplayed rounds above).
    SONNEBORN_BERGER: opponents' match points weighted by the result 1, 1/2, 0 (FIDE C.07 2023).
    OPPONENTS_MATCH_WIN_PCT: average of the opponents' match-win percentages, each at least
        0.33 (Magic: The Gathering Tournament Rules, Appendix C).
    HAND_WIN_PCT, OPPONENTS_HAND_WIN_PCT: MTR Appendix C's game-win percentage and its
        opponents' average, with the gin hand as the game.
    """

    HEAD_TO_HEAD = "head_to_head"
    NET_GAME_POINTS = "net_game_points"
    WINS = "wins"
    BUCHHOLZ = "buchholz"
    BUCHHOLZ_CUT1 = "buchholz_cut1"
    MEDIAN_BUCHHOLZ = "median_buchholz"
    SONNEBORN_BERGER = "sonneborn_berger"
    OPPONENTS_MATCH_WIN_PCT = "opponents_match_win_pct"
    HAND_WIN_PCT = "hand_win_pct"
    OPPONENTS_HAND_WIN_PCT = "opponents_hand_win_pct"


@dataclass(frozen=True, slots=True)
class Encounter:
    """One round of a player: the opponent (None for a bye) and how it went for the player."""

    opponent: Hashable | None
    score: Fraction  # 1 won, 1/2 drawn, 0 lost: the game score of the FIDE formulas
    match_points: int  # what the player earned from it
    played: bool  # False for a bye, walkover, forfeit or double forfeit


@dataclass(frozen=True, slots=True)
class Profile:
    """What the tiebreaks need to know about one player."""

    match_points: int
    possible_points: int  # win points times the rounds the player took part in, byes included
    net_game_points: int
    wins: int
    hands_won: int
    hands_lost: int
    encounters: tuple[Encounter, ...]


@dataclass(frozen=True, slots=True)
class Block:
    """Players still tied after the tiebreaks, and what put them below the previous block."""

    players: tuple[Hashable, ...]
    separated_by: Tiebreak | None


def match_win_pct(profile: Profile) -> Fraction:
    """MTR Appendix C: match points / points possible in the rounds played (byes count), >= 0.33."""
    if profile.possible_points == 0:
        return MTR_FLOOR
    return max(MTR_FLOOR, Fraction(profile.match_points, profile.possible_points))


def hand_win_pct(profile: Profile) -> Fraction:
    """MTR Appendix C's game-win percentage with the hand as the game: hands won / hands decided.

    Gin hands are won or dead, never drawn, so game points reduce to hands won; >= 0.33.
    """
    decided = profile.hands_won + profile.hands_lost
    if decided == 0:
        return MTR_FLOOR
    return max(MTR_FLOOR, Fraction(profile.hands_won, decided))


def buchholz_terms(player: Hashable, profiles: Mapping[Hashable, Profile]) -> list[int]:
    """One term per round: the opponent's match points, or the player's own for an unplayed round
    (FIDE C.07 (2023) dummy opponent, see the module docstring)."""
    own = profiles[player]
    return [
        profiles[e.opponent].match_points if e.played else own.match_points
        for e in own.encounters
    ]


def buchholz(ascending: Sequence[int], cut_low: int = 0, cut_high: int = 0) -> Fraction:
    """FIDE C.07: sum of the opponents' scores (`buchholz_terms`, sorted lowest first); Cut-1
    drops the lowest term, Median-1 drops the lowest and the highest."""
    return Fraction(sum(ascending[cut_low : len(ascending) - cut_high]))


def sonneborn_berger(terms: Sequence[int], own: Profile) -> Fraction:
    """FIDE C.07: sum over rounds of the opponent's score (`buchholz_terms`, round by round) times
    the player's game score (1, 1/2, 0), unplayed rounds against the same dummy opponent as
    Buchholz."""
    scores = (e.score for e in own.encounters)
    return sum((t * s for t, s in zip(terms, scores, strict=True)), Fraction(0))


def _opponents(player: Hashable, profiles: Mapping[Hashable, Profile]) -> list[Hashable]:
    # MTR Appendix C: byes are ignored when averaging over a player's opponents.
    return [e.opponent for e in profiles[player].encounters if e.opponent is not None]


def opponents_average(
    player: Hashable, profiles: Mapping[Hashable, Profile], pct: Mapping[Hashable, Fraction]
) -> Fraction:
    """MTR Appendix C: the average of each opponent's (floored) percentage `pct`, one term per
    round (an opponent met twice, as in a double round robin, counts twice)."""
    opponents = _opponents(player, profiles)
    if not opponents:
        return MTR_FLOOR
    return sum((pct[o] for o in opponents), Fraction(0)) / len(opponents)


class SharedInputs:
    """What several tiebreaks share, each worked out once for every player, and only when a
    chosen tiebreak first asks for it."""

    def __init__(self, profiles: Mapping[Hashable, Profile]) -> None:
        self.profiles = profiles

    @cached_property
    def opponents_scores(self) -> dict[Hashable, list[int]]:
        """The Buchholz terms, round by round (Buchholz variants and Sonneborn-Berger)."""
        return {p: buchholz_terms(p, self.profiles) for p in self.profiles}

    @cached_property
    def opponents_scores_ascending(self) -> dict[Hashable, list[int]]:
        """The same terms lowest first, for the Buchholz cuts."""
        return {p: sorted(terms) for p, terms in self.opponents_scores.items()}

    @cached_property
    def match_win_pcts(self) -> dict[Hashable, Fraction]:
        return {p: match_win_pct(profile) for p, profile in self.profiles.items()}

    @cached_property
    def hand_win_pcts(self) -> dict[Hashable, Fraction]:
        return {p: hand_win_pct(profile) for p, profile in self.profiles.items()}


ValueOf = Callable[[Hashable, SharedInputs], Fraction]

# Every tiebreak but head-to-head (which depends on who else is tied), from the shared inputs.
VALUES: dict[Tiebreak, ValueOf] = {
    # Goal difference, in gin's points.
    Tiebreak.NET_GAME_POINTS: lambda p, s: Fraction(s.profiles[p].net_game_points),
    # FIDE C.07 (2023), number of wins: walkovers and forfeits included, byes not.
    Tiebreak.WINS: lambda p, s: Fraction(s.profiles[p].wins),
    # FIDE C.07 (2023): Buchholz, Buchholz Cut-1, Median Buchholz (unplayed rounds: module doc).
    Tiebreak.BUCHHOLZ: lambda p, s: buchholz(s.opponents_scores_ascending[p]),
    Tiebreak.BUCHHOLZ_CUT1: lambda p, s: buchholz(s.opponents_scores_ascending[p], cut_low=1),
    Tiebreak.MEDIAN_BUCHHOLZ: lambda p, s: buchholz(
        s.opponents_scores_ascending[p], cut_low=1, cut_high=1),
    # FIDE C.07 (2023): Sonneborn-Berger.
    Tiebreak.SONNEBORN_BERGER: lambda p, s: sonneborn_berger(s.opponents_scores[p], s.profiles[p]),
    # MTR Appendix C: opponents' match-win percentage.
    Tiebreak.OPPONENTS_MATCH_WIN_PCT: lambda p, s: opponents_average(
        p, s.profiles, s.match_win_pcts),
    # MTR Appendix C: game-win percentage and opponents' game-win percentage, the hand as the game.
    Tiebreak.HAND_WIN_PCT: lambda p, s: s.hand_win_pcts[p],
    Tiebreak.OPPONENTS_HAND_WIN_PCT: lambda p, s: opponents_average(
        p, s.profiles, s.hand_win_pcts),
}


def fixed_values(
    profiles: Mapping[Hashable, Profile], chosen: Iterable[Tiebreak]
) -> dict[Tiebreak, dict[Hashable, Fraction]]:
    """The chosen tiebreaks that do not depend on who else is tied (all but head-to-head), for
    every player; nothing is computed for a tiebreak not chosen."""
    shared = SharedInputs(profiles)
    return {
        tb: {p: VALUES[tb](p, shared) for p in profiles}
        for tb in chosen
        if tb is not Tiebreak.HEAD_TO_HEAD
    }


def head_to_head(
    group: Iterable[Hashable], profiles: Mapping[Hashable, Profile]
) -> dict[Hashable, Fraction] | None:
    """Direct encounter: match points each player took from the others of the group.

    As in the FIDE C.07 (2023) direct-encounter tiebreak, it is used only when every pair of the
    group has met; otherwise it returns None and does not separate anyone.
    """
    members = set(group)
    met = {
        frozenset((p, e.opponent))
        for p in members
        for e in profiles[p].encounters
        if e.opponent in members
    }
    if len(met) < len(members) * (len(members) - 1) // 2:
        return None
    return {
        p: Fraction(sum(e.match_points for e in profiles[p].encounters if e.opponent in members))
        for p in members
    }


def break_ties(
    group: Sequence[Hashable],
    order: Sequence[Tiebreak],
    profiles: Mapping[Hashable, Profile],
    fixed: Mapping[Tiebreak, Mapping[Hashable, Fraction]],
) -> list[Block]:
    """Split a group level on match points into ordered blocks by the tiebreaks in `order`.

    Head-to-head is re-applied to each sub-group it leaves tied, counting only the matches
    between that sub-group's players (the UEFA club-competition rule: criteria re-applied
    exclusively to the teams still level), before moving on to the next tiebreak.
    Players left tied keep the order of `group`.
    """
    if len(group) < 2 or not order:
        return [Block(tuple(group), None)]
    tiebreak, rest = order[0], tuple(order[1:])
    values = _values_for(tiebreak, group, profiles, fixed)
    levels = sorted(set(values.values()), reverse=True) if values else []
    if len(levels) < 2:
        return break_ties(group, rest, profiles, fixed)
    again = tuple(order) if tiebreak is Tiebreak.HEAD_TO_HEAD else rest
    blocks: list[Block] = []
    for i, level in enumerate(levels):
        inner = break_ties([p for p in group if values[p] == level], again, profiles, fixed)
        inner[0] = Block(inner[0].players, tiebreak if i else None)
        blocks.extend(inner)
    return blocks


def _values_for(
    tiebreak: Tiebreak,
    group: Sequence[Hashable],
    profiles: Mapping[Hashable, Profile],
    fixed: Mapping[Tiebreak, Mapping[Hashable, Fraction]],
) -> dict[Hashable, Fraction]:
    if tiebreak is Tiebreak.HEAD_TO_HEAD:
        return head_to_head(group, profiles) or {}
    return {p: fixed[tiebreak][p] for p in group}
