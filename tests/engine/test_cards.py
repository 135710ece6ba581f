import pytest
from hypothesis import given
from hypothesis import strategies as st

from gameplay.engine import DECK, Card, InvalidCards, Suit, parse_card, parse_cards


def test_deck_has_52_distinct_cards():
    assert len(DECK) == 52
    assert len(set(DECK)) == 52


@pytest.mark.parametrize(
    ("code", "value"),
    [("AS", 1), ("2H", 2), ("9D", 9), ("10C", 10), ("JS", 10), ("QH", 10), ("KD", 10)],
)
def test_card_values_ace_one_pips_face_court_ten(code, value):
    # the knocking-and-scoring text: "A = 1, 2-10 = their own values in points, J/K/Q = 10."
    assert parse_card(code).value == value


@pytest.mark.parametrize("token", ["TD", "td", "10d", "10D", "T♦", "10♦"])
def test_ten_may_be_written_many_ways(token):
    assert parse_card(token) == Card(10, Suit.DIAMONDS)


def test_suit_symbols_and_lower_case_are_read():
    assert parse_cards("a♠ k♥ q♣ j♦") == parse_cards("AS KH QC JD")


def test_parse_accepts_commas_and_extra_spaces():
    assert parse_cards(" AS, 2S ,3S ") == parse_cards("AS 2S 3S")


def test_unknown_token_is_named_in_the_error():
    with pytest.raises(InvalidCards, match="'ZZ'"):
        parse_cards("AS ZZ 3S")


def test_card_given_twice_is_named_in_the_error():
    with pytest.raises(InvalidCards, match="7H is given twice"):
        parse_cards("7H 8H 7h")


def test_invalid_cards_is_a_value_error():
    assert issubclass(InvalidCards, ValueError)


@given(st.sampled_from(DECK))
def test_code_round_trips(card):
    assert parse_card(card.code) == card
    assert DECK[card.index] == card
