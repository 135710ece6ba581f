"""Settling a hand from the deadwood counts the players agreed at the table, without the cards:
docs/rules.md "Knocking", "Settling a knock" and "Oklahoma".

The table counts the knocker's deadwood and the defender's after his layoffs; from those two
numbers and the ruleset the engine derives the outcome, who wins and the points (the bonuses and
Oklahoma's multiplier included). A count no hand can hold, a knock over the hand's knock limit,
or an outcome the counts contradict (gin with deadwood, a knock the defender's count undercuts)
is refused with the reason.
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import Card
from .errors import IllegalKnock, InvalidCounts, KnockOverLimit
from .rules import Ruleset
from .settlement import score_counts
from .types import Outcome, Side

# The most deadwood ten cards can hold in a least-deadwood arrangement (claims.py says why).
MOST_DEADWOOD = 98
KNOCKER, DEFENDER = "knocker", "defender"


@dataclass(frozen=True, slots=True)
class CountSettlement:
    """A hand settled from its counts: ``points`` go to ``winner``."""

    outcome: Outcome
    winner: Side
    points: int
    knocker_deadwood: int
    defender_deadwood: int
    knock_limit: int


def settle_counts(
    knocker_deadwood: int,
    defender_deadwood: int,
    rules: Ruleset,
    *,
    big_gin: bool = False,
    upcard: Card | None = None,
    over_limit_accepted: bool = False,
) -> CountSettlement:
    """Settle a knock from its counts. ``big_gin``: the knocker melded all eleven cards.
    ``over_limit_accepted``: the opponent accepted a knock over the limit (Hoyle's
    irregularities, Illegal Knock), so the limit is not checked. Raises InvalidCounts (a count
    out of range), IllegalKnock (big gin not played) and KnockOverLimit."""
    _check_count(knocker_deadwood, KNOCKER)
    _check_count(defender_deadwood, DEFENDER)
    limit = rules.knock_limit_for(upcard)
    if big_gin:
        if not rules.big_gin_allowed:
            raise IllegalKnock("big gin is not played under these rules")
        if knocker_deadwood:
            raise InvalidCounts(f"big gin has every card melded: the knocker's deadwood is 0, "
                                f"not {knocker_deadwood}", side=KNOCKER)
    if knocker_deadwood > limit and not over_limit_accepted:
        ace = " (an ace upcard: gin only)" if rules.oklahoma and upcard is not None and not limit \
            else ""
        raise KnockOverLimit(f"knocker's deadwood is {knocker_deadwood}, over the knock limit "
                             f"of {limit}{ace}", deadwood=knocker_deadwood, limit=limit)
    outcome, winner, points = score_counts(knocker_deadwood, defender_deadwood, rules,
                                           big_gin=big_gin)
    return CountSettlement(outcome, winner, points * rules.hand_multiplier(upcard),
                           knocker_deadwood, defender_deadwood, limit)


def claimed_outcome_problem(claimed: Outcome, settled: CountSettlement,
                            rules: Ruleset) -> InvalidCounts | None:
    """Why the outcome the player chose cannot be the one its counts make, as an error naming
    the count to change; None when they agree."""
    if claimed is settled.outcome:
        return None
    knocker, defender = settled.knocker_deadwood, settled.defender_deadwood
    if claimed in (Outcome.GIN, Outcome.BIG_GIN):
        name = "gin" if claimed is Outcome.GIN else "big gin"
        return InvalidCounts(f"{name} has no deadwood: the knocker's count is {knocker}",
                             side=KNOCKER)
    if settled.outcome in (Outcome.GIN, Outcome.BIG_GIN):
        return InvalidCounts("a knock with no deadwood is gin: enter the knocker's count, or "
                             "choose gin", side=KNOCKER)
    at_or_below = "at or below" if rules.undercut_on_tie else "below"
    if claimed is Outcome.KNOCK:
        return InvalidCounts(f"the defender's {defender} is {at_or_below} the knocker's "
                             f"{knocker}: that is an undercut, won by the defender",
                             side=DEFENDER)
    if claimed is Outcome.UNDERCUT:
        return InvalidCounts(f"an undercut needs the defender's count {at_or_below} the "
                             f"knocker's: {defender} against {knocker} is a knock, won by the "
                             "knocker", side=DEFENDER)
    return InvalidCounts("a dead hand has no deadwood counts: nobody knocked", side=KNOCKER)


def _check_count(value: int, side: str) -> None:
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidCounts(f"the {side}'s deadwood is a whole number, not {value!r}", side=side)
    if value < 0:
        raise InvalidCounts(f"the {side}'s deadwood cannot be negative ({value})", side=side)
    if value > MOST_DEADWOOD:
        raise InvalidCounts(f"the {side}'s deadwood is at most {MOST_DEADWOOD} (ten unmelded "
                            f"cards), not {value}", side=side)
