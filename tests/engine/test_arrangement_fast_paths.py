"""Which hands the least-deadwood search may take its short ways with.

Most hands are counted without trying combinations of sets: a hand with no rank held three
times has only runs to find; a rank held three times or more none of whose cards a run can take
is always its whole set; a rank held three times with a card a run can take is the set or no
set. Only a rank held four times with a card a run can take, or two such ranks, need the search
through every choice of sets (gameplay/engine/arrangement.py). And a hand given as cards is read
from the cards' own bits, not parsed as names. What each way finds is checked against the plain
search elsewhere (test_arrangement_tables.py, test_arrangement.py); here, which way is taken.
"""

import pytest

from gameplay.engine import Ruleset, arrangement, best_arrangement, least_deadwood, parse_cards

NO_RANK_THREE_TIMES = "AC 2C 3C 5D 6D 9H 9S JH QS KD"
SET_NO_RUN_CAN_TAKE = "7C 7D 7H 7S 2C 4D 9H JS QD KH"  # a whole 4-card set, no run near it
TWO_SETS_NO_RUN_CAN_TAKE = "7C 7D 7H 2C 2D 2H 4S 9S JD KC"
THREE_CARDS_ONE_IN_A_RUN = "7C 7D 7H 8C 9C 2D 4S JS QD KH"  # the set, or the run 7-8-9 of clubs
FOUR_CARDS_ONE_IN_A_RUN = "7C 7D 7H 7S 8C 9C 2D 4S JS QD"  # which 3-card set, if any
TWO_SETS_ONE_IN_A_RUN = "7C 7D 7H 8C 9C 2C 2D 2H JS QD"

WITHOUT_THE_SEARCH = [NO_RANK_THREE_TIMES, SET_NO_RUN_CAN_TAKE, TWO_SETS_NO_RUN_CAN_TAKE,
                      THREE_CARDS_ONE_IN_A_RUN]
WITH_THE_SEARCH = [FOUR_CARDS_ONE_IN_A_RUN, TWO_SETS_ONE_IN_A_RUN]
LIMITS = [Ruleset(), Ruleset(max_run_length=3)]


@pytest.fixture
def searches(monkeypatch):
    """The hand masks the search through every choice of sets was asked for."""
    asked = []
    search = arrangement.search

    def watched(mask, keys):
        asked.append(mask)
        return search(mask, keys)

    monkeypatch.setattr(arrangement, "search", watched)
    return asked


def _every_entry_point(text, rules):
    cards = parse_cards(text)
    mask = arrangement.hand_mask(cards)[0]
    return (least_deadwood(cards, rules), best_arrangement(cards, rules).deadwood_points,
            arrangement.least_deadwood_of_mask(mask, rules),
            arrangement.best_arrangement_of_mask(mask, rules).deadwood_points)


@pytest.mark.parametrize("rules", LIMITS)
@pytest.mark.parametrize("text", WITHOUT_THE_SEARCH)
def test_a_hand_with_no_choice_between_sets_is_counted_without_the_search(text, rules, searches):
    found = _every_entry_point(text, rules)
    assert searches == []
    assert len(set(found)) == 1


@pytest.mark.parametrize("rules", LIMITS)
@pytest.mark.parametrize("text", WITH_THE_SEARCH)
def test_a_hand_with_a_choice_between_sets_is_counted_by_the_search(text, rules, searches):
    found = _every_entry_point(text, rules)
    assert searches == [arrangement.hand_mask(text)[0]] * 4
    assert len(set(found)) == 1


def test_the_short_ways_find_what_the_search_finds():
    keys = arrangement.suit_tables(None).keys
    for text in WITHOUT_THE_SEARCH + WITH_THE_SEARCH:
        mask = arrangement.hand_mask(text)[0]
        assert least_deadwood(text) == arrangement.search(mask, keys)[0] >> arrangement.POINTS_SHIFT


@pytest.mark.parametrize("extra", ["", " KH"])  # ten cards (read bit by bit), and eleven
def test_a_hand_of_cards_is_read_from_the_cards_bits(monkeypatch, extra):
    text = FOUR_CARDS_ONE_IN_A_RUN + extra
    cards = parse_cards(text)
    parsed = []
    hand_mask = arrangement.hand_mask
    monkeypatch.setattr(arrangement, "hand_mask", lambda given: parsed.append(given) or hand_mask(given))
    least_deadwood(cards)
    best_arrangement(cards)
    assert parsed == []
    least_deadwood(text)  # names are parsed
    best_arrangement(text)
    assert parsed == [text, text]


def test_a_hand_of_cards_gives_its_mask_without_parsing_names(monkeypatch):
    parsed = []
    parse_cards_ = arrangement.parse_cards
    monkeypatch.setattr(arrangement, "parse_cards", lambda given: parsed.append(given) or parse_cards_(given))
    cards = parse_cards(TWO_SETS_ONE_IN_A_RUN)
    assert arrangement.hand_mask(cards) == (sum(card.bit for card in cards), 10)
    assert parsed == []
    assert arrangement.hand_mask(TWO_SETS_ONE_IN_A_RUN) == (sum(card.bit for card in cards), 10)
    assert parsed == [TWO_SETS_ONE_IN_A_RUN]


@pytest.fixture
def combinations(monkeypatch):
    """The hand masks whose choices of sets were tried in every combination."""
    asked = []
    search_sets = arrangement._search_sets

    def watched(mask, keys, options):
        asked.append(mask)
        return search_sets(mask, keys, options)

    monkeypatch.setattr(arrangement, "_search_sets", watched)
    return asked


@pytest.mark.parametrize("four", [FOUR_CARDS_ONE_IN_A_RUN, "AC AD AH AS 2C 3C 5D 7S 9H JD"])
def test_one_rank_held_four_times_is_searched_through_its_own_choices_alone(four, combinations):
    """One rank's choices need no combinations: the least of them is taken in one pass (the
    aces too, the lowest rank's bit)."""
    keys = arrangement.suit_tables(None).keys
    arrangement.search(arrangement.hand_mask(four)[0], keys)
    assert combinations == []
    mask = arrangement.hand_mask(TWO_SETS_ONE_IN_A_RUN)[0]
    arrangement.search(mask, keys)
    assert combinations == [mask]
