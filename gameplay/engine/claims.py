"""Checking what a player claims for a hand: outcome, winner and points.

Without cards only the impossible is refused (docs/rules.md "Settling a knock" and the settings
table give each outcome's possible points). With both hands the engine's settlement
(``settle_hand``) is the truth and every mismatch is said. Errors of ``settle_hand``
(IllegalKnock, InvalidCards) are not raised: they become problems with their own message,
because the scoresheet shows each problem next to the field; the claim is then also checked as
if no cards were given.

The most deadwood a hand can hold is 98. Bound: in a least-deadwood arrangement the deadwood
cards hold no meld (else melding it would lower the deadwood), so no three of a rank; ten cards
with at most two of each rank count at most 2 x (10 + 10 + 10 + 10 + 9) = 98 (two each of K Q J
10 and 9). Reached: 9C 9D 10S 10H JS JH QC QD KC KD holds no set and no run. Against that hand a
knocker holding 2S 3S 4S 2H 3H 4H 2C 3C 4C AD (deadwood 1; nothing can be laid off) knocks for
97, the most a knock can score: a knock needs deadwood of at least 1 (none is gin).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from .cards import Card
from .errors import EngineError
from .hollywood import HollywoodScore
from .rules import STANDARD, Ruleset
from .scoring import GameScore, HandRecord, InvalidHand, outcome_name, seat_of, whole_number
from .settlement import Settlement, settle_hand
from .types import Meld, Outcome, Seat, Side

MAX_DEADWOOD = 98
MIN_KNOCKER_DEADWOOD = 1  # a knock with no deadwood is gin (docs/rules.md)


@dataclass(frozen=True, slots=True)
class HandClaim:
    """What a player enters for a hand. ``knocker`` is the seat that knocked, when known."""

    outcome: Outcome
    winner: Seat | None
    points: int
    knocker: Seat | None = None

    def record(self) -> HandRecord:
        """The claim as a hand record (raises InvalidHand when it cannot be one)."""
        return HandRecord(self.outcome, self.winner, self.points)


@dataclass(frozen=True, slots=True)
class ClaimCheck:
    problems: tuple[str, ...]
    expected_points: int | None = None
    settlement: Settlement | None = None  # when the cards were given and settled

    @property
    def ok(self) -> bool:
        return not self.problems


@dataclass(frozen=True, slots=True)
class _Bounds:
    """The points an outcome can score before any multiplier, and why."""

    low: int
    high: int
    low_reason: str
    high_reason: str


def check_claim(
    claim: HandClaim,
    rules: Ruleset = STANDARD,
    *,
    game: GameScore | HollywoodScore | None = None,
    knocker_cards: Iterable[Card | str] | str | None = None,
    defender_cards: Iterable[Card | str] | str | None = None,
    spread: Sequence[Meld | Iterable[Card | str] | str] | None = None,
    upcard: Card | None = None,
) -> ClaimCheck:
    """Every reason ``claim`` cannot be right, and the true points when the cards are given."""
    problems = _game_problems(game)
    read = _read(claim)
    if isinstance(read, str):
        return ClaimCheck((*problems, read))
    points = whole_number(read.points)
    problems += _claim_problems(read, points)
    if knocker_cards is not None and defender_cards is not None:
        hands = (knocker_cards, defender_cards, spread, upcard)
        return _check_against_cards(read, points, problems, rules, hands)
    if knocker_cards is not None or defender_cards is not None:
        problems += ("both hands are needed to check the claim against the cards",)
    problems += _range_problems(read.outcome, points, rules, upcard)
    return ClaimCheck(problems, 0 if read.outcome is Outcome.DEAD_HAND else None)


def _read(claim: HandClaim) -> HandClaim | str:
    """The claim with its outcome and seats as enums, or what cannot be read."""
    try:
        outcome = Outcome(claim.outcome)
    except ValueError:
        choices = ", ".join(o.value for o in Outcome)
        return f"unknown outcome {claim.outcome!r} (one of {choices})"
    try:
        return replace(claim, outcome=outcome, winner=seat_of(claim.winner),
                       knocker=seat_of(claim.knocker))
    except InvalidHand:
        return f"seats are A or B: not winner {claim.winner!r}, knocker {claim.knocker!r}"


def _game_problems(game: GameScore | HollywoodScore | None) -> tuple[str, ...]:
    if game is None or not game.finished:
        return ()
    if isinstance(game, HollywoodScore):
        return ("the Hollywood match is over (all three columns closed): no hand can be added",)
    reached = f"{game.winner.name} reached {game.totals[game.winner]}"
    return (f"the game is over ({reached}): no hand can be added",)


def _claim_problems(claim: HandClaim, points: int | None) -> tuple[str, ...]:
    problems = _points_problems(claim.points, points) + _seat_problems(claim)
    if claim.outcome is Outcome.DEAD_HAND:
        problems += _dead_hand_problems(claim, points)
    return problems


def _points_problems(raw: Any, points: int | None) -> tuple[str, ...]:
    if points is None:
        return (f"points must be a whole number, not {raw!r}",)
    if points < 0:
        return (f"points cannot be negative ({points})",)
    return ()


def _seat_problems(claim: HandClaim) -> tuple[str, ...]:
    outcome, winner, knocker = claim.outcome, claim.winner, claim.knocker
    if outcome is Outcome.DEAD_HAND:
        return ()
    if winner is None:
        return (f"{_a(outcome_name(outcome))} needs a winner",)
    if knocker is None:
        return ()
    # docs/rules.md "Settling a knock": an undercut goes to the defender, everything else to the knocker
    expected = knocker.other if outcome is Outcome.UNDERCUT else knocker
    if winner is expected:
        return ()
    side = "defender" if outcome is Outcome.UNDERCUT else "knocker"
    name = _a(outcome_name(outcome))
    return (f"{name} is won by the {side} ({expected.name}), not {winner.name}",)


def _dead_hand_problems(claim: HandClaim, points: int | None) -> tuple[str, ...]:
    problems = []
    if claim.winner is not None:
        problems.append("a dead hand has no winner")
    if claim.knocker is not None:
        problems.append("a dead hand has no knocker")
    if points:
        problems.append(f"a dead hand scores nothing, not {points}")
    return tuple(problems)


def _a(name: str) -> str:
    return f"an {name}" if name[0] in "aeiou" else f"a {name}"


def multipliers(rules: Ruleset, upcard: Card | None) -> tuple[int, ...]:
    """The hand multipliers a claim may carry: the upcard's when given, else every possible one
    (Oklahoma: a spade upcard doubles the hand)."""
    if upcard is not None:
        return (rules.hand_multiplier(upcard),)
    return (1, 2) if rules.oklahoma else (1,)


def bounds(outcome: Outcome, rules: Ruleset, upcard: Card | None) -> _Bounds | str:
    """The points ``outcome`` can score (before a multiplier), or why it cannot happen at all."""
    if outcome is Outcome.DEAD_HAND:
        return _Bounds(0, 0, "a dead hand scores nothing", "a dead hand scores nothing")
    if outcome is Outcome.GIN:
        return _bonus_bounds("gin bonus", rules.gin_bonus)
    if outcome is Outcome.BIG_GIN:
        if rules.big_gin_bonus is None:
            return "big gin is not played under this ruleset"
        return _bonus_bounds("big gin bonus", rules.big_gin_bonus)
    limit = rules.knock_limit_for(upcard)
    if limit < MIN_KNOCKER_DEADWOOD:
        ace = " (an ace upcard: gin only)" if rules.oklahoma and upcard is not None else ""
        return f"no {outcome_name(outcome)} is possible: the knock limit is {limit}{ace}"
    if outcome is Outcome.UNDERCUT:
        return _undercut_bounds(rules, limit)
    # docs/rules.md: knocker scores defender deadwood minus knocker deadwood; a tie is an undercut
    # unless undercut_on_tie is off, when it is a knock worth 0.
    low = 1 if rules.undercut_on_tie else 0
    low_reason = "equal deadwood is an undercut" if rules.undercut_on_tie else "a tie"
    high = MAX_DEADWOOD - MIN_KNOCKER_DEADWOOD
    return _Bounds(low, high, low_reason, f"{MAX_DEADWOOD} deadwood, the most a hand can hold, "
                   f"less the knocker's at least {MIN_KNOCKER_DEADWOOD}")


def _bonus_bounds(name: str, bonus: int) -> _Bounds:
    # docs/rules.md: gin scores the defender's deadwood (no layoffs) plus the bonus.
    return _Bounds(bonus, MAX_DEADWOOD + bonus, f"the {name}",
                   f"{MAX_DEADWOOD} deadwood, the most a hand can hold, plus the {name} {bonus}")


def _undercut_bounds(rules: Ruleset, limit: int) -> _Bounds:
    # docs/rules.md: the defender scores the difference plus the bonus; the difference is at most the
    # knocker's deadwood (<= the knock limit) and at least 0 (a tie) or 1 when a tie is a knock.
    bonus = rules.undercut_bonus
    if rules.undercut_on_tie:
        low, low_reason = bonus, "the undercut bonus; a tie scores 0 plus the bonus"
    else:
        low, low_reason = bonus + 1, "the undercut bonus plus at least 1: a tie is a knock here"
    high_reason = f"the knock limit {limit} plus the bonus {bonus}"
    return _Bounds(low, limit + bonus, low_reason, high_reason)


def _range_problems(
    outcome: Outcome, points: int | None, rules: Ruleset, upcard: Card | None
) -> tuple[str, ...]:
    found = bounds(outcome, rules, upcard)
    if isinstance(found, str):
        return (found,)
    if points is None or points < 0 or outcome is Outcome.DEAD_HAND:
        return ()  # already said by the points and dead-hand checks
    options = multipliers(rules, upcard)
    if any(_fits(points, found, m) for m in options):
        return ()
    return (_range_sentence(outcome, points, found, options),)


def _fits(points: int, found: _Bounds, multiplier: int) -> bool:
    return points % multiplier == 0 and found.low <= points // multiplier <= found.high


def _range_sentence(outcome: Outcome, points: int, found: _Bounds, options: tuple[int, ...]) -> str:
    m = options[0]
    name = _a(outcome_name(outcome))
    doubled = " doubled for the spade upcard" if m == 2 else ""
    if m > 1 and points % m:
        sentence = f"{name} with a spade upcard scores double: {points} is not even"
    elif points < found.low * m:
        why = f"{found.low_reason}{doubled}"
        sentence = f"{name} is worth at least {found.low * m} ({why}), not {points}"
    else:
        why = f"{found.high_reason}{doubled}"
        sentence = f"{name} is worth at most {found.high * m} ({why}), not {points}"
    if len(options) > 1:
        sentence += (f" (nor, doubled by a spade upcard, an even number from {2 * found.low} "
                     f"to {2 * found.high})")
    return sentence


def _check_against_cards(
    claim: HandClaim,
    points: int | None,
    problems: tuple[str, ...],
    rules: Ruleset,
    cards: tuple[Any, Any, Any, Card | None],
) -> ClaimCheck:
    """The settlement is the truth; a hand it refuses is a problem, and the claim is then also
    checked as if no cards were given."""
    knocker_cards, defender_cards, spread, upcard = cards
    try:
        settlement = settle_hand(knocker_cards, defender_cards, rules, spread=spread, upcard=upcard)
    except EngineError as error:
        ranges = _range_problems(claim.outcome, points, rules, upcard)
        return ClaimCheck((*problems, str(error), *ranges))
    found = _settlement_problems(claim, points, settlement)
    return ClaimCheck(problems + found, settlement.points, settlement)


def _settlement_problems(claim: HandClaim, points: int | None, settlement: Settlement
                         ) -> tuple[str, ...]:
    problems = []
    if claim.outcome is not settlement.outcome:
        problems.append(f"the cards make {_a(outcome_name(settlement.outcome))}, "
                        f"not {_a(outcome_name(claim.outcome))}")
    knocker = _knocker_seat(claim)
    if knocker is not None and claim.winner is not None:
        expected = knocker if settlement.winner is Side.KNOCKER else knocker.other
        if claim.winner is not expected:
            problems.append(f"the {settlement.winner.value} ({expected.name}) wins, "
                            f"not {claim.winner.name}")
    if points is not None and points != settlement.points:
        problems.append(f"{outcome_name(settlement.outcome)}: {settlement.winner.value} scores "
                        f"{settlement.points}, not {points}")
    return tuple(problems)


def _knocker_seat(claim: HandClaim) -> Seat | None:
    """The seat that knocked: as claimed, else read from the claimed outcome and winner."""
    if claim.knocker is not None or claim.winner is None or claim.outcome is Outcome.DEAD_HAND:
        return claim.knocker
    return claim.winner.other if claim.outcome is Outcome.UNDERCUT else claim.winner
