"""A game scored from its hands.

docs/rules.md, "Settings" and the "The game" paragraph below its table: hand points run
per player; the first player whose running total reaches ``target_score`` wins and the game ends
on that hand. The final account is each player's hand points plus a box bonus per hand won
(boxes do not count toward the target); the winner adds the game bonus; the shutout setting
applies when the loser scored no hand points. The dealer of the next hand follows
``rules.next_dealer``; a dead hand is redealt by the same dealer (docs/rules.md, "End of stock").

Per-seat figures are ``(A, B)`` tuples indexed by ``Seat``: ``score.totals[Seat.B]``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from numbers import Real
from typing import Any

from .errors import EngineError
from .rules import STANDARD, NextDealer, Ruleset, Shutout
from .types import Outcome, Seat

PerSeat = tuple[int, int]


class InvalidHand(EngineError):
    """A hand record that cannot be: a dead hand with a winner or points, negative points..."""


class GameOver(EngineError):
    """A hand recorded after the game (or every Hollywood column) has been won."""


def outcome_name(outcome: Outcome) -> str:
    """The outcome in words: ``big gin``, ``dead hand``."""
    return outcome.value.replace("_", " ")


def whole_number(value: Any) -> int | None:
    """``value`` as an int when it is a whole number (``12``, ``12.0``), else None."""
    if isinstance(value, bool) or not isinstance(value, Real):
        return None
    return int(value) if value == int(value) else None


@dataclass(frozen=True, slots=True)
class HandRecord:
    """One hand as settled: who won it and the points it scored (bonuses, multiplier included)."""

    outcome: Outcome
    winner: Seat | None
    points: int

    def __post_init__(self) -> None:
        object.__setattr__(self, "outcome", _as_outcome(self.outcome))
        object.__setattr__(self, "winner", seat_of(self.winner))
        points = whole_number(self.points)
        if points is None or points < 0:
            raise InvalidHand(
                f"hand points must be a whole number of 0 or more, not {self.points!r}"
            )
        object.__setattr__(self, "points", points)
        if self.is_dead:
            if self.winner is not None:
                raise InvalidHand(f"a dead hand has no winner, not {self.winner.name}")
            if points:
                raise InvalidHand(f"a dead hand scores nothing, not {points}")
        elif self.winner is None:
            raise InvalidHand(f"a {outcome_name(self.outcome)} needs a winner")

    @property
    def is_dead(self) -> bool:
        return self.outcome is Outcome.DEAD_HAND

    @classmethod
    def dead(cls) -> HandRecord:
        return cls(Outcome.DEAD_HAND, None, 0)


def _as_outcome(value: Any) -> Outcome:
    try:
        return Outcome(value)
    except ValueError:
        choices = ", ".join(o.value for o in Outcome)
        raise InvalidHand(f"outcome must be one of {choices}, not {value!r}") from None


def seat_of(value: Any) -> Seat | None:
    """A seat from ``Seat.A``, ``0`` or ``"A"``; None stays None. Raises InvalidHand."""
    if value is None:
        return None
    if isinstance(value, str) and value in Seat.__members__:
        return Seat[value]
    try:
        return Seat(value)
    except ValueError:
        raise InvalidHand(f"winner must be seat A or B, not {value!r}") from None


def dealer_after(rules: Ruleset, first_dealer: Seat, lines: Sequence[Any]) -> Seat:
    """Who deals after a table of hands (lines with ``.dealer`` and ``.hand``)."""
    if not lines:
        return first_dealer
    return next_dealer(rules, lines[-1].dealer, lines[-1].hand)


def next_dealer(rules: Ruleset, dealer: Seat, hand: HandRecord) -> Seat:
    """Who deals after ``hand`` (docs/rules.md "Next dealer")."""
    if hand.winner is None:  # docs/rules.md: a dead hand is redealt by the same dealer
        return dealer
    if rules.next_dealer is NextDealer.WINNER:
        return hand.winner
    if rules.next_dealer is NextDealer.LOSER:
        return hand.winner.other
    return dealer.other


@dataclass(frozen=True, slots=True)
class HandLine:
    """A row of the running table: the hand, who dealt it, the running totals after it."""

    number: int
    hand: HandRecord
    dealer: Seat
    totals: PerSeat


@dataclass(frozen=True, slots=True)
class SeatAccount:
    """One player's final account."""

    hand_points: int
    box_bonus: int
    game_bonus: int = 0
    shutout_bonus: int = 0

    @property
    def total(self) -> int:
        return self.hand_points + self.box_bonus + self.game_bonus + self.shutout_bonus


@dataclass(frozen=True, slots=True)
class FinalAccount:
    winner: Seat
    accounts: tuple[SeatAccount, SeatAccount]
    shutout: bool

    @property
    def loser(self) -> Seat:
        return self.winner.other

    @property
    def totals(self) -> PerSeat:
        return (self.accounts[Seat.A].total, self.accounts[Seat.B].total)

    @property
    def margin(self) -> int:
        """What the winner wins by (their total less the loser's)."""
        return self.accounts[self.winner].total - self.accounts[self.loser].total


def final_account(
    rules: Ruleset, hand_points: PerSeat, boxes: PerSeat, winner: Seat
) -> FinalAccount:
    """docs/rules.md "The game": hand points plus boxes; game bonus to the winner; shutout."""
    loser = winner.other
    shutout = hand_points[loser] == 0
    base = SeatAccount(hand_points[winner], boxes[winner] * rules.box_bonus, rules.game_bonus)
    extra = _shutout_bonus(rules.shutout, base) if shutout else 0
    won = SeatAccount(base.hand_points, base.box_bonus, base.game_bonus, extra)
    lost = SeatAccount(hand_points[loser], boxes[loser] * rules.box_bonus)
    accounts = (won, lost) if winner is Seat.A else (lost, won)
    return FinalAccount(winner, accounts, shutout)


def _shutout_bonus(rule: Shutout, account: SeatAccount) -> int:
    """What a shutout adds to the winner's account (docs/rules.md: "at least four readings")."""
    if rule is Shutout.DOUBLE_TOTAL:
        return account.total
    if rule is Shutout.DOUBLE_GAME_BONUS:  # classic (Bicycle / pagat): game bonus 100 -> 200
        return account.game_bonus
    if rule is Shutout.DOUBLE_POINTS:
        return account.hand_points
    return 0


@dataclass(frozen=True, slots=True)
class GameScore:
    """A game so far. Build it with ``score_game`` or ``GameScore(rules).add(hand)``."""

    rules: Ruleset = STANDARD
    first_dealer: Seat = Seat.A
    lines: tuple[HandLine, ...] = ()

    @property
    def hands(self) -> tuple[HandRecord, ...]:
        return tuple(line.hand for line in self.lines)

    @property
    def totals(self) -> PerSeat:
        return self.lines[-1].totals if self.lines else (0, 0)

    @property
    def boxes(self) -> PerSeat:
        """Hands won per seat; a dead hand is nobody's box."""
        winners = [line.hand.winner for line in self.lines]
        return (winners.count(Seat.A), winners.count(Seat.B))

    @property
    def dealer_next(self) -> Seat:
        return dealer_after(self.rules, self.first_dealer, self.lines)

    @property
    def winner(self) -> Seat | None:
        """The player whose running total reached the target (the game ends on that hand)."""
        return next((s for s in Seat if self.totals[s] >= self.rules.target_score), None)

    @property
    def finished(self) -> bool:
        return self.winner is not None

    @property
    def final(self) -> FinalAccount | None:
        if self.winner is None:
            return None
        return final_account(self.rules, self.totals, self.boxes, self.winner)

    def add(self, hand: HandRecord, *, dealer: Seat | None = None) -> GameScore:
        """The score with one more hand. ``dealer`` defaults to ``dealer_next``."""
        if self.winner is not None:
            raise GameOver(
                f"the game is over: {self.winner.name} reached {self.totals[self.winner]} "
                f"of {self.rules.target_score}; no hand can be added"
            )
        if not isinstance(hand, HandRecord):
            raise InvalidHand(f"expected a HandRecord, not {hand!r}")
        line = HandLine(
            number=len(self.lines) + 1,
            hand=hand,
            dealer=self.dealer_next if dealer is None else Seat(dealer),
            totals=_add_points(self.totals, hand),
        )
        return GameScore(self.rules, self.first_dealer, (*self.lines, line))


def _add_points(totals: PerSeat, hand: HandRecord) -> PerSeat:
    if hand.winner is None:
        return totals
    a, b = totals
    return (a + hand.points, b) if hand.winner is Seat.A else (a, b + hand.points)


def score_game(
    hands: Iterable[HandRecord], rules: Ruleset = STANDARD, first_dealer: Seat = Seat.A
) -> GameScore:
    """The game scored from its hands in order. Raises GameOver for a hand after the game ends."""
    score = GameScore(rules, Seat(first_dealer))
    for hand in hands:
        score = score.add(hand)
    return score
