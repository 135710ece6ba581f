"""Melds, deadwood and the least-deadwood arrangement: docs/rules.md, the knocking-and-scoring text on melds."""

import random
from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gameplay.engine import (
    DECK,
    InvalidCards,
    MeldKind,
    Ruleset,
    all_best_arrangements,
    best_arrangement,
    best_discard,
    is_meld,
    least_deadwood,
    make_meld,
    parse_card,
    parse_cards,
)
from gameplay.engine.melds import candidate_melds
from tests.engine import brute_force
from tests.examples import examples

STANDARD = Ruleset()
CODES = {1: "A", 11: "J", 12: "Q", 13: "K"} | {rank: str(rank) for rank in range(2, 11)}
FIVE_CARD_RUNS = Ruleset(max_run_length=5)


def cards(text):
    return parse_cards(text)


# --- melds (docs/rules.md: sets, runs, the ace) -------------------------------------------------


@pytest.mark.parametrize("text", ["7C 7D 7H", "7C 7D 7H 7S", "KS KD KH"])
def test_set_is_three_or_four_cards_of_one_rank(text):
    assert is_meld(cards(text))
    assert make_meld(cards(text)).kind is MeldKind.SET


@pytest.mark.parametrize("text", ["AH 2H 3H", "9S 10S JS QS KS", "AD 2D 3D 4D 5D 6D 7D 8D 9D"])
def test_run_is_three_or_more_consecutive_cards_of_one_suit(text):
    assert is_meld(cards(text))
    assert make_meld(cards(text)).kind is MeldKind.RUN


def test_run_has_no_upper_limit_by_default():
    whole_suit = [card for card in DECK if card.suit.value == "S"]
    assert is_meld(whole_suit)


@pytest.mark.parametrize("text", ["7C 7D", "AH 2H", ""])
def test_two_cards_are_no_meld(text):
    assert not is_meld(cards(text))


def test_ace_is_low_only_king_ace_two_is_no_run():
    assert not is_meld(cards("KS AS 2S"))
    assert not is_meld(cards("QS KS AS"))
    assert is_meld(cards("AS 2S 3S"))


@pytest.mark.parametrize("text", ["5H 6S 7H", "5H 6H 8H", "5H 5D 6H"])
def test_runs_need_one_suit_and_no_gap(text):
    assert not is_meld(cards(text))


def test_max_run_length_house_rule():
    # the knocking-and-scoring text: "Runs are 3-5 consecutive cards", offered as max_run_length=5 (docs/rules.md).
    six = cards("3H 4H 5H 6H 7H 8H")
    assert is_meld(six)
    assert not is_meld(six, FIVE_CARD_RUNS)
    assert is_meld(six[:5], FIVE_CARD_RUNS)
    # The six cards still all meld, as two runs of three.
    arrangement = best_arrangement(six, FIVE_CARD_RUNS)
    assert arrangement.deadwood == ()
    assert sorted(len(m.cards) for m in arrangement.melds) == [3, 3]
    # Seven cards under a limit of 3: one card is deadwood, the cheapest one that can be.
    seven = cards("3H 4H 5H 6H 7H 8H 9H")
    assert best_arrangement(seven, Ruleset(max_run_length=3)).deadwood == cards("3H")


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("KS AS 2S", "the ace is low only"),
        ("5H 6S 7H", "one rank"),
        ("7C 7D", "at least 3 cards"),
        ("7C 7C 7D", "twice"),
    ],
)
def test_make_meld_says_why_not(text, reason):
    group = [parse_card(token) for token in text.split()]
    with pytest.raises(InvalidCards, match=reason):
        make_meld(group)


def test_make_meld_says_when_the_house_rule_limits_a_run():
    with pytest.raises(InvalidCards, match="limited to 5 cards"):
        make_meld(cards("3H 4H 5H 6H 7H 8H"), FIVE_CARD_RUNS)


def test_make_meld_sorts_its_cards():
    assert make_meld(cards("5H 3H 4H")).cards == cards("3H 4H 5H")


def test_candidate_melds_include_shorter_runs_and_three_card_sets():
    found = {tuple(m.cards) for m in candidate_melds(cards("5C 5D 5H 5S 6S 7S 8S"))}
    assert cards("5S 6S 7S") in found and cards("6S 7S 8S") in found
    assert cards("5S 6S 7S 8S") in found
    assert cards("5C 5D 5H") in found and cards("5C 5D 5H 5S") in found
    assert len(found) == 3 + 5  # three runs, a 4-card set and its four 3-card sets


# --- deadwood and the best arrangement ---------------------------------------------------------


def test_deadwood_counts_ace_one_pips_face_courts_ten():
    # the knocking-and-scoring text: "A = 1, 2-10 = their own values in points, J/K/Q = 10."
    assert least_deadwood(cards("AS 4H 9D JC QS KH")) == 1 + 4 + 9 + 30


def test_card_belongs_to_one_meld_only():
    # 7H could finish the set of 7s or the run of hearts, not both (the knocking-and-scoring text).
    hand = cards("7C 7D 7H 8H 9H")
    arrangement = best_arrangement(hand)
    used = [card for meld in arrangement.melds for card in meld.cards]
    assert len(used) == len(set(used)) == 3
    assert arrangement.deadwood_points == 14  # 7C 7D dead (the set would leave 8H 9H: 17)


def test_least_deadwood_is_found_where_the_biggest_meld_is_wrong():
    # Taking the long spade run leaves the 9s and 10s dead; splitting it melds everything.
    hand = cards("6S 7S 8S 9S 10S 9C 9D 10C 10D")
    assert least_deadwood(hand) == 0


def test_least_deadwood_takes_each_set_no_run_could_use():
    # The 7s and the kings fit no run: both sets are taken; 2C and 9D stay dead.
    assert least_deadwood(cards("7C 7D 7H KC KD KS 2C 9D")) == 11


def test_least_deadwood_weighs_a_set_against_the_run_it_shares_a_card_with():
    # 7H: in the set of 7s (8H 9H dead, 17) or in the run 7H-8H-9H (7C 7D dead, 14).
    assert least_deadwood(cards("7C 7D 7H 8H 9H")) == 14
    # 4H: in the set of 4s (AH 2H 3H still a run: nothing dead) or in the run (4C 4D dead).
    assert least_deadwood(cards("4C 4D 4H AH 2H 3H")) == 0


def test_four_card_set_lends_a_card_to_a_run():
    hand = cards("5C 5D 5H 5S 6S 7S")
    arrangement = best_arrangement(hand)
    assert arrangement.deadwood == ()
    assert {tuple(m.cards) for m in arrangement.melds} == {cards("5C 5D 5H"), cards("5S 6S 7S")}


def test_a_four_card_set_lends_its_club_first_when_two_runs_could_take_a_card_alike():
    """The documented tie-break: the 3-card sets are tried leaving out clubs, diamonds, hearts,
    spades, and the first of equal arrangements is kept."""
    arrangement = best_arrangement(cards("7C 7D 7H 7S 8C 9C TC 8D 9D TD"))
    assert arrangement.deadwood == ()
    assert [tuple(m.cards) for m in arrangement.melds] == [
        cards("7D 7H 7S"), cards("7C 8C 9C TC"), cards("8D 9D TD")]


def test_a_whole_hand_of_melds_has_no_deadwood():
    assert least_deadwood(cards("AC 2C 3C 4D 5D 6D 7H 8H 9H 10H")) == 0


def test_tie_break_keeps_a_long_run_whole():
    arrangement = best_arrangement(cards("3H 4H 5H 6H 7H 8H"))
    assert [m.cards for m in arrangement.melds] == [cards("3H 4H 5H 6H 7H 8H")]


def test_tie_break_prefers_fewer_deadwood_cards():
    # Sets of 2s and 3s leave 4H dead; 2H-3H-4H and three 3s leave 2C 2D: both cost 4.
    hand = cards("2C 3C 2D 3D 2H 3H 4H 3S")
    assert {a.deadwood for a in all_best_arrangements(hand)} == {cards("4H"), cards("2C 2D")}
    assert best_arrangement(hand).deadwood == cards("4H")


def test_same_cards_in_any_order_give_the_same_arrangement():
    hand = cards("5C 6C 7C 5D 6D 7D 5H 6H 7H 2S")
    assert best_arrangement(hand) == best_arrangement(tuple(reversed(hand)))


def test_all_best_arrangements_lists_sets_and_runs_of_a_square():
    hand = cards("5C 6C 7C 5D 6D 7D 5H 6H 7H AS")
    kinds = sorted(tuple(m.kind for m in a.melds) for a in all_best_arrangements(hand))
    assert kinds == [(MeldKind.RUN,) * 3, (MeldKind.SET,) * 3]
    assert all_best_arrangements(hand)[0] == best_arrangement(hand)


def test_hands_are_read_from_text_and_cards_alike():
    assert best_arrangement("AS 2S 3S KD") == best_arrangement(cards("AS 2S 3S KD"))


def test_a_hand_may_be_a_list_of_card_names_or_of_cards_and_names_mixed():
    hand = cards("AS 2S 3S KD KH KC 9D")
    expected = best_arrangement(hand)
    assert best_arrangement([card.code for card in hand]) == expected
    assert best_arrangement([*hand[:3], *(card.code for card in hand[3:])]) == expected
    assert least_deadwood(["AS", "2S", "3S", "KD", "QD"]) == 20


def test_every_best_arrangement_is_listed_in_the_tie_break_order():
    """The first is the best arrangement; the rest follow: fewest deadwood cards, then fewest
    melds, then fewest cards in sets (hands of neighbouring ranks, and hands holding a run of six
    to nine cards, which can be spread whole or cut in two, where such ties abound)."""
    rng = random.Random(35)
    for _ in range(300):
        low, width = rng.randint(1, 10), rng.randint(3, 5)
        band = [card for card in DECK if low <= card.rank < low + width]
        hands = [rng.sample(band, min(len(band), rng.choice([10, 11])))]
        length, suit = rng.randint(6, 9), rng.choice("CDHS")
        start = rng.randint(1, 14 - length)
        run = [parse_card(f"{CODES[rank]}{suit}") for rank in range(start, start + length)]
        others = [card for card in DECK if card not in run]
        hands.append(run + rng.sample(others, rng.choice([10, 11]) - length))
        for hand, rules in product(hands, (STANDARD, FIVE_CARD_RUNS, Ruleset(max_run_length=3))):
            found = all_best_arrangements(hand, rules)
            keys = [_tie_key(a) for a in found]
            assert keys == sorted(keys), hand
            assert found[0] == best_arrangement(hand, rules)


def test_fewer_deadwood_cards_come_first_between_choices_of_sets_however_the_runs_split():
    """The sets of 2s and 3s leave 4H dead, the run 2H-3H-4H and three 3s leave 2C 2D: both 4
    points, so 4H alone first; the diamonds, six in a row, kept whole before cut in two."""
    found = all_best_arrangements(cards("2C 3C 2D 3D 2H 3H 4H 3S 8D 9D 10D JD QD KD"))
    assert [([str(m) for m in a.melds], [str(c) for c in a.deadwood]) for a in found] == [
        (["2C 2D 2H", "3C 3D 3H 3S", "8D 9D 10D JD QD KD"], ["4H"]),
        (["2C 2D 2H", "3C 3D 3H 3S", "8D 9D 10D", "JD QD KD"], ["4H"]),
        (["3C 3D 3S", "8D 9D 10D JD QD KD", "2H 3H 4H"], ["2C", "2D"]),
        (["3C 3D 3S", "8D 9D 10D", "JD QD KD", "2H 3H 4H"], ["2C", "2D"]),
    ]


def test_fewer_melds_then_fewer_cards_in_sets_come_first_between_choices_of_sets():
    """Seven points each (7C or 7H left): three melds before four, and among three melds the
    sets of three 6s and three 8s before the set of four 8s."""
    found = all_best_arrangements(cards("2H 3H 4H 5H 6H 7H 8H 6C 6D 6S 7C 8C 8D 8S"))
    assert [([str(m) for m in a.melds], [str(c) for c in a.deadwood]) for a in found] == [
        (["6C 6D 6S", "8C 8D 8S", "2H 3H 4H 5H 6H 7H 8H"], ["7C"]),
        (["6C 6D 6S", "8C 8D 8H 8S", "2H 3H 4H 5H 6H 7H"], ["7C"]),
        (["6D 6H 6S", "8D 8H 8S", "6C 7C 8C", "2H 3H 4H 5H"], ["7H"]),
        (["6C 6D 6S", "8C 8D 8S", "2H 3H 4H", "5H 6H 7H 8H"], ["7C"]),
        (["6C 6D 6S", "8C 8D 8S", "2H 3H 4H 5H", "6H 7H 8H"], ["7C"]),
        (["6C 6D 6S", "8C 8D 8H 8S", "2H 3H 4H", "5H 6H 7H"], ["7C"]),
    ]


@pytest.mark.parametrize("size", [9, 10, 11])
def test_a_hand_of_any_size_is_read_alike_as_cards_names_or_text(size):
    """Ten cards, a hand's usual size, have their own quicker reading: every form of a hand of
    nine, ten or eleven gives the arrangement of its cards."""
    hand = cards("AS 2S 3S 4S 7D 7H 7C 9C 10C JC QH")[:size]
    expected = best_arrangement(tuple(hand))
    assert len(expected.cards) == size
    for form in (list(hand), [card.code for card in hand], " ".join(card.code for card in hand),
                 [*hand[:5], *(card.code for card in hand[5:])]):
        assert best_arrangement(form) == expected
        assert least_deadwood(form) == expected.deadwood_points


@pytest.mark.parametrize("read", [best_arrangement, least_deadwood])
def test_a_card_given_twice_in_a_hand_of_ten_is_refused(read):
    hand = [*cards("AS 2S 3S 4S 7D 7H 7C 9C 10C"), parse_card("7D")]
    with pytest.raises(InvalidCards, match="7D is given twice"):
        read(hand)
    with pytest.raises(InvalidCards):
        read("AS2S3S4S5S")  # ten characters, no card


def test_a_card_given_twice_is_refused():
    with pytest.raises(InvalidCards, match="AS is given twice"):
        best_arrangement([parse_card("AS"), parse_card("2S"), parse_card("AS")])


def test_empty_and_small_hands():
    assert best_arrangement(()).deadwood == ()
    assert least_deadwood(cards("KS")) == 10


# --- the best discard ---------------------------------------------------------------------------


def test_best_discard_leaves_least_deadwood():
    card, arrangement = best_discard(cards("AC 2C 3C 4D 5D 6D 7H 8H 9H KS 2S"))
    assert card == parse_card("KS")
    assert arrangement.deadwood == cards("2S")


def test_best_discard_ties_go_to_the_higher_value_card():
    # Every card but the clubs and diamonds can go with nothing left dead: JH beats 7H.
    card, arrangement = best_discard(cards("AC 2C 3C 4D 5D 6D 7H 8H 9H 10H JH"))
    assert card == parse_card("JH")
    assert arrangement.deadwood == ()


def test_best_discard_ties_of_equal_value_go_to_the_higher_rank():
    card, _ = best_discard(cards("AC 2C 3C 10H JH QH KH 5C 5D 5H 5S"))
    assert card == parse_card("KH")


def test_best_discard_ties_of_one_rank_go_to_the_higher_suit():
    card, _ = best_discard(cards("KC KD KH KS AC 2C 3C 4D 5D 6D 7D"))
    assert card == parse_card("KS")


def test_best_discard_respects_exclude():
    card, _ = best_discard(cards("AC 2C 3C 4D 5D 6D 7H 8H 9H KS 2S"), exclude=cards("KS"))
    assert card == parse_card("2S")


def test_best_discard_needs_a_card_it_may_discard():
    hand = cards("AC 2C 3C")
    with pytest.raises(InvalidCards) as refused:
        best_discard(hand, exclude=hand)
    assert str(refused.value) == "there is no card to discard (every card is excluded)"


def test_the_best_discard_keeps_to_the_house_limit_on_runs():
    """With runs of any length the five hearts stay whole and the nine of diamonds goes; with
    runs of three at most, the king of hearts is left over and goes instead."""
    hand = cards("9H 10H JH QH KH 6D 3C 2H 6C AD 9D")
    assert best_discard(hand)[0] == parse_card("9D")
    card, arrangement = best_discard(hand, Ruleset(max_run_length=3))
    assert card == parse_card("KH")
    assert all(len(meld.cards) <= 3 for meld in arrangement.melds)
    assert arrangement.deadwood_points == least_deadwood(
        [c for c in hand if c != card], Ruleset(max_run_length=3))


# --- properties against the brute force -------------------------------------------------------

RULESETS = st.sampled_from([STANDARD, FIVE_CARD_RUNS, Ruleset(max_run_length=3)])


@st.composite
def random_hands(draw):
    return draw(st.permutations(DECK).map(lambda deck: deck[: draw(st.sampled_from([10, 11]))]))


@st.composite
def meld_rich_hands(draw):
    """10 or 11 cards from a narrow band of ranks (many sets and runs, crossing each other)."""
    low = draw(st.integers(1, 10))
    width = draw(st.integers(3, 5))
    band = [card for card in DECK if low <= card.rank < low + width]
    size = min(len(band), draw(st.sampled_from([10, 11])))
    return draw(st.permutations(band))[:size]


HANDS = st.one_of(random_hands(), meld_rich_hands())


def _check_partition(hand, arrangement, rules):
    assert sorted(arrangement.cards) == sorted(hand)
    for meld in arrangement.melds:
        assert is_meld(meld.cards, rules)
        assert brute_force.is_plain_meld(meld.cards, rules)


@settings(max_examples=examples(1500), deadline=None)
@given(HANDS, RULESETS)
def test_best_arrangement_equals_brute_force(hand, rules):
    arrangement = best_arrangement(hand, rules)
    _check_partition(hand, arrangement, rules)
    assert arrangement.deadwood_points == brute_force.least_deadwood(hand, rules)
    assert least_deadwood(hand, rules) == arrangement.deadwood_points


@settings(max_examples=examples(800), deadline=None)
@given(HANDS, RULESETS)
def test_all_best_arrangements_are_every_least_deadwood_partition(hand, rules):
    found = all_best_arrangements(hand, rules)
    for arrangement in found:
        _check_partition(hand, arrangement, rules)
    as_sets = [frozenset(frozenset(m.cards) for m in a.melds) for a in found]
    assert len(set(as_sets)) == len(as_sets)
    expected = {frozenset(chosen) for chosen in brute_force.best_arrangements(hand, rules)}
    assert set(as_sets) == expected
    assert found[0] == best_arrangement(hand, rules)


def _tie_key(arrangement):
    in_sets = sum(len(m.cards) for m in arrangement.melds if m.kind is MeldKind.SET)
    return (arrangement.deadwood_points, len(arrangement.deadwood), len(arrangement.melds), in_sets)


@settings(max_examples=examples(500), deadline=None)
@given(HANDS)
def test_best_arrangement_follows_the_documented_tie_break(hand):
    best = _tie_key(best_arrangement(hand))
    assert best == min(_tie_key(a) for a in all_best_arrangements(hand))


@settings(max_examples=examples(300), deadline=None)
@given(st.permutations(DECK).map(lambda deck: deck[:11]))
def test_best_discard_leaves_the_least_deadwood_of_all_discards(hand):
    card, arrangement = best_discard(hand)
    assert card in hand and card not in arrangement.cards
    assert arrangement.deadwood_points == min(
        least_deadwood([c for c in hand if c != other]) for other in hand
    )


@settings(max_examples=examples(500), deadline=None)
@given(HANDS, RULESETS)
def test_the_arrangement_as_masks_is_the_best_arrangement(hand, rules):
    from gameplay.engine.arrangement import best_arrangement_masks
    from gameplay.engine.cards import Card
    from gameplay.engine.melds import mask_of

    arrangement = best_arrangement(hand, rules)
    sets, run_ends, dead = best_arrangement_masks(mask_of(hand), rules)
    assert sorted(sets) == sorted(mask_of(m.cards) for m in arrangement.melds if not m.is_run)
    assert dead == mask_of(arrangement.deadwood)
    ends = {Card(rank, meld.suit) for meld in arrangement.melds if meld.is_run
            for rank in (meld.low - 1, meld.high + 1) if 1 <= rank <= 13}
    assert run_ends == mask_of(ends)
