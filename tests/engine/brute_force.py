"""Plain, slow reference searches the engine is checked against.

Written from docs/rules.md directly and sharing no code with the engine's search: list every meld in
the hand, try every combination of disjoint melds, keep the least deadwood. For a knock, try every
group of defender cards each knocker meld could take (the meld and the group together still a
meld), every combination of those groups, and search the kept cards the same way.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from itertools import combinations, product

from gameplay.engine import Card, Ruleset


def is_plain_meld(cards: Sequence[Card], rules: Ruleset) -> bool:
    if len(cards) < 3 or len(set(cards)) != len(cards):
        return False
    if len({c.rank for c in cards}) == 1:
        return len(cards) <= 4
    if len({c.suit for c in cards}) != 1:
        return False
    ranks = sorted(c.rank for c in cards)
    if rules.max_run_length is not None and len(ranks) > rules.max_run_length:
        return False
    return ranks == list(range(ranks[0], ranks[0] + len(ranks)))


def all_melds(hand: Sequence[Card], rules: Ruleset) -> list[frozenset[Card]]:
    """Every meld inside the hand: every 3- and 4-card group of one rank, every consecutive
    stretch of 3 or more cards of one suit."""
    melds = []
    for rank in range(1, 14):
        same = [c for c in hand if c.rank == rank]
        for size in (3, 4):
            melds += [frozenset(g) for g in combinations(same, size)]
    for suit in {c.suit for c in hand}:
        ranks = sorted(c.rank for c in hand if c.suit == suit)
        for i in range(len(ranks)):
            for j in range(i + 3, len(ranks) + 1):
                stretch = [c for c in hand if c.suit == suit and ranks[i] <= c.rank < ranks[j - 1] + 1]
                if is_plain_meld(stretch, rules):
                    melds.append(frozenset(stretch))
    return melds


def meld_combinations(melds: list[frozenset[Card]]) -> list[list[frozenset[Card]]]:
    """Every combination of pairwise disjoint melds (the empty one included)."""
    found: list[list[frozenset[Card]]] = []

    def extend(start: int, chosen: list[frozenset[Card]], used: frozenset[Card]) -> None:
        found.append(list(chosen))
        for i in range(start, len(melds)):
            if not melds[i] & used:
                extend(i + 1, [*chosen, melds[i]], used | melds[i])

    extend(0, [], frozenset())
    return found


def deadwood(hand: Sequence[Card], chosen: list[frozenset[Card]]) -> int:
    used = frozenset().union(*chosen)
    return sum(c.value for c in hand if c not in used)


def least_deadwood(hand: Sequence[Card], rules: Ruleset) -> int:
    return _least_deadwood(frozenset(hand), rules)


@lru_cache(maxsize=1 << 16)
def _least_deadwood(hand: frozenset[Card], rules: Ruleset) -> int:
    # Kept: a knock's reference settles the same kept cards under many spreads, and a failing
    # property test asks again for every hand it shrinks to.
    cards = sorted(hand)
    return min(deadwood(cards, chosen) for chosen in meld_combinations(all_melds(cards, rules)))


def best_arrangements(hand: Sequence[Card], rules: Ruleset) -> list[list[frozenset[Card]]]:
    """Every least-deadwood combination of melds."""
    combos = meld_combinations(all_melds(hand, rules))
    least = min(deadwood(hand, chosen) for chosen in combos)
    return [chosen for chosen in combos if deadwood(hand, chosen) == least]


def defender_least_deadwood(
    spread: list[frozenset[Card]], defender: Sequence[Card], rules: Ruleset
) -> int:
    """The least deadwood the defender can reach with own melds and layoffs onto ``spread``:
    for each spread meld every group of the defender's cards of its rank or suit that still
    makes a meld with it; every combination of such groups not sharing a card; the kept cards
    searched as above."""
    groups = []
    for meld in spread:
        candidates = [card for card in defender if _shares_rank_or_suit(meld, card)]
        groups.append([
            frozenset(group)
            for size in range(len(candidates) + 1)
            for group in combinations(candidates, size)
            if not group or is_plain_meld([*meld, *group], rules)
        ])
    results: dict[frozenset[Card], int] = {}
    for chosen in product(*groups):
        laid_off = frozenset().union(*chosen)
        if len(laid_off) == sum(len(group) for group in chosen):
            kept = frozenset(defender) - laid_off
            if kept not in results:
                results[kept] = least_deadwood(list(kept), rules)
    return min(results.values())


def _shares_rank_or_suit(meld: frozenset[Card], card: Card) -> bool:
    return any(c.rank == card.rank for c in meld) or any(c.suit == card.suit for c in meld)


def settle_defender_deadwood(
    knocker: Sequence[Card], defender: Sequence[Card], rules: Ruleset
) -> int:
    """The defender's deadwood after a knock: the knocker picks, among least-deadwood spreads,
    the one leaving the defender the most; the defender then does the best they can."""
    return max(
        defender_least_deadwood(spread, defender, rules)
        for spread in best_arrangements(knocker, rules)
    )
