"""A hand of Gin Rummy from the deal to the settlement, as a state machine over events.

``deal`` starts a hand (the ``Deal`` event); ``apply(state, event)`` returns the next state or
raises ``IllegalAction`` / ``IllegalKnock`` saying why (the old state is a value: unchanged);
``replay(rules, events)`` rebuilds a hand from its log, which ``log_to_json`` stores.

Rules: docs/rules.md ("Deal", "First turn", "A turn", "Knock", "End of stock") and the knocking-and-scoring text;
irregularities go to rulings.py (Hoyle's irregularities).
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import replace

from .arrangement import least_deadwood
from .cards import DECK, Card, format_cards
from .errors import IllegalAction, IllegalKnock
from .hand_events import (
    BigGin,
    Deal,
    Discard,
    Draw,
    Event,
    Knock,
    LayOff,
    Pass,
    Source,
    TurnUpcard,
)
from .hand_moves import (
    check_discard,
    check_draw,
    check_turn,
    knock_problem,
    put_on_pile,
    start_layoff,
)
from .hand_settle import settle
from .hand_state import (
    HAND_SIZE,
    HandState,
    Phase,
    draw_from_stock,
    end_turn,
    expected_count,
    knock_limit,
    make_known,
    per_seat,
    remove_card,
    start_turn,
)
from .melds import meld_problem
from .rules import Ruleset
from .rulings import RULINGS
from .types import Seat

_DEFAULT = Ruleset()


def shuffled_deck(seed: int) -> tuple[Card, ...]:
    """The deck shuffled by ``random.Random(seed)``: the same seed, the same deal."""
    cards = list(DECK)
    random.Random(seed).shuffle(cards)
    return tuple(cards)


def deal(
    rules: Ruleset = _DEFAULT,
    dealer: Seat = Seat.A,
    *,
    seed: int | None = None,
    deck: Iterable[Card] | None = None,
    counts: tuple[int, int] = (HAND_SIZE, HAND_SIZE),
) -> HandState:
    """A new hand dealt from a seeded shuffle or from an explicit deck order (top card first)."""
    if deck is None:
        if seed is None:
            raise IllegalAction("a deal needs a seed or a deck order")
        deck = shuffled_deck(seed)
    return apply_deal(rules, Deal(Seat(dealer), tuple(deck), seed, counts))


def apply_deal(rules: Ruleset, event: Deal) -> HandState:
    """docs/rules.md "Deal": 10 cards each, one at a time, non-dealer first."""
    if len(event.deck) != len(DECK) or set(event.deck) != set(DECK):
        raise IllegalAction("a deal needs the 52 cards of the deck, each once")
    counts = event.counts
    # A misdeal gives a hand from one card to twenty: two such hands leave the upcard and a stock.
    if not all(1 <= n <= 2 * HAND_SIZE for n in counts):
        raise IllegalAction(f"cannot deal {counts[0]} and {counts[1]} cards from one deck")
    order = (event.dealer.other, event.dealer)
    hands: list[list[Card]] = [[], []]
    deck = iter(event.deck)
    for _ in range(max(counts)):  # a round gives each hand still short one card
        for i in (0, 1):
            if len(hands[i]) < counts[i]:
                hands[i].append(next(deck))
    by_seat = {order[0]: tuple(hands[0]), order[1]: tuple(hands[1])}
    return HandState(
        rules=rules,
        dealer=event.dealer,
        deal_key=format_cards(event.deck),
        hands=(by_seat[Seat.A], by_seat[Seat.B]),
        stock=tuple(deck),
        turn=event.dealer,
        log=(event,),
    )


def replay(rules: Ruleset, events: Iterable[Event]) -> HandState:
    """The hand rebuilt from its log (the first event is the ``Deal``)."""
    events = iter(events)
    first = next(events, None)
    if not isinstance(first, Deal):
        raise IllegalAction("a hand's log starts with its deal")
    state = apply_deal(rules, first)
    for event in events:
        state = apply(state, event)
    return state


def apply(state: HandState, event: Event) -> HandState:
    """The hand after ``event``. Raises IllegalAction (or IllegalKnock) saying why not."""
    if state.phase is Phase.OVER:
        raise IllegalAction("the hand is over")
    if isinstance(event, Deal):
        raise IllegalAction("a hand is dealt once: a new deal starts a new hand (deal)")
    handler = _HANDLERS.get(type(event)) or RULINGS.get(type(event))
    if handler is None:
        raise IllegalAction(f"{event!r} is not an event of a hand")
    return replace(handler(state, event), log=(*state.log, event))


def _turn_upcard(state: HandState, event: TurnUpcard) -> HandState:
    check_turn(state, event.seat, Phase.DEALT)
    upcard, stock = state.stock[0], state.stock[1:]
    # docs/rules.md: the upcard starts the discard pile; the non-dealer is offered it first.
    return replace(state, stock=stock, discards=(upcard,), upcard=upcard, phase=Phase.OFFER,
                   turn=state.non_dealer, turn_number=1)


def _pass(state: HandState, event: Pass) -> HandState:
    check_turn(state, event.seat, Phase.OFFER)
    state = replace(state, begun=True, passes=state.passes + 1)
    if state.passes == 1:  # docs/rules.md "First turn": then the dealer may take it
        return replace(state, turn=state.dealer)
    # "if both pass, the non-dealer draws from the stock and play goes on normally"
    started = start_turn(state, state.non_dealer)
    # (a non-dealer correcting a hand of too many cards discards first: no draw to restrict)
    return replace(started, stock_only=started.phase is Phase.DRAW)


def _draw(state: HandState, event: Draw) -> HandState:
    seat = event.seat
    check_draw(state, seat, Phase.OFFER, Phase.DRAW)
    if state.phase is Phase.OFFER and event.source is not Source.DISCARD:
        raise IllegalAction("on the first turn the upcard is offered: take it or pass")
    card, state = _DRAWS[event.source](state, seat, event.card)
    state = replace(state, begun=True, drawn=per_seat(state.drawn, seat, True),
                    hands=per_seat(state.hands, seat, (*state.hands[seat], card)),
                    phase=Phase.DISCARD)  # the turn stays the drawer's (check_draw)
    if state.marks.correction_turn:  # drawing without discarding (Hoyle's irregularities, Incorrect Hand)
        return end_turn(state)
    return state


def _take_from_stock(state: HandState, seat: Seat, named: Card | None) -> tuple[Card, HandState]:
    state, cards = draw_from_stock(state, seat)
    _check_named(named, cards[0], "the top of the stock")
    return cards[0], state


def _take_from_pile(state: HandState, seat: Seat, named: Card | None) -> tuple[Card, HandState]:
    if state.stock_only:
        raise IllegalAction("both players refused the upcard: the non-dealer draws from the stock")
    if not state.discards:
        raise IllegalAction("the discard pile is empty")
    card = state.discards[-1]
    _check_named(named, card, "the top of the discard pile")
    known = per_seat(state.known, seat, state.known[seat] | {card})
    return card, replace(state, discards=state.discards[:-1], taken=card, known=known)


def _take_exposed(state: HandState, seat: Seat, named: Card | None) -> tuple[Card, HandState]:
    # Hoyle's irregularities, Exposed Card: "may in each succeeding turn take one of the exposed cards"
    if state.marks.exposed_rights is not seat or not state.exposed:
        raise IllegalAction(f"{seat.name} has no right to draw an exposed card now")
    if named is None or named not in state.exposed:
        raise IllegalAction(f"name one of the exposed cards: {format_cards(state.exposed)}")
    state = replace(state, exposed=remove_card(state.exposed, named))
    return named, make_known(state, seat, named)


_DRAWS = {Source.STOCK: _take_from_stock, Source.DISCARD: _take_from_pile,
          Source.EXPOSED: _take_exposed}


def _check_named(named: Card | None, actual: Card, where: str) -> None:
    if named is not None and named != actual:
        raise IllegalAction(f"{named} is not {where}")


def _discard(state: HandState, event: Discard) -> HandState:
    check_discard(state, event.seat, event.card)
    return end_turn(put_on_pile(state, event.seat, event.card))


def _knock(state: HandState, event: Knock) -> HandState:
    seat = event.seat
    check_discard(state, seat, event.discard)
    problem = knock_problem(state, seat, event.discard)
    if problem is not None:
        raise IllegalKnock(problem)
    spread = _declared_spread(state, seat, event)
    return start_layoff(state, seat, event.discard, spread)


def _declared_spread(state: HandState, seat: Seat, event: Knock) -> tuple | None:
    """The knocker's melds, checked. Hoyle's irregularities, Illegal Knock: "If the knocker can make his claim good
    by rearranging his cards into different sets, he may do so": a declared spread leaving too
    much deadwood is replaced by the engine's (None)."""
    if event.spread is None:
        return None
    left = set(remove_card(state.hands[seat], event.discard))
    melded: list[Card] = []
    for meld in event.spread:
        problem = meld_problem(meld, state.rules)
        if problem is not None:
            raise IllegalAction(f"{format_cards(meld)} is not a meld: {problem}")
        melded.extend(meld)
    if len(set(melded)) != len(melded) or not set(melded) <= left:
        raise IllegalAction("the spread must use cards of the knocker's hand, each once")
    deadwood = sum(card.value for card in left - set(melded))
    return event.spread if deadwood <= knock_limit(state, seat) else None


def _big_gin(state: HandState, event: BigGin) -> HandState:
    seat = event.seat
    check_turn(state, seat, Phase.DISCARD)
    if not state.rules.big_gin_allowed:
        raise IllegalKnock("big gin is not played under this ruleset")
    if state.marks.correction_turn:
        raise IllegalKnock(f"{seat.name} may not knock until the turn after the hand is corrected")
    held = state.hands[seat]
    if len(held) != HAND_SIZE + 1:
        raise IllegalKnock(f"big gin needs {HAND_SIZE + 1} cards, {seat.name} holds {len(held)}")
    if least_deadwood(held, state.rules):
        raise IllegalKnock("big gin needs all 11 cards melded")
    return replace(start_layoff(state, seat, None), big_gin=True)


def _lay_off(state: HandState, event: LayOff) -> HandState:
    check_turn(state, event.seat, Phase.LAYOFF)
    return settle(state)


def legal_events(state: HandState) -> tuple[Event, ...]:
    """The play events ``apply`` accepts now (irregularities aside): for a UI or a fuzz test."""
    seat = state.to_act
    if seat is None:
        return ()
    if state.phase is Phase.DEALT:
        return (TurnUpcard(seat),)
    if state.phase is Phase.LAYOFF:
        return (LayOff(seat),)
    if state.phase is Phase.OFFER:
        return (Draw(seat, Source.DISCARD), Pass(seat))
    if state.phase is Phase.DRAW:
        return _legal_draws(state, seat)
    return _legal_discards(state, seat)


def _legal_draws(state: HandState, seat: Seat) -> tuple[Event, ...]:
    # A turn begins with three cards or more in the stock (hand_state.start_turn ends the hand
    # at two), so the stock is never empty at a draw.
    draws: list[Event] = [Draw(seat, Source.STOCK)]
    if state.discards and not state.stock_only:
        draws.append(Draw(seat, Source.DISCARD))
    if state.marks.exposed_rights is seat:
        draws.extend(Draw(seat, Source.EXPOSED, card) for card in state.exposed)
    return tuple(draws)


def _legal_discards(state: HandState, seat: Seat) -> tuple[Event, ...]:
    events: list[Event] = []
    for card in state.hands[seat]:
        if card == state.taken and not state.rules.may_discard_card_taken_from_pile:
            continue
        events.append(Discard(seat, card))
        if knock_problem(state, seat, card) is None:
            events.append(Knock(seat, card))
    if (state.rules.big_gin_allowed and not state.marks.correction_turn
            and len(state.hands[seat]) == HAND_SIZE + 1
            and least_deadwood(state.hands[seat], state.rules) == 0):
        events.append(BigGin(seat))
    return tuple(events)


_HANDLERS = {
    TurnUpcard: _turn_upcard,
    Pass: _pass,
    Draw: _draw,
    Discard: _discard,
    Knock: _knock,
    BigGin: _big_gin,
    LayOff: _lay_off,
}

__all__ = [
    "HandState", "IllegalAction", "Phase", "apply", "deal", "expected_count", "legal_events",
    "replay", "shuffled_deck",
]
