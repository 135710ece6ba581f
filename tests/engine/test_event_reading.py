"""Reading a hand's events back from the JSON log: each field read to its value, and every
unreadable dict refused with a sentence that says what is wrong."""

import pytest

from gameplay.engine.cards import parse_card, parse_cards
from gameplay.engine.errors import InvalidEvent
from gameplay.engine.hand_events import (
    Choice,
    Deal,
    Draw,
    ExposedCards,
    IncorrectHand,
    Source,
    event_from_dict,
)
from gameplay.engine.types import Seat


@pytest.mark.parametrize(("data", "sentence"), [
    ({"type": "draw", "seat": "C", "source": "stock"}, "a seat is 'A' or 'B', not 'C'"),
    ({"type": "draw", "seat": "A", "source": "table"},
     "expected one of stock, discard, exposed, not 'table'"),
    ({"type": "deal", "dealer": "A", "deck": "AS 2S", "seed": "x"},
     "expected a whole number, not 'x'"),
    ({"type": "deal", "dealer": "A", "deck": "AS 2S", "counts": [10]},
     "counts are two numbers of cards, not [10]"),
    ({"type": "deal", "dealer": "A", "deck": "AS 2S", "counts": "ab"},
     "counts are two numbers of cards, not 'ab'"),
    ({"type": "dance"}, "not a hand event: {'type': 'dance'}"),
    ({"type": "draw", "seat": "A", "source": "stock", "colour": 1, "mood": 2},
     "a draw event has no field colour, mood"),
    ({"type": "discard", "seat": "A"}, "a discard event is incomplete: Discard.__init__() "
                                       "missing 1 required positional argument: 'card'"),
])
def test_an_unreadable_event_says_what_is_wrong(data, sentence):
    with pytest.raises(InvalidEvent) as refused:
        event_from_dict(data)
    assert str(refused.value) == sentence


def test_optional_fields_read_as_none_or_as_their_value():
    assert event_from_dict({"type": "incorrect_hand", "choice": None, "offender": None}) == (
        IncorrectHand(None, None))
    assert event_from_dict({"type": "incorrect_hand", "choice": "play_on", "offender": "B"}) == (
        IncorrectHand(Choice.PLAY_ON, Seat.B))
    assert event_from_dict({"type": "draw", "seat": "A", "source": "exposed", "card": "QH"}) == (
        Draw(Seat.A, Source.EXPOSED, parse_card("QH")))


def test_cards_read_from_a_list_or_from_a_string():
    seen = (parse_card("QH"), parse_card("2S"))
    for cards in (["QH", "2S"], "QH 2S"):
        event = event_from_dict({"type": "exposed_cards", "offender": "A", "cards": cards})
        assert event == ExposedCards(Seat.A, seen)


def test_a_deal_reads_its_counts_and_seed():
    deck = "AS 2S 3S"
    event = event_from_dict({"type": "deal", "dealer": "B", "deck": deck, "seed": 7,
                             "counts": [11, 10]})
    assert event == Deal(Seat.B, parse_cards(deck), 7, (11, 10))
