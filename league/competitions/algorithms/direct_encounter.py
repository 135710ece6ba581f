"""Direct encounter (FIDE Tie-Break Regulations, Handbook C.07, 2024 text, article 6).

Among a group of tied players, each scores the match points of their matches with the others of
the group: only matches played over the board (a forfeit or walkover is left out), and two
players who met more than once score the average of their meetings (§6.1). When every pair of
the group has met, these scores rank the group (§6.2). When some have not, a player ranks first
only if they stay alone at the top whatever the missing matches' results, then the same for
second place, and so on (§6.3). `break_ties` applies the article again to each part left tied.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .tiebreaks import Profile


def meetings(
    group: Iterable[Hashable], profiles: Mapping[Hashable, Profile]
) -> dict[Hashable, dict[Hashable, Fraction]]:
    """For each player, the opponents of the group met over the board and the average match
    points scored against each."""
    members = set(group)
    found: dict[Hashable, dict[Hashable, Fraction]] = {}
    for p in members:
        points: dict[Hashable, list[int]] = {}
        for e in profiles[p].encounters:
            if e.played and e.opponent in members:
                points.setdefault(e.opponent, []).append(e.match_points)
        found[p] = {q: Fraction(sum(v), len(v)) for q, v in points.items()}
    return found


def direct_encounter_scores(
    group: Iterable[Hashable], profiles: Mapping[Hashable, Profile]
) -> dict[Hashable, Fraction | None]:
    """Each player's score within the group; None for one who met no one of it over the board."""
    met = meetings(group, profiles)
    return {p: sum(scores.values(), Fraction(0)) if scores else None for p, scores in met.items()}


def direct_encounter_blocks(
    group: Sequence[Hashable], profiles: Mapping[Hashable, Profile], win: int, loss: int = 0
) -> list[list[Hashable]]:
    """The group in ordered parts by direct encounter (one part: it separates no one); a missing
    match could give a player from `loss` to `win` points."""
    met = meetings(group, profiles)
    score = {p: sum(met[p].values(), Fraction(0)) for p in group}
    missing = {p: len(group) - 1 - len(met[p]) for p in group}
    if not any(missing.values()):
        levels = sorted(set(score.values()), reverse=True)
        return [[p for p in group if score[p] == level] for level in levels]
    ranked: list[list[Hashable]] = []
    remaining = list(group)
    while len(remaining) > 1:
        top = next((p for p in remaining if all(
            score[p] + loss * missing[p] > score[q] + win * missing[q]
            for q in remaining if q != p)), None)
        if top is None:
            break
        ranked.append([top])
        remaining.remove(top)
    return [*ranked, remaining]
