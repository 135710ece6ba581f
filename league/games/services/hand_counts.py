"""A hand entered as the table counts it: the knocker's deadwood and the defender's after his
layoffs. The engine (gameplay/engine/counts.py) derives the outcome and the points under the
game's ruleset; a count the rules forbid is refused next to its field, and a knock over the
knock limit is refused with the Illegal Knock ruling to offer."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _

from gameplay import engine
from gameplay.engine.counts import DEFENDER, KNOCKER
from league.core.errors import ServiceError
from league.games.engine_words import engine_sentence

KNOCKER_FIELD, DEFENDER_FIELD = "knocker_deadwood", "defender_deadwood"
FIELDS = {KNOCKER: KNOCKER_FIELD, DEFENDER: DEFENDER_FIELD}
GINS = (engine.Outcome.GIN, engine.Outcome.BIG_GIN)


class OverTheKnockLimit(ServiceError):
    """The knocker's count is over the hand's knock limit: the hand is not entered, and the
    players may rule it as an illegal knock (accept it, or play on with it exposed)."""

    def __init__(self, message: str, *, deadwood: int, limit: int) -> None:
        super().__init__(message, field=KNOCKER_FIELD)
        self.deadwood = deadwood
        self.limit = limit


@dataclass(frozen=True, slots=True)
class Counted:
    """The hand as its counts settle it."""

    settlement: engine.CountSettlement

    @property
    def points(self) -> int:
        return self.settlement.points


def counted(outcome: engine.Outcome, knocker: int | None, defender: int | None,
            rules: engine.Ruleset, *, upcard: engine.Card | None,
            oklahoma_upcard_given: bool) -> Counted | None:
    """The hand settled from the counts typed, or None when none was typed. A gin's knocker
    count may be left empty (it is 0)."""
    if knocker is None and defender is None:
        return None
    if outcome is engine.Outcome.DEAD_HAND:
        raise ServiceError(_("A dead hand has no deadwood counts: nobody knocked."),
                           field=KNOCKER_FIELD)
    if knocker is None and outcome in GINS:
        knocker = 0
    if knocker is None or defender is None:
        missing = KNOCKER_FIELD if knocker is None else DEFENDER_FIELD
        raise ServiceError(_("Enter both counts: the knocker's deadwood, and the defender's after "
                             "his layoffs."), field=missing)
    if rules.oklahoma and not oklahoma_upcard_given:
        raise ServiceError(_("Oklahoma: give the upcard with the counts. It sets the knock "
                             "limit, and a spade doubles the hand."), field="upcard")
    try:
        settlement = engine.settle_counts(knocker, defender, rules, upcard=upcard,
                                          big_gin=outcome is engine.Outcome.BIG_GIN)
    except engine.KnockOverLimit as error:
        raise OverTheKnockLimit(sentence(str(error)), deadwood=error.deadwood,
                                limit=error.limit) from None
    except engine.InvalidCounts as error:
        raise ServiceError(sentence(str(error)), field=FIELDS[error.side]) from None
    except engine.EngineError as error:
        raise ServiceError(sentence(str(error)), field="outcome") from None
    problem = engine.claimed_outcome_problem(outcome, settlement, rules)
    if problem is not None:
        raise ServiceError(sentence(str(problem)), field=FIELDS[problem.side])
    return Counted(settlement)


def check_typed_points(points: int | None, counts: Counted) -> None:
    """Points typed with the counts must be the counts' points."""
    if points is not None and points != counts.points:
        raise ServiceError(_("The counts make %(counted)s points, not %(typed)s: leave the "
                             "points empty to have them counted.")
                           % {"counted": counts.points, "typed": points}, field="points")


def sentence(text: str) -> str:
    """An engine's problem as a sentence in the reader's language."""
    return engine_sentence(text)
