"""Tiebreaks between players level on match points, each defined with its source.

Values are exact (`Fraction`); higher is better for every tiebreak. The standings module builds a
`Profile` per player from the match results, has `fixed_values` work out the chosen tiebreaks
only (inputs several of them share, such as the opponents' scores, once) and calls `break_ties`
on each group of players level on match points. Match points stand for FIDE's "score" (with
2/1/0 points they are twice the chess score).

Unplayed rounds follow FIDE's Tie-Break Regulations (Handbook C.07, the 2024 text), the articles
on unplayed rounds, for Buchholz, its cut and median, and Sonneborn-Berger:
- every round after a withdrawal is a zero-point bye; a voluntarily unplayed round is such a bye
  or a forfeit loss;
- an opponent's score is taken with the byes after their withdrawal counted as draws (the other
  unplayed rounds count the points they earned);
- each of the player's own unplayed rounds counts as a game against a dummy opponent whose score
  is the player's own final score;
- the cut and the median cut a voluntarily unplayed round's term before the lowest term.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from functools import cached_property

from .direct_encounter import direct_encounter_blocks, direct_encounter_scores

# MTR Appendix C: match-win and game-win percentages below 0.33 count as 0.33.
MTR_FLOOR = Fraction(33, 100)


class Tiebreak(StrEnum):
    """The tiebreaks a competition can order; higher values rank higher. Each one's definition
    and source: `DEFINITIONS`."""

    HEAD_TO_HEAD = "head_to_head"
    NET_GAME_POINTS = "net_game_points"
    WINS = "wins"
    GAMES_WON = "games_won"
    BUCHHOLZ = "buchholz"
    BUCHHOLZ_CUT1 = "buchholz_cut1"
    MEDIAN_BUCHHOLZ = "median_buchholz"
    SONNEBORN_BERGER = "sonneborn_berger"
    OPPONENTS_MATCH_WIN_PCT = "opponents_match_win_pct"
    HAND_WIN_PCT = "hand_win_pct"
    OPPONENTS_HAND_WIN_PCT = "opponents_hand_win_pct"


def gettext_noop(message: str) -> str:
    """Marks a sentence for the translation catalogs (the standings translate it when shown);
    the algorithms import no Django."""
    return message


T = Tiebreak
DEFINITIONS: dict[Tiebreak, tuple[str, str]] = {
    T.HEAD_TO_HEAD: (
        gettext_noop("Match points from the over-the-board matches among the tied players, repeated meetings "
        "averaged and forfeits left out; where not all have met, a player ranks above the rest "
        "only if no result of the missing matches could catch them; applied again to those "
        "still tied."),
        gettext_noop("FIDE C.07 §6 (direct encounter)")),
    T.NET_GAME_POINTS: (
        gettext_noop("Game points scored minus game points conceded (hand points, box and game bonuses not "
        "counted)."),
        gettext_noop("goal difference, in gin's points")),
    T.WINS: (
        gettext_noop("Rounds in which the player earned a win's points, with or without playing: forfeit and "
        "walkover wins and a bye that scores a win included."),
        gettext_noop("FIDE C.07 §7.1 (number of wins)")),
    T.GAMES_WON: (
        gettext_noop("Matches won over the board: no bye, forfeit or walkover."),
        gettext_noop("FIDE C.07 §7.2 (number of games won)")),
    T.BUCHHOLZ: (
        gettext_noop("The sum of the opponents' match points, an opponent's rounds after withdrawing counted as "
        "draws, and each of the player's own unplayed rounds counted as the player's own match "
        "points."),
        gettext_noop("FIDE C.07 §8.1 and §16")),
    T.BUCHHOLZ_CUT1: (
        gettext_noop("Buchholz without its least significant term: a forfeit loss's or withdrawal's term "
        "first, otherwise the lowest."),
        gettext_noop("FIDE C.07 §14.1 and §16.5")),
    T.MEDIAN_BUCHHOLZ: (
        gettext_noop("Buchholz without its least significant term (as in the cut) and then its highest."),
        gettext_noop("FIDE C.07 §14.3 and §16.5")),
    T.SONNEBORN_BERGER: (
        gettext_noop("Each round's Buchholz term times the result of that round (1 won, 1/2 drawn, 0 lost), "
        "summed."),
        gettext_noop("FIDE C.07 §9.1 and §16")),
    T.OPPONENTS_MATCH_WIN_PCT: (
        gettext_noop("The average of the opponents' match-win percentages (3 points a win or bye, 1 a draw, "
        "over 3 a round taken part in), each at least 0.33; bye rounds have no opponent."),
        gettext_noop("Magic: The Gathering Tournament Rules, Appendix C")),
    T.HAND_WIN_PCT: (
        gettext_noop("Hands won over hands decided, a bye counting as two hands won, at least 0.33 (the "
        "game-win percentage, a hand of gin as the game)."),
        gettext_noop("Magic: The Gathering Tournament Rules, Appendix C")),
    T.OPPONENTS_HAND_WIN_PCT: (
        gettext_noop("The average of the opponents' hand-win percentages, each at least 0.33; bye rounds "
        "have no opponent."),
        gettext_noop("Magic: The Gathering Tournament Rules, Appendix C")),
}


class RoundKind(StrEnum):
    """How a round went for one player, in the terms of FIDE C.07's article on unplayed rounds."""

    PLAYED = "played"
    BYE = "bye"  # the pairing-allocated bye, whatever it scores
    FORFEIT_WIN = "forfeit_win"  # the opponent forfeited, or had withdrawn (a walkover)
    FORFEIT_LOSS = "forfeit_loss"  # the player forfeited (a double forfeit: both did)
    WITHDRAWN = "withdrawn"  # after withdrawing: walked over, or not paired (a zero-point bye)


VOLUNTARY = (RoundKind.FORFEIT_LOSS, RoundKind.WITHDRAWN)


@dataclass(frozen=True, slots=True)
class Encounter:
    """One round of a player: the opponent (None for a bye or a round not paired) and how it
    went for the player."""

    opponent: Hashable | None
    score: Fraction  # 1 won, 1/2 drawn, 0 lost: the game score of the FIDE formulas
    match_points: int  # what the player earned from it
    kind: RoundKind = RoundKind.PLAYED

    @property
    def played(self) -> bool:
        return self.kind is RoundKind.PLAYED


@dataclass(frozen=True, slots=True)
class Profile:
    """What the tiebreaks need to know about one player; encounters in round order."""

    match_points: int
    net_game_points: int
    hands_won: int
    hands_lost: int
    encounters: tuple[Encounter, ...]


@dataclass(frozen=True, slots=True)
class Scoring:
    """The match points of a win, a draw and a loss in the event (FIDE's WIN, the draws of §16,
    the results a missing direct encounter could have)."""

    win: int = 3
    draw: int = 1
    loss: int = 0


@dataclass(frozen=True, slots=True)
class Block:
    """Players still tied after the tiebreaks, and what put them below the previous block."""

    players: tuple[Hashable, ...]
    separated_by: Tiebreak | None


# FIDE C.07 -----------------------------------------------------------------------------------


def number_of_wins(profile: Profile, scoring: Scoring) -> Fraction:
    """FIDE C.07 §7.1: rounds in which the player obtained, with or without playing, a win's
    points."""
    return Fraction(sum(e.match_points == scoring.win for e in profile.encounters))


def games_won(profile: Profile) -> Fraction:
    """FIDE C.07 §7.2: games (here matches) won over the board."""
    return Fraction(sum(e.played and e.score == 1 for e in profile.encounters))


def score_for_opponents(profile: Profile, scoring: Scoring) -> int:
    """FIDE C.07 §16.3: the player's score as their opponents' tiebreaks see it. The byes after a
    withdrawal (zero-point byes followed only by voluntarily unplayed rounds) count as draws."""
    adjusted = profile.match_points
    for e in reversed(profile.encounters):
        if e.kind not in VOLUNTARY:
            break
        if e.kind is RoundKind.WITHDRAWN:
            adjusted += scoring.draw - e.match_points
    return adjusted


@dataclass(frozen=True, slots=True)
class Term:
    """One round's Buchholz term, and whether it comes from a voluntarily unplayed round."""

    value: int
    voluntary: bool


def buchholz_terms(
    player: Hashable, profiles: Mapping[Hashable, Profile], adjusted: Mapping[Hashable, int]
) -> list[Term]:
    """One term per round (FIDE C.07 §16.4): an opponent's adjusted score (`adjusted`, from
    `score_for_opponents`), or for an unplayed round the dummy opponent's, the player's own."""
    own = profiles[player]
    return [
        Term(adjusted[e.opponent], False) if e.played
        else Term(own.match_points, e.kind in VOLUNTARY)
        for e in own.encounters
    ]


def cut_least(terms: Sequence[Term]) -> list[Term]:
    """FIDE C.07 §14.1 with §16.5: without the least significant term, which is the lowest term
    of a voluntarily unplayed round if there is one, otherwise the lowest."""
    if not terms:
        return []
    voluntary = [t for t in terms if t.voluntary]
    cut = min(voluntary or terms, key=lambda t: t.value)
    rest = list(terms)
    rest.remove(cut)
    return rest


def buchholz(terms: Sequence[Term]) -> Fraction:
    return Fraction(sum(t.value for t in terms))


def buchholz_cut1(terms: Sequence[Term]) -> Fraction:
    return buchholz(cut_least(terms))


def median_buchholz(terms: Sequence[Term]) -> Fraction:
    """FIDE C.07 §14.3: the least significant term cut first, then the highest."""
    rest = cut_least(terms)
    if rest:
        rest.remove(max(rest, key=lambda t: t.value))
    return buchholz(rest)


def sonneborn_berger(terms: Sequence[Term], own: Profile) -> Fraction:
    """FIDE C.07 §9.1: each round's term (`buchholz_terms`) times the player's result in it."""
    scores = (e.score for e in own.encounters)
    return sum((t.value * s for t, s in zip(terms, scores, strict=True)), Fraction(0))


# Magic: The Gathering Tournament Rules, Appendix C ------------------------------------------


def mtr_rounds(profile: Profile) -> list[Encounter]:
    """The rounds the player took part in (byes included, rounds after withdrawing not)."""
    return [e for e in profile.encounters if e.kind is not RoundKind.WITHDRAWN]


def match_win_pct(profile: Profile) -> Fraction:
    """MTR Appendix C: 3 match points a match won (a bye is a match won), 1 a draw, over 3 a
    round taken part in; at least 0.33."""
    rounds = mtr_rounds(profile)
    if not rounds:
        return MTR_FLOOR
    won = sum(e.score == 1 or e.kind is RoundKind.BYE for e in rounds)
    drawn = sum(e.played and e.score == Fraction(1, 2) for e in rounds)
    return max(MTR_FLOOR, Fraction(3 * won + drawn, 3 * len(rounds)))


def hand_win_pct(profile: Profile) -> Fraction:
    """MTR Appendix C's game-win percentage with the hand as the game: hands won over hands
    decided, a bye counting as a match won two games to none; at least 0.33. Gin hands are won
    or dead, never drawn, so game points reduce to hands won; a dead hand is not counted."""
    byes = sum(e.kind is RoundKind.BYE for e in profile.encounters)
    won = profile.hands_won + 2 * byes
    decided = profile.hands_won + profile.hands_lost + 2 * byes
    if decided == 0:
        return MTR_FLOOR
    return max(MTR_FLOOR, Fraction(won, decided))


def mtr_opponents(profile: Profile) -> list[Hashable]:
    """MTR Appendix C: the opponent of each round taken part in, bye rounds ignored."""
    return [e.opponent for e in mtr_rounds(profile) if e.opponent is not None]


def opponents_average(profile: Profile, pct: Mapping[Hashable, Fraction]) -> Fraction:
    """MTR Appendix C: the average of each opponent's (floored) percentage `pct`, one term per
    round (an opponent met twice counts twice); 0.33 for a player with no opponent."""
    opponents = mtr_opponents(profile)
    if not opponents:
        return MTR_FLOOR
    return sum((pct[o] for o in opponents), Fraction(0)) / len(opponents)


# Working the chosen tiebreaks out ------------------------------------------------------------


class SharedInputs:
    """What several tiebreaks share, each worked out once for every player, and only when a
    chosen tiebreak first asks for it."""

    def __init__(self, profiles: Mapping[Hashable, Profile], scoring: Scoring) -> None:
        self.profiles = profiles
        self.scoring = scoring

    @cached_property
    def adjusted_scores(self) -> dict[Hashable, int]:
        return {p: score_for_opponents(pr, self.scoring) for p, pr in self.profiles.items()}

    @cached_property
    def terms(self) -> dict[Hashable, list[Term]]:
        """The Buchholz terms, round by round (Buchholz variants and Sonneborn-Berger)."""
        return {p: buchholz_terms(p, self.profiles, self.adjusted_scores) for p in self.profiles}

    @cached_property
    def match_win_pcts(self) -> dict[Hashable, Fraction]:
        return {p: match_win_pct(profile) for p, profile in self.profiles.items()}

    @cached_property
    def hand_win_pcts(self) -> dict[Hashable, Fraction]:
        return {p: hand_win_pct(profile) for p, profile in self.profiles.items()}


ValueOf = Callable[[Hashable, SharedInputs], Fraction]

# Every tiebreak but head-to-head (which depends on who else is tied), from the shared inputs.
VALUES: dict[Tiebreak, ValueOf] = {
    T.NET_GAME_POINTS: lambda p, s: Fraction(s.profiles[p].net_game_points),
    T.WINS: lambda p, s: number_of_wins(s.profiles[p], s.scoring),
    T.GAMES_WON: lambda p, s: games_won(s.profiles[p]),
    T.BUCHHOLZ: lambda p, s: buchholz(s.terms[p]),
    T.BUCHHOLZ_CUT1: lambda p, s: buchholz_cut1(s.terms[p]),
    T.MEDIAN_BUCHHOLZ: lambda p, s: median_buchholz(s.terms[p]),
    T.SONNEBORN_BERGER: lambda p, s: sonneborn_berger(s.terms[p], s.profiles[p]),
    T.OPPONENTS_MATCH_WIN_PCT: lambda p, s: opponents_average(s.profiles[p], s.match_win_pcts),
    T.HAND_WIN_PCT: lambda p, s: s.hand_win_pcts[p],
    T.OPPONENTS_HAND_WIN_PCT: lambda p, s: opponents_average(s.profiles[p], s.hand_win_pcts),
}


def fixed_values(
    profiles: Mapping[Hashable, Profile], chosen: Iterable[Tiebreak], scoring: Scoring
) -> dict[Tiebreak, dict[Hashable, Fraction]]:
    """The chosen tiebreaks that do not depend on who else is tied (all but head-to-head), for
    every player; nothing is computed for a tiebreak not chosen."""
    shared = SharedInputs(profiles, scoring)
    return {
        tb: {p: VALUES[tb](p, shared) for p in profiles}
        for tb in chosen
        if tb is not Tiebreak.HEAD_TO_HEAD
    }


def head_to_head(
    group: Iterable[Hashable], profiles: Mapping[Hashable, Profile]
) -> dict[Hashable, Fraction | None]:
    """Each player's direct-encounter score within `group` (None: met no one of it over the
    board), for the rows; the ranking itself is `break_ties`'."""
    return direct_encounter_scores(group, profiles)


def break_ties(
    group: Sequence[Hashable],
    order: Sequence[Tiebreak],
    profiles: Mapping[Hashable, Profile],
    fixed: Mapping[Tiebreak, Mapping[Hashable, Fraction]],
    scoring: Scoring = Scoring(),
) -> list[Block]:
    """Split a group level on match points into ordered blocks by the tiebreaks in `order`.

    Direct encounter is applied again to each sub-group it leaves tied, counting only the
    matches among that sub-group (FIDE C.07 §6.2 and §6.3), before moving on to the next
    tiebreak. Players left tied keep the order of `group`.
    """
    if len(group) < 2 or not order:
        return [Block(tuple(group), None)]
    tiebreak, rest = order[0], tuple(order[1:])
    parts = _split(tiebreak, group, profiles, fixed, scoring)
    if len(parts) < 2:
        return break_ties(group, rest, profiles, fixed, scoring)
    again = tuple(order) if tiebreak is Tiebreak.HEAD_TO_HEAD else rest
    blocks: list[Block] = []
    for i, part in enumerate(parts):
        inner = break_ties(part, again, profiles, fixed, scoring)
        inner[0] = Block(inner[0].players, tiebreak if i else None)
        blocks.extend(inner)
    return blocks


def _split(
    tiebreak: Tiebreak,
    group: Sequence[Hashable],
    profiles: Mapping[Hashable, Profile],
    fixed: Mapping[Tiebreak, Mapping[Hashable, Fraction]],
    scoring: Scoring,
) -> list[list[Hashable]]:
    """The group in ordered parts by one tiebreak, each part keeping the order of `group`."""
    if tiebreak is Tiebreak.HEAD_TO_HEAD:
        return direct_encounter_blocks(group, profiles, scoring.win, scoring.loss)
    values = {p: fixed[tiebreak][p] for p in group}
    levels = sorted(set(values.values()), reverse=True)
    return [[p for p in group if values[p] == level] for level in levels]
