"""Checks and card moves shared by the play events (hand.py) and the rulings (rulings.py)."""

from __future__ import annotations

from dataclasses import replace

from .arrangement import least_deadwood
from .cards import Card
from .errors import IllegalAction
from .hand_state import (
    HAND_SIZE,
    HandState,
    Phase,
    knock_limit,
    per_seat,
    remove_card,
)
from .types import Seat


def check_turn(state: HandState, seat: Seat, *phases: Phase) -> None:
    """``seat`` must be the one to act, at one of ``phases``."""
    if state.phase not in phases:
        wanted = " or ".join(phase.value for phase in phases)
        raise IllegalAction(
            f"{seat.name} cannot do that now: the hand is at the {state.phase.value} step, "
            f"not {wanted}"
        )
    if state.to_act is not seat:
        lost = ""
        if state.marks.turn_lost is seat and state.phase in (Phase.DRAW, Phase.DISCARD):
            # Hoyle's irregularities, Looking Through Discard Pile: "loses his next turn"
            lost = f": {seat.name} lost this turn for looking through the discard pile"
        raise IllegalAction(f"it is {state.to_act.name}'s turn, not {seat.name}'s{lost}")


def check_draw(state: HandState, seat: Seat, *phases: Phase) -> None:
    """``seat`` may draw now, at one of ``phases``. A hand being corrected with too many cards
    draws nothing in its correction turn (Hoyle's irregularities, Incorrect Hand: "the offender
    must correct his hand by discarding without drawing")."""
    marks = state.marks
    if (state.phase is Phase.DISCARD and state.turn is seat and marks.correction_turn
            and seat in marks.correcting):
        raise IllegalAction(
            f"{seat.name} holds {len(state.hands[seat])} cards and is correcting his hand: "
            "he discards without drawing this turn"
        )
    check_turn(state, seat, *phases)


def check_discard(state: HandState, seat: Seat, card: Card) -> None:
    check_turn(state, seat, Phase.DISCARD)
    if card not in state.hands[seat]:
        raise IllegalAction(f"{seat.name} does not hold {card}")
    # docs/rules.md "A turn": a card just taken from the pile may not be discarded (setting).
    if card == state.taken and not state.rules.may_discard_card_taken_from_pile:
        raise IllegalAction(f"{card} was taken from the discard pile this turn: discard another")


def put_on_pile(state: HandState, seat: Seat, card: Card) -> HandState:
    return replace(
        state,
        hands=per_seat(state.hands, seat, remove_card(state.hands[seat], card)),
        discards=(*state.discards, card),
        discarded=per_seat(state.discarded, seat, (*state.discarded[seat], card)),
    )


def knock_count_problem(state: HandState, seat: Seat) -> str | None:
    """Why ``seat`` may not knock for the count of his cards (ten left after the discard), or
    None."""
    left = len(state.hands[seat]) - 1
    if left != HAND_SIZE:
        return f"{seat.name} would hold {left} cards after the discard, not {HAND_SIZE}"
    return None


def knock_problem(state: HandState, seat: Seat, discard: Card) -> str | None:
    """Why ``seat`` may not knock discarding ``discard`` (docs/rules.md "Knock", Hoyle's irregularities), or None."""
    problem = knock_count_problem(state, seat)
    if problem is not None:
        return problem
    limit = knock_limit(state, seat)
    if limit is None:
        return f"{seat.name} may not knock until the turn after the hand is corrected"
    deadwood = least_deadwood(remove_card(state.hands[seat], discard), state.rules)
    if deadwood > limit:
        return f"{seat.name}'s deadwood would be {deadwood}, over the knock limit of {limit}"
    return None


def start_layoff(
    state: HandState, seat: Seat, discard: Card | None, spread: tuple | None = None
) -> HandState:
    """The knock stands: the discard goes face down on the pile, the knocker spreads, and it is
    the defender's turn to lay off."""
    if discard is not None:
        state = put_on_pile(state, seat, discard)
    return replace(state, phase=Phase.LAYOFF, knocker=seat, spread=spread, turn=seat.other)
