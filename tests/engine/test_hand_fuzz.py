"""Fuzz: random legal and illegal actions against the hand state machine, thousands of steps.
Nothing may escape but the documented errors (EngineError and its subclasses: IllegalAction,
IllegalKnock, InvalidCards); every state keeps the 52 cards in exactly one place each; every
finished hand replays from its log."""

import random
from collections import Counter

from gameplay.engine.cards import DECK
from gameplay.engine.errors import EngineError
from gameplay.engine.hand import apply, deal, legal_events, replay
from gameplay.engine.hand_events import (
    EVENT_TYPES,
    BigGin,
    Choice,
    Discard,
    Draw,
    DrawOutOfTurn,
    DrawTwo,
    ExposedCards,
    ExposedInDealing,
    FacedCard,
    Found,
    IncorrectHand,
    IrregularKnock,
    Knock,
    LayOff,
    LookThroughDiscards,
    Pass,
    ShowCard,
    Source,
    TurnUpcard,
    WrongDealer,
)
from gameplay.engine.hand_state import HandState
from gameplay.engine.hand_view import player_view
from gameplay.engine.players import SimplePlayer
from gameplay.engine.rules import PRESETS, Ruleset
from gameplay.engine.types import Seat

STEPS = 10_000
SIMPLE = SimplePlayer()
MISDEALS = ((10, 10), (10, 10), (10, 10), (11, 10), (10, 9), (9, 11), (11, 11))


def _card(rng: random.Random, state: HandState, seat: Seat):
    """A card of ``seat``'s hand most of the time, any card otherwise."""
    hand = state.hands[seat]
    return rng.choice(hand) if hand and rng.random() < 0.8 else rng.choice(DECK)


def _stock_cards(rng: random.Random, state: HandState):
    pool = state.stock or DECK
    return tuple(rng.sample(pool, min(len(pool), rng.choice((1, 1, 2, 40)))))


def random_event(rng: random.Random, state: HandState):
    """Any event with random fields: often illegal, sometimes an irregularity that applies."""
    seat = rng.choice(tuple(Seat))
    makers = (
        lambda: TurnUpcard(seat),
        lambda: Pass(seat),
        lambda: Draw(seat, rng.choice(tuple(Source)), rng.choice((None, rng.choice(DECK)))),
        lambda: Discard(seat, _card(rng, state, seat)),
        lambda: Knock(seat, _card(rng, state, seat)),
        lambda: BigGin(seat),
        lambda: LayOff(seat),
        lambda: WrongDealer(),
        lambda: FacedCard(rng.choice(DECK)),
        lambda: ExposedInDealing(rng.choice(DECK)),
        lambda: IncorrectHand(rng.choice((None, *Choice)), rng.choice((None, seat))),
        lambda: ExposedCards(seat, _stock_cards(rng, state)),
        lambda: DrawOutOfTurn(seat, rng.choice(tuple(Source)), rng.choice(tuple(Found))),
        lambda: DrawTwo(seat, rng.choice(tuple(Found))),
        lambda: IrregularKnock(seat, _card(rng, state, seat), rng.choice(tuple(Choice))),
        lambda: LookThroughDiscards(seat),
        lambda: ShowCard(seat, _card(rng, state, seat)),
    )
    return rng.choice(makers)()


def _new_hand(rng: random.Random) -> HandState:
    rules = rng.choice((*PRESETS.values(), Ruleset(may_discard_card_taken_from_pile=True),
                        Ruleset(discard_pile_looking_allowed=True)))
    seed = rng.getrandbits(32)
    return deal(rules, rng.choice(tuple(Seat)), seed=seed, counts=rng.choice(MISDEALS))


def _check(state: HandState) -> None:
    assert Counter(state.all_cards()) == Counter(DECK), "the 52 cards are not all accounted for"


def _pick(rng: random.Random, state: HandState):
    """The simple player's move (so hands reach knocks and gins), a random legal event, or a
    random event that is most often illegal."""
    roll = rng.random()
    if roll < 0.4 and state.to_act is not None:
        return SIMPLE.act(player_view(state, state.to_act))
    legal = legal_events(state)
    return rng.choice(legal) if legal and roll < 0.7 else random_event(rng, state)


def test_random_legal_and_illegal_actions_never_break_the_hand():
    rng = random.Random(20261130)
    state = _new_hand(rng)
    outcomes: Counter = Counter()
    refused: Counter = Counter()
    applied: Counter = Counter()
    for _ in range(STEPS):
        event = _pick(rng, state)
        try:
            after = apply(state, event)
        except EngineError as error:
            refused[type(error).__name__] += 1
            continue
        _check(after)
        assert after.log == (*state.log, event)
        applied[event.kind] += 1
        state = after
        if state.is_over:
            outcomes[state.result.outcome] += 1
            assert replay(state.rules, state.log) == state
            state = _new_hand(rng)
    # The run went everywhere: hands of every ending, every irregularity ruled, refusals.
    assert sum(outcomes.values()) >= 100 and len(outcomes) >= 5, outcomes
    assert set(applied) == set(EVENT_TYPES) - {"deal"}, applied
    assert refused["IllegalAction"] >= 1000 and refused["IllegalKnock"] >= 10, refused
