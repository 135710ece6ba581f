"""An arrangement is a value: the one the search returns (kept as masks, its melds and cards
built when first read) equals, hashes, prints, pickles and refuses changes like one built from
its melds and deadwood. A card carries its bit in a hand's mask."""

import copy
import pickle

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gameplay.engine import (
    DECK,
    Arrangement,
    Card,
    InvalidCards,
    Ruleset,
    Suit,
    best_arrangement,
    least_deadwood,
    parse_cards,
)
from gameplay.engine.arrangement import best_arrangement_of_mask, hand_mask
from tests.examples import examples

HANDS = st.one_of(
    st.permutations(DECK).map(lambda deck: deck[:10]),
    # A narrow band of ranks: sets and runs crossing each other.
    st.integers(1, 10).flatmap(lambda low: st.permutations(
        [card for card in DECK if low <= card.rank < low + 3]).map(lambda band: band[:10])),
)
RULESETS = st.sampled_from([Ruleset(), Ruleset(max_run_length=3), Ruleset(max_run_length=5)])


def _built(arrangement):
    """The same arrangement built eagerly from its melds and deadwood."""
    return Arrangement(tuple(arrangement.melds), tuple(arrangement.deadwood))


@settings(max_examples=examples(400), deadline=None)
@given(HANDS, RULESETS)
def test_a_found_arrangement_equals_and_hashes_as_the_one_built_from_its_melds(hand, rules):
    found = best_arrangement(hand, rules)
    twin = best_arrangement(hand, rules)
    assert found == twin and hash(found) == hash(twin)  # equal before either is read
    built = _built(twin)
    assert found == built and built == found and hash(found) == hash(built)
    assert len({found, built, twin}) == 1
    assert repr(found) == repr(built)
    assert found.deadwood_points == sum(card.value for card in found.deadwood)
    assert found.deadwood_points == least_deadwood(hand, rules)


def test_arrangements_of_different_hands_differ():
    one = best_arrangement("AS 2S 3S 9H")
    other = best_arrangement("AS 2S 3S 9D")
    assert one != other
    assert one != (one.melds, one.deadwood)
    # hashed by its melds and deadwood, so different arrangements spread over a set's buckets
    assert hash(one) == hash((one.melds, one.deadwood)) != hash(other)
    assert hash(_built(one)) == hash((one.melds, one.deadwood)) != hash(_built(other))


def test_reading_an_arrangement_twice_gives_the_same_tuples():
    found = best_arrangement("7C 7D 7H 2S 3S 4S KD")
    assert found.melds is found.melds and found.deadwood is found.deadwood
    assert [str(meld) for meld in found.melds] == ["7C 7D 7H", "2S 3S 4S"]
    assert found.deadwood == parse_cards("KD")


@pytest.mark.parametrize("name", ["melds", "deadwood"])
def test_an_arrangement_cannot_be_changed(name):
    found = best_arrangement("7C 7D 7H 2S 3S 4S KD")
    with pytest.raises(AttributeError):
        setattr(found, name, ())
    with pytest.raises(AttributeError):
        setattr(_built(found), name, ())
    assert found.deadwood == parse_cards("KD")


def test_an_arrangement_survives_pickling_and_copying():
    found = best_arrangement("7C 7D 7H 7S 2S 3S 4S 5S KD QD")
    for again in (pickle.loads(pickle.dumps(found)), copy.copy(found), copy.deepcopy(found)):
        assert again == found and type(again) is Arrangement
        assert again.melds == found.melds and again.deadwood == found.deadwood


def test_the_arrangement_of_a_mask_is_that_of_its_cards():
    hand = parse_cards("7C 7D 7H 7S 6S 8S 2S 3S 4S KD QD")
    assert best_arrangement_of_mask(hand_mask(hand)[0]) == best_arrangement(hand)


def test_a_hand_may_be_given_as_any_iterable_of_cards_or_tokens():
    hand = parse_cards("AS 2S 3S 7C 7D 7H KD")
    expected = best_arrangement(hand)
    assert best_arrangement(list(hand)) == expected
    assert best_arrangement(iter(hand)) == expected
    assert best_arrangement(card for card in hand) == expected
    assert best_arrangement([*hand[:3], "7C", "7D", "7H", "KD"]) == expected
    assert least_deadwood(card for card in hand) == expected.deadwood_points == 10
    assert hand_mask(card for card in hand) == hand_mask(hand)


@pytest.mark.parametrize("call", [best_arrangement, least_deadwood, hand_mask])
def test_a_card_given_twice_is_refused_however_the_hand_is_given(call):
    hand = parse_cards("AS 2S 3S")
    for given_as in ([*hand, hand[0]], (*hand, Card(1, Suit.SPADES)), iter([*hand, hand[1]])):
        with pytest.raises(InvalidCards, match="given twice"):
            call(given_as)


def test_a_card_carries_its_bit_in_a_hand_mask_whether_or_not_it_is_the_decks():
    for card in DECK:
        assert card.bit == 1 << card.index
        fresh = Card(card.rank, card.suit)
        assert fresh.bit == card.bit and fresh == card and hash(fresh) == hash(card)
    assert repr(Card(12, Suit.HEARTS)) == "Card(QH)"
    assert best_arrangement([Card(rank, Suit.CLUBS) for rank in (1, 2, 3)]).deadwood == ()
