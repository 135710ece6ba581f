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


@pytest.mark.parametrize("rank", [0, 14])
def test_a_card_rank_runs_from_the_ace_to_the_king(rank):
    # docs/rules.md "The cards": one deck of 52 cards, ace to king in each suit.
    with pytest.raises(InvalidCards, match=f"rank {rank} is not a card rank"):
        Card(rank, Suit.SPADES)


def test_a_suit_symbol_written_as_an_emoji_is_read():
    # "♥️" is the heart followed by the emoji variation selector.
    assert parse_cards("Q♥\ufe0f 7♠\ufe0f") == parse_cards("QH 7S")


def test_a_token_too_short_to_be_a_card_is_named_in_the_error():
    with pytest.raises(InvalidCards, match="'S' is not a card"):
        parse_card("S")


@pytest.mark.parametrize("token", ["XS", "QX", "0H", "11C"])
def test_a_token_with_a_known_suit_or_rank_but_not_both_is_no_card(token):
    with pytest.raises(InvalidCards, match=f"'{token}' is not a card"):
        parse_card(token)
