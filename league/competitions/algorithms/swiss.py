"""Swiss pairing by maximum-weight matching: no rematch, same score first, then the top half of
each score group against its bottom half.

Players are ranked by score, then by their place in the seeding order. A round is paired so that
nobody meets a past opponent and, in this order of priority:
  1. the bye (odd field) goes to the lowest-ranked player who may receive it: no second bye and
     none after a win without play (FIDE Handbook C.04.1, basic rules for Swiss systems, rule
     (d)); a higher one only if the rest could not otherwise be paired without a rematch;
  2. players stay in their score group: least sum over pairs of (score-group distance)^2,
     so one player floating down two groups weighs as much as four floating down one;
  3. in each score group the top half meets the bottom half, the first of one against the first
     of the other (the Dutch system, FIDE C.04.3: S1 against S2; round 1 is one group, so seed 1
     meets seed n/2 + 1): players are put in pairing order, each group's halves interleaved
     (S1[0], S2[0], S1[1], S2[1], ...; an odd group's extra player, the lowest, last), and the
     least sum over pairs of the distance in that order is sought, so the ideal partners are
     neighbours; a group's last player floats down to the next group's first. This follows the
     Dutch system exactly for a score group paired on its own; with floaters and rematches it is
     an approximation of its transposition rules (the least total distance, not the first
     valid transposition).
Priorities 2 and 3 are one weight per edge (the score term outweighs any sum of order terms) and
`networkx.max_weight_matching(maxcardinality=True)` finds a perfect matching of least cost, so
if a rematch-free pairing exists one is found; if none exists, `PairingImpossible` says so.
Nothing greedy: each candidate for the bye is tried with a complete matching of the others.

Speed: general matching is cubic in pure Python (about 25 s for 512 players with every edge),
so fields above EXACT_UP_TO players are cut, in pairing order, into blocks with an even head count
(at score-group borders, or inside a group once a block has BLOCK players), each block with
edges only to the next WINDOW allowed opponents in pairing order. The
window doubles while that finds a cheaper matching (or while the block has no perfect matching at
all, up to every edge); a block that still has none is merged with the next block (the last one
with the block before it), ending, if need be, with the whole field and every edge. So pairing
stays complete and the bye exact; what large fields may give up is the optimum across block
borders and beyond the window. Measured against the exact matching on rounds 2 to 4 of 8
simulated events of 129 to 200 players (random results, a tenth drawn): all 24 identical in
cost. (Before the halves were interleaved, in plain rank order, 115 rounds of 129 to 260
players: 107 identical, 7 worse by 2 rank steps, 1 worse in the score-group term.)
"""

from __future__ import annotations

from collections.abc import Collection, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import groupby, islice

import networkx as nx

from league.competitions.algorithms.standings import (
    DEFAULT_POINTS,
    WON_WITHOUT_PLAY,
    MatchResult,
    PointsSystem,
    ResultKind,
)

EXACT_UP_TO = 128  # fields up to this size are solved in one matching with every allowed edge
WINDOW = 6  # in larger fields: allowed opponents looked at ahead of each player, at first
BLOCK = 64  # in larger fields: players per block, at most (unless a block must grow)


class PairingImpossible(ValueError):
    """No pairing of the field avoids every rematch (or nobody may receive the bye)."""


@dataclass(frozen=True, slots=True)
class SwissRound:
    pairings: tuple[tuple[Hashable, Hashable], ...]  # (dealer, opponent), top table first
    bye: Hashable | None


@dataclass(frozen=True, slots=True)
class SwissHistory:
    scores: Mapping[Hashable, Fraction]
    met: frozenset[frozenset[Hashable]]
    bye_ineligible: frozenset[Hashable]


def history(results: Iterable[MatchResult], points: PointsSystem = DEFAULT_POINTS) -> SwissHistory:
    """Scores, pairs that have met (any result, forfeits included) and who may not get a bye."""
    scores: dict[Hashable, Fraction] = {}
    met, no_bye = set(), set()
    for r in results:
        for p in r.players:
            scores[p] = scores.get(p, Fraction(0)) + points.earned(r, p)
        if r.player_b is not None:
            met.add(frozenset(r.players))
        if r.kind is ResultKind.BYE or r.kind in WON_WITHOUT_PLAY:
            no_bye.add(r.player_a if r.kind is ResultKind.BYE else r.winner)
    return SwissHistory(scores, frozenset(met), frozenset(no_bye))


def pair_next_round(
    seeds: Sequence[Hashable],
    results: Iterable[MatchResult] = (),
    *,
    points: PointsSystem = DEFAULT_POINTS,
    dealt_first: Mapping[Hashable, int] | None = None,
) -> SwissRound:
    """Pair the players of `seeds` (the active field, in seeding order) after these results."""
    past = history(results, points)
    return pair_swiss(seeds, past.scores, past.met, past.bye_ineligible, dealt_first=dealt_first)


def pair_swiss(
    seeds: Sequence[Hashable],
    scores: Mapping[Hashable, int | Fraction],
    met: Iterable[Collection[Hashable]] = (),
    bye_ineligible: Collection[Hashable] = (),
    *,
    dealt_first: Mapping[Hashable, int] | None = None,
    exact: bool | None = None,
) -> SwissRound:
    """One round. `exact` (default: fields up to EXACT_UP_TO players) solves the whole field with
    every allowed edge in one matching; otherwise blocks and windows are used (module docstring).
    """
    if len(set(seeds)) != len(seeds) or None in seeds:
        raise ValueError("players must be distinct and not None")
    seed_place = {p: i for i, p in enumerate(seeds)}
    ranked = sorted(seeds, key=lambda p: (-scores.get(p, 0), seed_place[p]))
    rank = {p: i for i, p in enumerate(ranked)}
    met = frozenset(frozenset(pair) for pair in met)
    exact = len(ranked) <= EXACT_UP_TO if exact is None else exact
    if len(ranked) % 2 == 0:
        problem = _Problem.build(pairing_order(ranked, scores), scores, met)
        return _as_round(_solve(problem, problem.order, exact), None, rank, dealt_first or {})
    for bye in _bye_candidates(ranked, bye_ineligible):
        problem = _Problem.build(pairing_order([p for p in ranked if p != bye], scores), scores,
                                 met)
        try:
            pairs = _solve(problem, problem.order, exact)
        except PairingImpossible:
            continue
        return _as_round(pairs, bye, rank, dealt_first or {})
    raise PairingImpossible(
        f"no player who may have the bye leaves the other {len(ranked) - 1} players "
        "a pairing without a rematch"
    )


def _bye_candidates(
    ranked: Sequence[Hashable], ineligible: Collection[Hashable]
) -> list[Hashable]:
    """FIDE C.04.1 (d): the bye goes to the lowest-ranked player who may receive it; the next
    one up is tried only if the others cannot all be paired without a rematch."""
    candidates = [p for p in reversed(ranked) if p not in ineligible]
    if not candidates:
        raise PairingImpossible("every player has already had a bye or a win without play")
    return candidates


def pairing_order(
    ranked: Sequence[Hashable], scores: Mapping[Hashable, int | Fraction]
) -> list[Hashable]:
    """The ranked players with each score group's halves interleaved: S1[0], S2[0], S1[1], ...
    (S1 the top half, S2 the bottom half and, in an odd group, the one more player)."""
    order: list[Hashable] = []
    for _, members in groupby(ranked, key=lambda p: scores.get(p, 0)):
        group = list(members)
        top, bottom = group[: len(group) // 2], group[len(group) // 2 :]
        for i, player in enumerate(bottom):
            order.extend((top[i], player) if i < len(top) else (player,))
    return order


@dataclass(frozen=True, slots=True)
class _Problem:
    order: list[Hashable]  # the pairing order: ideal partners are neighbours
    level: Mapping[Hashable, int]  # score group, 0 = top
    rank: Mapping[Hashable, int]  # place in the pairing order
    met: frozenset[frozenset[Hashable]]
    score_unit: int  # outweighs every sum of distances in the pairing order

    @staticmethod
    def build(
        order: list[Hashable],
        scores: Mapping[Hashable, int | Fraction],
        met: frozenset[frozenset[Hashable]],
    ) -> _Problem:
        levels = sorted({scores.get(p, 0) for p in order}, reverse=True)
        return _Problem(
            order=order,
            level={p: levels.index(scores.get(p, 0)) for p in order},
            rank={p: i for i, p in enumerate(order)},
            met=met,
            score_unit=len(order) ** 2,
        )

    def allowed(self, a: Hashable, b: Hashable) -> bool:
        return frozenset((a, b)) not in self.met

    def cost(self, a: Hashable, b: Hashable) -> int:
        """Score-group distance squared first, then the distance in the pairing order."""
        spread = self.level[a] - self.level[b]
        return self.score_unit * spread * spread + abs(self.rank[a] - self.rank[b])


def _solve(problem: _Problem, nodes: list[Hashable], exact: bool) -> list[tuple[Hashable, Hashable]]:
    """Solve block by block; a block without a perfect matching merges with the next block (the
    last one with the block before it), ending, if need be, with the whole field."""
    pending = [nodes] if exact else _blocks(problem, nodes)
    solved: list[tuple[list[Hashable], list[tuple[Hashable, Hashable]]]] = []
    while pending:
        block = pending.pop(0)
        found = _match_widening(problem, block, len(block) if exact else WINDOW)
        if found is not None:
            solved.append((block, found))
        elif pending:
            pending[0] = block + pending[0]
        elif solved:
            pending.append(solved.pop()[0] + block)
        else:
            raise PairingImpossible(f"no pairing of these {len(nodes)} players avoids a rematch")
    return [pair for _, found in solved for pair in found]


def _blocks(problem: _Problem, nodes: list[Hashable]) -> list[list[Hashable]]:
    """Cut the field in pairing order wherever the head count so far is even and either a score
    group ends or the block has reached BLOCK players (cutting inside a group costs order steps
    only; an even cut keeps each S1[i], S2[i] together)."""
    blocks, current = [], []
    for i, node in enumerate(nodes):
        current.append(node)
        group_ends = i + 1 == len(nodes) or problem.level[nodes[i + 1]] != problem.level[node]
        if len(current) % 2 == 0 and (group_ends or len(current) >= BLOCK):
            blocks.append(current)
            current = []
    if current:
        blocks.append(current)
    return blocks


def _match_widening(
    problem: _Problem, block: list[Hashable], width: int
) -> list[tuple[Hashable, Hashable]] | None:
    """Match with the window, doubling it while that finds no perfect matching or a cheaper one."""
    best = None
    while True:
        found = _match(problem, block, min(width, len(block)))
        if found is not None and best is not None and _cost(problem, found) >= _cost(problem, best):
            return best
        best = found or best
        if width >= len(block):
            return best
        width *= 2


def _cost(problem: _Problem, pairs: list[tuple[Hashable, Hashable]]) -> int:
    return sum(problem.cost(a, b) for a, b in pairs)


def _match(
    problem: _Problem, block: list[Hashable], width: int
) -> list[tuple[Hashable, Hashable]] | None:
    """Min-cost perfect matching of the block, edges to the next `width` allowed opponents."""
    edges = []
    for i, a in enumerate(block):
        ahead = (j for j in range(i + 1, len(block)) if problem.allowed(a, block[j]))
        edges.extend((i, j, problem.cost(a, block[j])) for j in islice(ahead, width))
    top = max((c for _, _, c in edges), default=0) + 1
    graph = nx.Graph()
    graph.add_nodes_from(range(len(block)))
    graph.add_weighted_edges_from((i, j, top - c) for i, j, c in edges)
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    if 2 * len(matching) != len(block):
        return None
    return [(block[i], block[j]) for i, j in sorted(matching)]


def _as_round(
    pairs: list[tuple[Hashable, Hashable]],
    bye: Hashable | None,
    rank: Mapping[Hashable, int],
    dealt_first: Mapping[Hashable, int],
) -> SwissRound:
    tables = []
    for a, b in pairs:
        high, low = sorted((a, b), key=rank.__getitem__)
        if dealt_first.get(low, 0) < dealt_first.get(high, 0):
            high, low = low, high  # the one who has dealt first less often deals first
        tables.append((high, low))
    tables.sort(key=lambda t: min(rank[t[0]], rank[t[1]]))
    return SwissRound(tuple(tables), bye)
