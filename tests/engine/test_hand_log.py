"""The hand's event log: JSON-able, and replaying it rebuilds the same state."""

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gameplay.engine.cards import parse_card, parse_cards
from gameplay.engine.errors import IllegalAction, InvalidCards, InvalidEvent
from gameplay.engine.hand import apply, deal, legal_events, replay
from gameplay.engine.hand_events import (
    EVENT_TYPES,
    Choice,
    Deal,
    Draw,
    DrawOutOfTurn,
    ExposedCards,
    Found,
    IncorrectHand,
    IrregularKnock,
    Knock,
    Source,
    event_from_dict,
    event_to_dict,
    log_from_json,
    log_to_json,
)
from gameplay.engine.rules import Ruleset
from gameplay.engine.types import Seat
from tests.engine.test_hand_support import A, B
from tests.examples import examples

SAMPLES = [
    Draw(A, Source.EXPOSED, parse_card("QH")),
    Draw(B, Source.STOCK),
    Knock(B, parse_card("10C"), spread=(parse_cards("AS 2S 3S"), parse_cards("KC KD KH"))),
    Knock(A, parse_card("JD")),
    IncorrectHand(Choice.PLAY_ON, offender=B),
    IncorrectHand(),
    ExposedCards(A, parse_cards("4D 5D")),
    DrawOutOfTurn(B, Source.DISCARD, Found.LATER),
    IrregularKnock(A, parse_card("2C"), Choice.ACCEPT),
    Deal(A, tuple(reversed(parse_cards("AS 2S 3S"))), seed=9, counts=(11, 10)),
]


@pytest.mark.parametrize("event", SAMPLES, ids=lambda e: e.kind)
def test_each_event_survives_a_json_round_trip(event):
    data = json.loads(json.dumps(event_to_dict(event)))
    assert event_from_dict(data) == event


def test_every_event_type_has_a_distinct_name():
    assert len(EVENT_TYPES) == 18
    assert all(name == cls.kind for name, cls in EVENT_TYPES.items())


@pytest.mark.parametrize(
    ("data", "error"),
    [
        ({"type": "fold"}, InvalidEvent),
        ({"type": "draw", "seat": "C", "source": "stock"}, InvalidEvent),
        ({"type": "draw", "seat": "A", "source": "sky"}, InvalidEvent),
        ({"type": "draw", "seat": "A"}, InvalidEvent),
        ({"type": "draw", "seat": "A", "source": "stock", "colour": 1}, InvalidEvent),
        ({"type": "discard", "seat": "A", "card": "ZZ"}, InvalidCards),
        ({"type": "deal", "dealer": "A", "deck": "AS", "seed": "x"}, InvalidEvent),
        ("draw", InvalidEvent),
    ],
)
def test_unreadable_event_dicts_are_refused_with_a_reason(data, error):
    with pytest.raises(error):
        event_from_dict(data)


def test_a_log_must_start_with_its_deal():
    with pytest.raises(IllegalAction, match="starts with its deal"):
        replay(Ruleset(), [Draw(A, Source.STOCK)])


def _random_hand(seed: int, steps: int):
    """A hand played by random legal events (to its end or ``steps`` events)."""
    rng = random.Random(seed)
    state = deal(Ruleset(), Seat(seed % 2), seed=seed)
    for _ in range(steps):
        if state.is_over:
            break
        state = apply(state, rng.choice(legal_events(state)))
    return state


@settings(max_examples=examples(60), deadline=None)
@given(st.integers(0, 2**32), st.integers(0, 120))
def test_replaying_the_json_log_gives_the_same_state(seed, steps):
    state = _random_hand(seed, steps)
    stored = json.dumps(log_to_json(state.log))
    assert replay(state.rules, log_from_json(json.loads(stored))) == state
