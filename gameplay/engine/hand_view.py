"""What one player may see of a hand.

Hidden: the opponent's cards and the stock. Shown (docs/rules.md, Hoyle's irregularities): the top of the
discard pile (the whole pile only where the players agreed that looking is allowed), cards put
face up by the exposed-card ruling, cards the opponent took from the discard pile or showed, a
hand played exposed after an illegal knock, the discards each player made (players may remember
them), and everything once the hand is over.
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import Card
from .hand_state import HandResult, HandState, Phase, knock_limit
from .rules import Ruleset
from .types import Seat


@dataclass(frozen=True, slots=True)
class PlayerView:
    seat: Seat
    rules: Ruleset
    dealer: Seat
    phase: Phase
    to_act: Seat | None
    hand: tuple[Card, ...]
    opponent_count: int
    opponent_known: tuple[Card, ...]  # cards the opponent holds that this player has seen
    opponent_open: bool  # the opponent plays with his whole hand exposed
    upcard: Card | None
    discard_top: Card | None  # None also while the knocker's discard lies face down
    discard_pile: tuple[Card, ...] | None  # only where looking through it is allowed
    discard_count: int
    stock_count: int
    exposed: tuple[Card, ...]
    may_draw_exposed: bool
    may_take_discard: bool  # False when both refused the upcard: the first draw is from stock
    taken: Card | None  # the card this player took from the pile this turn
    knock_limit: int | None  # this turn's limit for this player (None: may not knock)
    my_discards: tuple[Card, ...]
    opponent_discards: tuple[Card, ...]
    result: HandResult | None
    opponent_hand: tuple[Card, ...] | None  # once the hand is over, or played exposed


def player_view(state: HandState, seat: Seat) -> PlayerView:
    other = seat.other
    over = state.phase is Phase.OVER
    opponent_open = other in state.marks.open_hands
    face_down = state.phase is Phase.LAYOFF and state.big_gin is False
    shown_hand = state.hands[other] if over or opponent_open else None
    pile = state.discards[:-1] if face_down else state.discards
    return PlayerView(
        seat=seat,
        rules=state.rules,
        dealer=state.dealer,
        phase=state.phase,
        to_act=state.to_act,
        hand=state.hands[seat],
        opponent_count=len(state.hands[other]),
        opponent_known=tuple(c for c in state.hands[other] if c in state.known[other]),
        opponent_open=opponent_open,
        upcard=state.upcard,
        discard_top=None if face_down or not state.discards else state.discards[-1],
        discard_pile=pile if state.rules.discard_pile_looking_allowed else None,
        discard_count=len(state.discards),
        stock_count=len(state.stock),
        exposed=state.exposed,
        may_draw_exposed=state.marks.exposed_rights is seat and bool(state.exposed),
        may_take_discard=not state.stock_only and bool(state.discards),
        taken=state.taken if state.turn is seat else None,
        knock_limit=knock_limit(state, seat),
        my_discards=state.discarded[seat],
        opponent_discards=state.discarded[other],
        result=state.result,
        opponent_hand=shown_hand,
    )
