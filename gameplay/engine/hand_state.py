"""The state of a hand, an immutable value, and the moves between turns that every event shares.

docs/rules.md ("Deal", "First turn", "A turn", "End of stock") and Hoyle's irregularities (the marks a ruling
leaves on the hand: exposed cards and who may draw them, a lost turn, a hand being corrected, a
hand played exposed).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import TYPE_CHECKING, Any

from .errors import IllegalAction
from .rules import Ruleset
from .types import Outcome, Seat

if TYPE_CHECKING:
    from .cards import Card
    from .hand_events import Event
    from .settlement import Settlement

HAND_SIZE = 10
DEAD_STOCK = 2  # docs/rules.md: "only 2 cards remain in the stock at the start of a player's turn"


class Phase(StrEnum):
    DEALT = "dealt"  # the cards are dealt, the upcard not yet turned
    OFFER = "offer"  # first turn: the upcard offered to the non-dealer, then to the dealer
    DRAW = "draw"
    DISCARD = "discard"
    LAYOFF = "layoff"  # after a knock or gin: the defender spreads and lays off
    OVER = "over"


@dataclass(frozen=True, slots=True)
class HandResult:
    """How a hand ended. ``outcome`` None: the deal is void and ``deal_again_by`` deals anew."""

    outcome: Outcome | None
    winner: Seat | None
    points: int
    deal_again_by: Seat | None = None
    settlement: Settlement | None = None  # of a knock, gin or big gin (None: changed by a
    # ruling, see ``note``)
    note: str = ""


@dataclass(frozen=True, slots=True)
class Marks:
    """What the rulings of Hoyle's irregularities leave on the hand (see rulings.py)."""

    exposed_offender: Seat | None = None  # Exposed Card: who saw the exposed cards
    exposed_rights: Seat | None = None  # who may now draw one of the exposed cards
    gin_only: Seat | None = None  # may knock in his current (or next) turn only with gin
    correcting: frozenset[Seat] = frozenset()  # Incorrect Hand: play on while correcting
    correction_turn: bool = False  # this turn only corrects the count: draw or discard, no knock
    lost_turns: tuple[int, int] = (0, 0)  # Looking Through Discard Pile: turns still to lose
    turn_lost: Seat | None = None  # whose turn was lost at the start of the turn under way
    open_hands: frozenset[Seat] = frozenset()  # Illegal Knock: playing on with the hand exposed
    defender_miscount: bool = False  # Incorrect Hand found after a knock: charged at settlement
    over_limit_accepted: bool = False  # Illegal Knock accepted by the opponent


@dataclass(frozen=True, slots=True)
class HandState:
    rules: Ruleset
    dealer: Seat
    deal_key: str  # seeds the in-hand shuffles, so a replay shuffles the same way
    hands: tuple[tuple[Card, ...], tuple[Card, ...]]  # indexed by Seat
    stock: tuple[Card, ...]  # stock[0] is the top card
    discards: tuple[Card, ...] = ()  # discards[-1] is the top card
    exposed: tuple[Card, ...] = ()  # face up on the table by the exposed-card ruling
    upcard: Card | None = None
    phase: Phase = Phase.DEALT
    turn: Seat = Seat.A
    passes: int = 0  # upcard refusals in the first-turn offer
    stock_only: bool = False  # both refused the upcard: the non-dealer draws from the stock
    taken: Card | None = None  # the card taken from the discard pile this turn
    drawn: tuple[bool, bool] = (False, False)  # each seat has made its first draw
    begun: bool = False  # play has begun: the non-dealer has answered the upcard offer
    turn_number: int = 0
    knocker: Seat | None = None
    spread: tuple[tuple[Card, ...], ...] | None = None  # the melds the knocker declared
    big_gin: bool = False
    known: tuple[frozenset[Card], frozenset[Card]] = (frozenset(), frozenset())
    discarded: tuple[tuple[Card, ...], tuple[Card, ...]] = ((), ())  # each seat's discards
    marks: Marks = Marks()
    result: HandResult | None = None
    log: tuple[Event, ...] = ()

    @property
    def non_dealer(self) -> Seat:
        return self.dealer.other

    @property
    def defender(self) -> Seat | None:
        return None if self.knocker is None else self.knocker.other

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    @property
    def to_act(self) -> Seat | None:
        """Who must act next: the dealer before the upcard, the defender after a knock (a knock
        makes it his turn to lay off), nobody once the hand is over."""
        return None if self.phase is Phase.OVER else self.turn

    @property
    def discard_top(self) -> Card | None:
        return self.discards[-1] if self.discards else None

    def hand(self, seat: Seat) -> tuple[Card, ...]:
        return self.hands[seat]

    def all_cards(self) -> tuple[Card, ...]:
        """Every card of the hand in its place: hands, stock, discard pile, exposed."""
        return (*self.hands[0], *self.hands[1], *self.stock, *self.discards, *self.exposed)


def per_seat(pair: tuple[Any, Any], seat: Seat, value: Any) -> tuple[Any, Any]:
    return (value, pair[1]) if seat is Seat.A else (pair[0], value)


def with_hand(state: HandState, seat: Seat, cards: tuple[Card, ...]) -> HandState:
    return replace(state, hands=per_seat(state.hands, seat, cards))


def remove_card(cards: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    return tuple(c for c in cards if c != card)


def make_known(state: HandState, seat: Seat, *cards: Card) -> HandState:
    """The opponent has seen these cards of ``seat``'s hand (taken from the pile, shown)."""
    return replace(state, known=per_seat(state.known, seat, state.known[seat] | set(cards)))


def shuffler(state: HandState) -> random.Random:
    """The randomness of an in-hand shuffle, fixed by the deal and the event's place in the log."""
    return random.Random(f"{state.deal_key}/{len(state.log)}")


def expected_count(state: HandState, seat: Seat) -> int:
    """The number of cards ``seat`` should hold now: 11 between draw and discard (and for a
    big gin), 10 otherwise."""
    if state.phase is Phase.DISCARD and state.turn is seat:
        return HAND_SIZE + 1
    if state.phase in (Phase.LAYOFF, Phase.OVER) and state.knocker is seat and state.big_gin:
        return HAND_SIZE + 1
    return HAND_SIZE


def knock_limit(state: HandState, seat: Seat) -> int | None:
    """The most deadwood ``seat`` may knock with in this turn; None: no knock this turn."""
    if state.marks.correction_turn:  # Hoyle's irregularities, Incorrect Hand: no knock until the turn after
        return None
    if state.marks.gin_only is seat:  # Hoyle's irregularities, Exposed Card: "only if he has a gin hand"
        return 0
    return state.rules.knock_limit_for(state.upcard)


def finish(state: HandState, result: HandResult) -> HandState:
    return replace(state, phase=Phase.OVER, result=result)


def deal_again(state: HandState, note: str, by: Seat | None = None) -> HandState:
    """The deal is void: a new deal, by the same dealer unless ``by`` says otherwise."""
    dealer = state.dealer if by is None else by
    return finish(state, HandResult(None, None, 0, deal_again_by=dealer, note=note))


def end_turn(state: HandState) -> HandState:
    """The turn of ``state.turn`` ends; the other player's turn starts."""
    marks = state.marks
    if marks.gin_only is state.turn or marks.correction_turn:
        gin_only = None if marks.gin_only is state.turn else marks.gin_only
        marks = replace(marks, gin_only=gin_only, correction_turn=False)
    return start_turn(state, state.turn.other, taken=None, stock_only=False, marks=marks)


def start_turn(state: HandState, seat: Seat, **changes: Any) -> HandState:
    """``seat``'s turn starts (with ``changes`` to the state), unless it is lost (Hoyle's irregularities: "loses
    his next turn, opponent then having two turns in succession") or the stock is down to two
    cards (dead hand)."""
    marks = changes.pop("marks", state.marks)
    due, lost = seat, marks.lost_turns
    while lost[seat] > 0:  # each lost turn is served once: the mark is used up
        lost = per_seat(lost, seat, lost[seat] - 1)
        seat = seat.other
    turn_lost = due if seat is not due else None
    if (lost, turn_lost) != (marks.lost_turns, marks.turn_lost):
        marks = replace(marks, lost_turns=lost, turn_lost=turn_lost)
    state = replace(state, marks=marks, turn=seat, turn_number=state.turn_number + 1,
                    phase=Phase.DRAW, **changes)
    if len(state.stock) <= DEAD_STOCK:  # docs/rules.md "End of stock"; the knocking-and-scoring text likewise
        note = f"{len(state.stock)} cards left in the stock at the start of a turn"
        return finish(state, HandResult(Outcome.DEAD_HAND, None, 0, state.dealer, note=note))
    return begin_correction(state)


def begin_correction(state: HandState) -> HandState:
    """Hoyle's irregularities, Incorrect Hand: a hand being corrected discards without drawing (too many cards) or
    draws without discarding (too few), one card a turn, until it holds ten."""
    seat = state.turn
    if seat not in state.marks.correcting:
        return state
    count = len(state.hands[seat])
    if count == HAND_SIZE:
        correcting = state.marks.correcting - {seat}
        return replace(state, marks=replace(state.marks, correcting=correcting))
    phase = Phase.DISCARD if count > HAND_SIZE else Phase.DRAW
    return replace(state, phase=phase, marks=replace(state.marks, correction_turn=True))


def draw_from_stock(state: HandState, seat: Seat, count: int = 1) -> tuple[HandState, tuple]:
    """Take ``count`` cards off the stock; a stock draw also moves the exposed-card draw rights
    (Hoyle's irregularities, Exposed Card: "after the first occasion when he draws from the stock instead...")."""
    if len(state.stock) < count:
        raise IllegalAction(f"the stock has {len(state.stock)} card(s), not {count}")
    cards, stock = state.stock[:count], state.stock[count:]
    state = replace(state, stock=stock)
    return pass_exposed_rights(state, seat), cards


def pass_exposed_rights(state: HandState, seat: Seat) -> HandState:
    marks = state.marks
    if marks.exposed_rights is not seat or not state.exposed:
        return state
    if seat is not marks.exposed_offender:
        return replace(state, marks=replace(marks, exposed_rights=marks.exposed_offender))
    stock = list(state.stock)
    rng = shuffler(state)
    for card in state.exposed:  # "inserted at random in the stock"
        stock.insert(rng.randrange(len(stock) + 1), card)
    marks = replace(marks, exposed_rights=None, exposed_offender=None)
    return replace(state, stock=tuple(stock), exposed=(), marks=marks)
