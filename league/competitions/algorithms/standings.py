"""League table from match results: record, match points, game points, hands, tiebreaks, ranks.

A match is usually one game of gin to the target score; its game points are each player's final
account and its hands the hands each won. Results come as `MatchResult` values; `league_table`
returns one `Row` per player, best first, with a shared rank where the tiebreaks do not separate
two players and, for each pair of adjacent rows level on match points, the tiebreak that
separated them.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction

from league.competitions.algorithms.direct_encounter import meetings
from league.competitions.algorithms.tiebreaks import (
    Encounter,
    Profile,
    RoundKind,
    Scoring,
    Tiebreak,
    break_ties,
    fixed_values,
    head_to_head,
)


class ResultKind(StrEnum):
    PLAYED = "played"
    WALKOVER = "walkover"  # the loser had withdrawn from the event
    FORFEIT = "forfeit"  # the loser forfeited this match (e.g. did not show up)
    DOUBLE_FORFEIT = "double_forfeit"  # both forfeited: both lose
    BYE = "bye"  # player_a had no opponent this round
    WITHDRAWN = "withdrawn"  # player_a had withdrawn and was not paired this round


WON_WITHOUT_PLAY = (ResultKind.WALKOVER, ResultKind.FORFEIT)
WITHOUT_OPPONENT = (ResultKind.BYE, ResultKind.WITHDRAWN)


@dataclass(frozen=True, slots=True)
class MatchResult:
    """One match, or a bye (player_b None). `winner` None: a drawn match, or a double forfeit."""

    player_a: Hashable
    player_b: Hashable | None
    winner: Hashable | None = None
    kind: ResultKind = ResultKind.PLAYED
    game_points_a: int = 0
    game_points_b: int = 0
    hands_a: int = 0
    hands_b: int = 0
    round: int | None = None

    def __post_init__(self) -> None:
        problem = _problem(self)
        if problem:
            raise ValueError(f"{problem}: {self!r}")

    @property
    def players(self) -> tuple[Hashable, ...]:
        return (self.player_a,) if self.player_b is None else (self.player_a, self.player_b)

    def opponent_of(self, player: Hashable) -> Hashable | None:
        return self.player_b if player == self.player_a else self.player_a

    def for_player(self, player: Hashable) -> tuple[int, int, int, int]:
        """(game points for, against, hands won, hands lost) seen from `player`."""
        if player == self.player_a:
            return self.game_points_a, self.game_points_b, self.hands_a, self.hands_b
        return self.game_points_b, self.game_points_a, self.hands_b, self.hands_a


def _problem(r: MatchResult) -> str | None:
    a, b, winner, kind = r.player_a, r.player_b, r.winner, r.kind
    if a is None or a == b:
        return "a result needs two different players, or one with a bye"
    if kind is ResultKind.PLAYED and b is not None:  # most results: only the winner to check
        return None if winner is None or winner in (a, b) else (
            "the winner must be one of the players")
    if (kind in WITHOUT_OPPONENT) != (b is None):
        return "a bye or a round after withdrawing, and only those, have no player_b"
    if kind is ResultKind.BYE and winner not in (None, a):
        return "a bye can only be won by its player"
    if kind is ResultKind.WITHDRAWN and winner is not None:
        return "a round after withdrawing has no winner"
    if winner is not None and winner not in r.players:
        return "the winner must be one of the players"
    if kind in WON_WITHOUT_PLAY and winner is None:
        return f"a {kind} needs a winner"
    if kind is ResultKind.DOUBLE_FORFEIT and winner is not None:
        return "a double forfeit has no winner"
    return None


@dataclass(frozen=True, slots=True)
class PointsSystem:
    """Match points: e.g. 3/1/0 (the default) or 2/1/0. A bye scores `bye` (default: a win, as in
    MTR Appendix C and FIDE's pairing-allocated bye); a player who forfeits scores `forfeit`
    (default: a loss; some leagues deduct a point)."""

    win: int = 3
    draw: int = 1
    loss: int = 0
    bye: int | None = None
    forfeit: int | None = None

    def earned(self, result: MatchResult, player: Hashable) -> int:
        if result.kind is ResultKind.WITHDRAWN:
            return 0
        if result.kind is ResultKind.BYE:
            return self.win if self.bye is None else self.bye
        if result.winner == player:
            return self.win
        forfeited = result.kind in (ResultKind.FORFEIT, ResultKind.DOUBLE_FORFEIT)
        if forfeited and self.forfeit is not None:
            return self.forfeit
        if result.winner is None and result.kind is ResultKind.PLAYED:
            return self.draw
        return self.loss


@dataclass(frozen=True, slots=True)
class Row:
    rank: int
    player: Hashable
    played: int  # matches with an opponent, walkovers and forfeits included; byes apart
    won: int
    drawn: int
    lost: int
    byes: int
    match_points: int
    game_points_for: int
    game_points_against: int
    hands_won: int
    hands_lost: int
    tiebreaks: tuple[tuple[Tiebreak, Fraction | None], ...]
    separated_by: Tiebreak | None  # what put this row below the previous one, level on points
    shared_rank: bool  # still tied with the previous row
    # Its head-to-head value counts only the meetings of a group level on points in which some
    # have not met: it ranks a player only where no missing match could change it (FIDE C.07
    # §6.3), so two values may differ while their players stay tied.
    head_to_head_partial: bool = False

    @property
    def net_game_points(self) -> int:
        return self.game_points_for - self.game_points_against


DEFAULT_POINTS = PointsSystem()
DEFAULT_TIEBREAKS = (Tiebreak.HEAD_TO_HEAD, Tiebreak.NET_GAME_POINTS, Tiebreak.WINS)


def league_table(
    players: Sequence[Hashable],
    results: Iterable[MatchResult],
    *,
    points: PointsSystem = DEFAULT_POINTS,
    tiebreaks: Sequence[Tiebreak] = DEFAULT_TIEBREAKS,
) -> tuple[Row, ...]:
    """The table, best first. `players` lists every entrant; its order ranks players left tied.
    A player's results are taken in round order where they all have a round number."""
    if len(set(tiebreaks)) != len(tiebreaks):
        raise ValueError("a tiebreak appears twice")
    mine = results_by_player(players, results)
    encounters = {p: tuple(_encounter(r, p, points) for r in mine[p]) for p in players}
    records = {p: _record(p, mine[p], encounters[p]) for p in players}
    profiles = {p: _profile(encounters[p], records[p]) for p in players}
    scoring = Scoring(points.win, points.draw, points.loss)
    fixed = fixed_values(profiles, tiebreaks, scoring)  # the chosen tiebreaks only
    rows: list[Row] = []
    for group in _groups_by_points(players, profiles):
        h2h = _group_head_to_head(group, tiebreaks, profiles)
        partial = h2h is not None and not all_met(group, profiles)
        for block in break_ties(group, tiebreaks, profiles, fixed, scoring):
            for i, player in enumerate(block.players):
                values = _shown_values(player, tiebreaks, fixed, h2h)
                rows.append(Row(
                    rank=len(rows) + 1 - i, player=player, **records[player],
                    tiebreaks=values, separated_by=None if i else block.separated_by,
                    shared_rank=i > 0, head_to_head_partial=partial,
                ))
    return tuple(rows)


def results_by_player(
    players: Sequence[Hashable], results: Iterable[MatchResult]
) -> dict[Hashable, list[MatchResult]]:
    if len(set(players)) != len(players):
        raise ValueError("a player appears twice")
    mine: dict[Hashable, list[MatchResult]] = {p: [] for p in players}
    for r in results:
        for p in r.players:
            if p not in mine:
                raise ValueError(f"result for a player not in the field: {p!r}")
            mine[p].append(r)
    for rs in mine.values():
        if all(r.round is not None for r in rs):
            rs.sort(key=lambda r: r.round)
    return mine


def _profile(encounters: tuple[Encounter, ...], record: Mapping[str, int]) -> Profile:
    return Profile(
        match_points=record["match_points"],
        net_game_points=record["game_points_for"] - record["game_points_against"],
        hands_won=record["hands_won"],
        hands_lost=record["hands_lost"],
        encounters=encounters,
    )


def round_kind(r: MatchResult, player: Hashable) -> RoundKind:
    """The round as FIDE's article on unplayed rounds sees it, for `player`."""
    if r.kind is ResultKind.PLAYED:
        return RoundKind.PLAYED
    if r.kind is ResultKind.BYE:
        return RoundKind.BYE
    if r.winner == player:
        return RoundKind.FORFEIT_WIN
    if r.kind in (ResultKind.WALKOVER, ResultKind.WITHDRAWN):
        return RoundKind.WITHDRAWN
    return RoundKind.FORFEIT_LOSS


def _encounter(r: MatchResult, player: Hashable, points: PointsSystem) -> Encounter:
    if r.kind is ResultKind.PLAYED:  # most rounds: won, drawn (no winner) or lost at the table
        opponent = r.player_b if player == r.player_a else r.player_a
        if r.winner == player:
            return Encounter(opponent, WIN_SCORE, points.win, RoundKind.PLAYED)
        if r.winner is None:
            return Encounter(opponent, DRAW_SCORE, points.draw, RoundKind.PLAYED)
        return Encounter(opponent, LOSS_SCORE, points.loss, RoundKind.PLAYED)
    kind, earned = round_kind(r, player), points.earned(r, player)
    if kind is RoundKind.BYE:  # the result its points make it (FIDE C.07, unplayed rounds)
        won, drawn = earned >= points.win, earned == points.draw
    else:
        won, drawn = kind is RoundKind.FORFEIT_WIN, False
    score = WIN_SCORE if won else DRAW_SCORE if drawn else LOSS_SCORE
    return Encounter(r.opponent_of(player), score, earned, kind)


# A round's game score in FIDE's formulas; fractions are immutable, so every encounter shares them.
WIN_SCORE, DRAW_SCORE, LOSS_SCORE = Fraction(1), Fraction(1, 2), Fraction(0)


def _record(player: Hashable, mine: Sequence[MatchResult],
            encounters: Sequence[Encounter]) -> dict[str, int]:
    """The player's record from his results, and his match points from his encounters (what
    each round earned him): one pass over each."""
    played = won = drawn = byes = points_for = points_against = hands_won = hands_lost = 0
    for r in mine:
        if r.player_b is not None:
            played += 1
            if r.winner == player:
                won += 1
            elif r.winner is None and r.kind is ResultKind.PLAYED:
                drawn += 1
        elif r.kind is ResultKind.BYE:
            byes += 1
        if player == r.player_a:
            points_for += r.game_points_a
            points_against += r.game_points_b
            hands_won += r.hands_a
            hands_lost += r.hands_b
        else:
            points_for += r.game_points_b
            points_against += r.game_points_a
            hands_won += r.hands_b
            hands_lost += r.hands_a
    return {
        "played": played, "won": won, "drawn": drawn, "lost": played - won - drawn,
        "byes": byes, "match_points": sum(e.match_points for e in encounters),
        "game_points_for": points_for, "game_points_against": points_against,
        "hands_won": hands_won, "hands_lost": hands_lost,
    }


def _groups_by_points(
    players: Sequence[Hashable], profiles: Mapping[Hashable, Profile]
) -> list[list[Hashable]]:
    levels = sorted({profiles[p].match_points for p in players}, reverse=True)
    return [[p for p in players if profiles[p].match_points == m] for m in levels]


def all_met(group: Sequence[Hashable], profiles: Mapping[Hashable, Profile]) -> bool:
    """Whether every pair of the group has met over the board."""
    met = meetings(group, profiles)
    return all(len(met[p]) == len(group) - 1 for p in group)


def _group_head_to_head(
    group: Sequence[Hashable], order: Sequence[Tiebreak], profiles: Mapping[Hashable, Profile]
) -> dict[Hashable, Fraction | None] | None:
    """Direct encounter over a whole match-point group, for the rows; only when it is chosen."""
    if Tiebreak.HEAD_TO_HEAD not in order or len(group) < 2:
        return None
    return head_to_head(group, profiles)


def _shown_values(
    player: Hashable,
    order: Sequence[Tiebreak],
    fixed: Mapping[Tiebreak, Mapping[Hashable, Fraction]],
    h2h: Mapping[Hashable, Fraction | None] | None,
) -> tuple[tuple[Tiebreak, Fraction | None], ...]:
    """The row's tiebreak values; direct encounter over the player's whole match-point group."""
    return tuple(
        (tb, (h2h or {}).get(player) if tb is Tiebreak.HEAD_TO_HEAD else fixed[tb][player])
        for tb in order
    )
