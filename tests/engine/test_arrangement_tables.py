"""The tables the least-deadwood search is built on, built anew for each test here.

The search reads tables made once (the set choices per rank, the runnable cards of each suit
pattern, the sets of the deck) or kept after their first use (the least key of each suit
pattern). Tests elsewhere check the search through tables made before they ran; the fixture
below makes every table again while its test runs, so that what is checked is what the table
builders give now. The rules: docs/rules.md "Melds and deadwood", and the search's documented
tie-break (gameplay/engine/arrangement.py).
"""

from functools import cache
from itertools import combinations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gameplay.engine import (
    DECK,
    Ruleset,
    all_best_arrangements,
    arrangement,
    best_arrangement,
    least_deadwood,
    melds,
    partitions,
    run_tables,
)
from gameplay.engine.melds import mask_of, set_masks
from tests.engine import brute_force
from tests.examples import examples

RUN_LIMITS = [None, 3, 5]
# The tables built for a test serve each of its examples alike.
SAME_TABLES = [HealthCheck.function_scoped_fixture]
_VALUES = [min(rank, 10) for rank in range(1, 14)]


def _clear_caches():
    arrangement.suit_tables.cache_clear()
    arrangement._POINTS.clear()  # each suit pattern's points, kept per limit on runs
    partitions.suit_splits.cache_clear()


@pytest.fixture(autouse=True)
def tables_built_now():
    """Every table made again for each test (while the test runs, the builders run too)."""
    with pytest.MonkeyPatch.context() as patch:
        _clear_caches()
        patch.setattr(arrangement, "_SET_CHOICES", arrangement._build_set_choices())
        patch.setattr(arrangement, "_COLUMNS",
                      tuple(arrangement._columns(pattern) for pattern in range(8192)))
        patch.setattr(melds, "_SET_MASKS", set_masks())
        yield
    _clear_caches()


# --- one suit: runs only ----------------------------------------------------------------------


def _runs_in(pattern, longest):
    """Every run (3 or more consecutive cards, at most ``longest``) inside a suit pattern."""
    return [((1 << length) - 1) << low
            for low in range(13) for length in range(3, min(longest, 13 - low) + 1)
            if (((1 << length) - 1) << low) & pattern == ((1 << length) - 1) << low]


def _points(pattern):
    return sum(_VALUES[rank] for rank in range(13) if pattern >> rank & 1)


@cache
def _best_suit(pattern, longest):
    """(deadwood points, deadwood cards, runs) of the best cover of a suit pattern by runs:
    least points first, then fewest deadwood cards, then fewest runs (the documented tie-break)."""
    best = (_points(pattern), pattern.bit_count(), 0)
    for run in _runs_in(pattern, longest):
        if run & -run == pattern & -pattern:  # the run holding the lowest card, or none
            points, cards, runs = _best_suit(pattern ^ run, longest)
            best = min(best, (points, cards, runs + 1))
    low = pattern & -pattern
    if low:
        points, cards, runs = _best_suit(pattern ^ low, longest)
        best = min(best, (points + _points(low), cards + 1, runs))
    return best


@pytest.mark.parametrize("max_run_length", RUN_LIMITS)
def test_each_suit_pattern_keeps_its_least_deadwood_with_fewest_cards_then_fewest_runs(
        max_run_length):
    tables = arrangement.suit_tables(max_run_length)
    longest = 13 if max_run_length is None else max_run_length
    for pattern in range(8192):
        points, cards, runs = _best_suit(pattern, longest)
        key = tables.keys[pattern]
        assert key == (points << run_tables.POINTS_SHIFT) + cards * run_tables.DEAD_CARD + \
            runs * run_tables.MELD, f"pattern {pattern:013b}"


@pytest.mark.parametrize("max_run_length", RUN_LIMITS)
def test_each_suit_pattern_is_split_into_its_runs_and_its_deadwood(max_run_length):
    tables = arrangement.suit_tables(max_run_length)
    longest = 13 if max_run_length is None else max_run_length
    for suit in range(4):
        for pattern in range(8192):
            runs, deadwood = tables.parts[suit][pattern]
            melded = [mask_of(meld.cards) >> 13 * suit for meld in runs]
            assert all(meld.is_run and 3 <= len(meld.cards) <= longest for meld in runs)
            assert sum(melded) | mask_of(deadwood) >> 13 * suit == pattern
            assert sum(m.bit_count() for m in melded) + len(deadwood) == pattern.bit_count()
            assert sum(card.value for card in deadwood) == _best_suit(pattern, longest)[0]
            assert tables.dead[pattern] == mask_of(deadwood) >> 13 * suit


@pytest.mark.parametrize("max_run_length", RUN_LIMITS)
def test_the_cards_that_lengthen_a_run_are_next_to_either_end_of_it(max_run_length):
    tables = arrangement.suit_tables(max_run_length)
    for pattern in range(8192):
        runs, _ = tables.parts[0][pattern]
        ends = {rank for meld in runs for rank in (meld.low - 2, meld.high) if 0 <= rank < 13}
        assert tables.run_ends[pattern] == sum(1 << rank for rank in ends), f"{pattern:013b}"


def test_a_card_is_runnable_when_a_three_card_run_of_its_suit_holds_it():
    for pattern in range(8192):
        expected = 0
        for low in range(11):
            if 0b111 << low & pattern == 0b111 << low:
                expected |= 0b111 << low
        assert arrangement._runnable(pattern) == expected


def test_a_suits_columns_say_per_rank_whether_the_card_is_held_and_whether_it_is_runnable():
    for pattern in range(8192):
        columns = arrangement._COLUMNS[pattern]
        runnable = arrangement._runnable(pattern)
        for rank in range(13):
            column = columns >> 8 * rank & 255
            assert column == (pattern >> rank & 1) | (runnable >> rank & 1) << 4, f"{pattern:013b}"
        assert columns >> 8 * 13 == 0


# --- sets -------------------------------------------------------------------------------------


def test_the_sets_of_the_deck_are_every_three_or_four_cards_of_one_rank():
    expected = {
        mask_of(group)
        for rank in range(1, 14)
        for size in (3, 4)
        for group in combinations([card for card in DECK if card.rank == rank], size)
    }
    assert len(melds._SET_MASKS) == len(expected) == 13 * 5
    assert set(melds._SET_MASKS) == expected


def test_a_card_is_left_out_of_its_set_only_where_a_run_can_take_it():
    """The set choices offered for a rank, in the tie-break order ("no set", the whole set, the
    3-card sets leaving out clubs, diamonds, hearts, spades), are those that can be best: a card
    that can be in no run is deadwood unless it is in the set, so it is never left out of it;
    "no set" is offered when a run can take one of three cards, or two of four (with one only,
    the 3-card set of the other three is better)."""
    table = arrangement._SET_CHOICES
    assert len(table) == 13 * 256
    for rank in range(13):
        for runnable_bits in range(16):
            for held in range(16):
                suits = [suit for suit in range(4) if held >> suit & 1]
                if len(suits) < 3:  # no set: the row is empty, the search never reads it
                    assert table[rank << 8 | runnable_bits << 4 | held] == ()
                    continue
                runnable = [suit for suit in suits if runnable_bits >> suit & 1]
                card = {suit: 1 << (13 * suit + rank) for suit in suits}
                expected = []
                if len(runnable) >= len(suits) - 2:
                    expected.append((0, 0))
                expected.append((sum(card.values()), arrangement.MELD + len(suits)))
                if len(suits) == 4:
                    expected += [(sum(card.values()) - card[out], arrangement.MELD + 3)
                                 for out in runnable]
                assert table[rank << 8 | runnable_bits << 4 | held] == tuple(expected), (
                    rank, f"{held:04b}", f"{runnable_bits:04b}")


def test_a_rank_held_three_or_four_times_offers_its_whole_set():
    for index, choices in enumerate(arrangement._SET_CHOICES):
        rank, held = index >> 8, index & 15
        if held.bit_count() >= 3:
            whole = sum(1 << (13 * suit + rank) for suit in range(4) if held >> suit & 1)
            assert (whole, arrangement.MELD + held.bit_count()) in choices


# --- whole hands, searched with the tables built now ---------------------------------------------


@st.composite
def hands_of_sets_and_runs(draw):
    """10 or 11 cards of three to five neighbouring ranks: sets and runs crossing each other."""
    low = draw(st.integers(1, 10))
    band = [card for card in DECK if low <= card.rank < low + draw(st.integers(3, 5))]
    return draw(st.permutations(band))[: min(len(band), draw(st.sampled_from([10, 11])))]


RULESETS = st.sampled_from([Ruleset(), Ruleset(max_run_length=5), Ruleset(max_run_length=3)])
HANDS = st.one_of(hands_of_sets_and_runs(),
                  st.permutations(DECK).map(lambda deck: deck[:11]))


@settings(max_examples=examples(600), deadline=None, suppress_health_check=SAME_TABLES)
@given(HANDS, RULESETS)
def test_the_least_deadwood_of_a_hand_is_found_with_the_tables_built_now(hand, rules):
    least = brute_force.least_deadwood(hand, rules)
    assert least_deadwood(hand, rules) == least
    assert best_arrangement(hand, rules).deadwood_points == least
    mask = arrangement.hand_mask(hand)[0]  # the mask-level entry points, under the same rules
    assert arrangement.least_deadwood_of_mask(mask, rules) == least
    assert arrangement.best_arrangement_of_mask(mask, rules).deadwood_points == least


@settings(max_examples=examples(300), deadline=None, suppress_health_check=SAME_TABLES)
@given(HANDS, RULESETS)
def test_every_least_deadwood_partition_is_found_with_the_tables_built_now(hand, rules):
    found = {frozenset(frozenset(m.cards) for m in a.melds) for a in all_best_arrangements(hand, rules)}
    assert found == {frozenset(chosen) for chosen in brute_force.best_arrangements(hand, rules)}



def _tie_key(found):
    in_sets = sum(len(meld.cards) for meld in found.melds if not meld.is_run)
    return (found.deadwood_points, len(found.deadwood), len(found.melds), in_sets)


@settings(max_examples=examples(300), deadline=None, suppress_health_check=SAME_TABLES)
@given(hands_of_sets_and_runs())
def test_the_best_arrangement_follows_the_tie_break_with_the_tables_built_now(hand):
    """Least deadwood, then fewest deadwood cards, fewest melds, fewest cards in sets."""
    assert _tie_key(best_arrangement(hand)) == min(_tie_key(a) for a in all_best_arrangements(hand))
