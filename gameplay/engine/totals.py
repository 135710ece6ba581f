"""Whether a game's final totals could have been reached, for a game kept on paper as totals only.

A game ends on the hand in which one player's running total of hand points reaches the target
(RULES.md, "Game end"): before that hand neither player had reached it, and the loser never does.
Each hand won scores between ``lowest_hand_points`` and ``highest_hand_points``; a dead hand
scores nothing. So a game to 100 cannot end 90-40 (nobody reached 100), nor 230-10 (the winner
stood on at least 101 before the hand that ended it, past the target), nor 100-0 in one hand when
no hand can score 100.

The highest figure is a bound, not an exact set: every value up to it is treated as possible,
which under Oklahoma (spade upcard doubles) accepts a few odd values a doubled hand cannot make.
"""

from __future__ import annotations

from dataclasses import dataclass

from .rules import Ruleset

# The most deadwood ten cards can hold with no meld among them: two each of ten, jack, queen and
# king in suits that make no run, and two nines (80 + 18).
MOST_DEADWOOD = 98
MOST_HANDS = 999


@dataclass(frozen=True, slots=True)
class HandPointRange:
    lowest: int
    highest: int


def hand_point_range(rules: Ruleset) -> HandPointRange:
    """What one hand won can score under ``rules``, bonuses and the Oklahoma multiplier included."""
    knocks = rules.knock_limit > 0 or rules.oklahoma
    # A knock wins by at least a point; with undercut_on_tie off, equal deadwood is a knock worth 0.
    # Gin only (knock limit 0): a gin scores at least its bonus.
    lowest = (1 if rules.undercut_on_tie else 0) if knocks else rules.gin_bonus
    # A gin: all the opponent's deadwood and a bonus. A knock wins at most MOST_DEADWOOD - 1,
    # always below that (bonuses are never negative), so it needs no term of its own.
    highest = MOST_DEADWOOD + max(rules.gin_bonus, rules.big_gin_bonus or 0)
    if knocks:  # an undercut: the deadwood difference (at most the knock limit) and its bonus
        highest = max(highest, rules.knock_limit + rules.undercut_bonus)
    highest *= 2 if rules.oklahoma else 1
    return HandPointRange(min(lowest, highest), highest)


def totals_problem(rules: Ruleset, totals: tuple[int, int], hands: int) -> str | None:
    """Why a finished game cannot have ended on ``totals`` (hand points of A and B) after
    ``hands`` hands under ``rules``; None when it can."""
    target = rules.target_score
    if not 1 <= hands <= MOST_HANDS:
        return f"a game has from 1 to {MOST_HANDS} hands, not {hands}"
    if min(totals) < 0:
        return "points cannot be negative"
    reached = [t for t in totals if t >= target]
    if not reached:
        return f"nobody reached {target}: a game to {target} is not over at {totals[0]}-{totals[1]}"
    if len(reached) == 2:
        return f"only the winner reaches {target}: the game ends on the hand that gets there first"
    winner_total, loser_total = max(totals), min(totals)
    if not totals_reachable(winner_total, loser_total, hands, target, hand_point_range(rules)):
        return (f"{totals[0]}-{totals[1]} in {hands} hand{'s' if hands != 1 else ''} cannot be "
                f"reached in a game to {target} (a hand scores from "
                f"{hand_point_range(rules).lowest} to {hand_point_range(rules).highest}, and the "
                f"game ends on the hand that reaches {target})")
    return None


def totals_reachable(winner_total: int, loser_total: int, hands: int, target: int,
                     points: HandPointRange) -> bool:
    """Some order of ``hands`` hands (each won for a score in ``points``, or dead) ends with the
    winner reaching ``target`` on the last hand and the loser below it throughout."""
    if winner_total < target or loser_total >= target or hands < 1:
        return False
    # The last hand is the winner's and takes him from below the target to it.
    last_low = max(points.lowest, winner_total - target + 1)
    last_high = min(points.highest, winner_total)
    if last_low > last_high:
        return False
    for loser_hands in range(hands):
        if not _sum_possible(loser_total, loser_hands, points):
            continue
        for winner_hands in range(hands - loser_hands):
            low = max(winner_hands * points.lowest, winner_total - last_high)
            high = min(winner_hands * points.highest, winner_total - last_low)
            if low <= high:
                return True
    return False


def _sum_possible(total: int, count: int, points: HandPointRange) -> bool:
    return count * points.lowest <= total <= count * points.highest
