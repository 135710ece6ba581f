"""Checking a claimed hand: the impossible refused without cards, the settlement's word with."""

from itertools import combinations

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

from gameplay.engine import (
    DECK,
    Card,
    HandClaim,
    HandRecord,
    IllegalKnock,
    Outcome,
    Ruleset,
    Seat,
    Side,
    Suit,
    check_claim,
    parse_card,
    score_game,
    score_hollywood,
    settle_hand,
)
from gameplay.engine.claims import MAX_DEADWOOD
from tests.examples import examples

A, B = Seat.A, Seat.B
KNOCK, UNDERCUT, GIN, BIG_GIN, DEAD = list(Outcome)
CLASSIC = Ruleset.preset("classic")
OKLAHOMA = Ruleset.preset("oklahoma")
STANDARD = Ruleset()


def problems(outcome, winner, points, rules=STANDARD, knocker=None, **given):
    return check_claim(HandClaim(outcome, winner, points, knocker), rules, **given).problems


def refused(*args, **kwargs):
    found = problems(*args, **kwargs)
    assert len(found) == 1, found
    return found[0]


def test_most_deadwood_a_hand_can_hold_is_98():
    # Deadwood holds no set, so at most two cards of a rank: the ten best such cards are the bound.
    values = sorted((card.value for card in DECK if card.suit.position < 2), reverse=True)
    assert sum(values[:10]) == MAX_DEADWOOD


def test_dead_hand_with_a_winner_is_refused():
    assert refused(DEAD, A, 0) == "a dead hand has no winner"


def test_dead_hand_with_points_is_refused():
    assert refused(DEAD, None, 12) == "a dead hand scores nothing, not 12"


def test_dead_hand_with_a_knocker_is_refused():
    assert refused(DEAD, None, 0, knocker=B) == "a dead hand has no knocker"


def test_dead_hand_claim_is_accepted_and_scores_nothing():
    check = check_claim(HandClaim(DEAD, None, 0))
    assert check.ok and check.expected_points == 0


def test_gin_worth_less_than_its_bonus_is_refused():
    assert refused(GIN, A, 24) == "a gin is worth at least 25 (the gin bonus), not 24"
    assert "at least 20" in refused(GIN, A, 19, CLASSIC)


def test_gin_worth_more_than_the_most_deadwood_plus_its_bonus_is_refused():
    assert refused(GIN, A, MAX_DEADWOOD + 26).startswith("a gin is worth at most 123")


def test_big_gin_is_refused_when_the_ruleset_has_none():
    assert refused(BIG_GIN, A, 60, CLASSIC) == "big gin is not played under this ruleset"


def test_big_gin_worth_less_than_its_bonus_is_refused():
    assert "at least 31" in refused(BIG_GIN, B, 30)


def test_undercut_worth_less_than_its_bonus_is_refused():
    assert refused(UNDERCUT, B, 21).startswith("an undercut is worth at least 25")
    assert "at least 10" in refused(UNDERCUT, B, 9, CLASSIC)


def test_undercut_on_a_tie_is_worth_exactly_its_bonus():
    assert problems(UNDERCUT, B, 25) == ()


def test_undercut_needs_a_difference_when_a_tie_is_a_knock():
    rules = Ruleset(undercut_on_tie=False)
    assert "at least 26" in refused(UNDERCUT, B, 25, rules)
    assert problems(UNDERCUT, B, 26, rules) == ()


def test_undercut_worth_more_than_the_knock_limit_plus_its_bonus_is_refused():
    assert "at most 35" in refused(UNDERCUT, B, 36)
    assert "at most 32" in refused(UNDERCUT, B, 33, Ruleset(knock_limit=7))


def test_knock_of_0_points_is_refused_when_a_tie_is_an_undercut():
    assert "equal deadwood is an undercut" in refused(KNOCK, A, 0)


def test_knock_of_0_points_is_a_tie_when_ties_go_to_the_knocker():
    assert problems(KNOCK, A, 0, Ruleset(undercut_on_tie=False)) == ()


def test_knock_worth_more_than_any_defender_deadwood_allows_is_refused():
    assert problems(KNOCK, A, MAX_DEADWOOD - 1) == ()
    assert f"at most {MAX_DEADWOOD - 1}" in refused(KNOCK, A, MAX_DEADWOOD)


@pytest.mark.parametrize(
    ("points", "message"),
    [(10.5, "whole number"), ("12", "whole number"), (None, "whole"), (-3, "cannot be negative")],
)
def test_points_not_whole_or_negative_are_refused(points, message):
    assert message in refused(KNOCK, A, points)


def test_whole_points_written_as_a_float_are_read():
    assert problems(KNOCK, A, 12.0) == ()


def test_claim_needs_a_winner_unless_the_hand_is_dead():
    assert refused(KNOCK, None, 12) == "a knock needs a winner"


def test_undercut_goes_to_the_defender_not_the_knocker():
    assert refused(UNDERCUT, A, 30, knocker=A) == "an undercut is won by the defender (B), not A"


def test_gin_goes_to_the_knocker():
    assert refused(GIN, B, 30, knocker=A) == "a gin is won by the knocker (A), not B"


def test_unknown_outcome_and_seats_are_refused():
    assert "unknown outcome 'schneider'" in refused("schneider", A, 12)
    assert "seats are A or B" in refused(KNOCK, "C", 12)


def test_claims_read_plain_values():
    assert problems("undercut", "B", 30, knocker="A") == ()


def test_oklahoma_spade_upcard_doubles_exactly():
    spade = parse_card("5S")
    assert "not even" in refused(KNOCK, A, 13, OKLAHOMA, upcard=spade)
    assert problems(KNOCK, A, 26, OKLAHOMA, upcard=spade) == ()
    assert "at least 50" in refused(GIN, A, 40, OKLAHOMA, upcard=spade)


def test_oklahoma_other_upcard_does_not_double():
    assert "at most 123" in refused(GIN, A, 200, OKLAHOMA, upcard=parse_card("5H"))


def test_oklahoma_without_upcard_allows_either_multiplier():
    assert problems(KNOCK, A, 13, OKLAHOMA) == ()
    assert problems(KNOCK, A, 2 * (MAX_DEADWOOD - 1), OKLAHOMA) == ()
    assert "nor, doubled by a spade upcard" in refused(KNOCK, A, 2 * MAX_DEADWOOD, OKLAHOMA)


def test_oklahoma_ace_upcard_means_gin_only():
    ace = parse_card("AH")
    assert "gin only" in refused(KNOCK, A, 12, OKLAHOMA, upcard=ace)
    assert "gin only" in refused(UNDERCUT, B, 30, OKLAHOMA, upcard=ace)
    assert problems(GIN, A, 30, OKLAHOMA, upcard=ace) == ()


def test_oklahoma_undercut_is_bounded_by_the_upcard_knock_limit():
    assert "at most 29" in refused(UNDERCUT, B, 30, OKLAHOMA, upcard=parse_card("4D"))


def test_hand_after_the_game_has_ended_is_refused():
    game = score_game([HandRecord(GIN, A, 60), HandRecord(GIN, A, 60)])
    assert "the game is over (A reached 120)" in refused(KNOCK, B, 12, game=game)
    assert problems(KNOCK, B, 12, game=score_game([HandRecord(GIN, A, 60)])) == ()


def test_hand_after_the_hollywood_match_is_over_is_refused():
    match = score_hollywood([HandRecord(GIN, A, 100)] * 3)
    assert "Hollywood match is over" in refused(KNOCK, B, 12, game=match)


@pytest.mark.parametrize(
    ("outcome", "winner", "points", "rules"),
    [
        (KNOCK, A, 22, Ruleset()),
        (UNDERCUT, B, 26, Ruleset()),
        (GIN, A, 25, Ruleset()),
        (GIN, B, 123, Ruleset()),
        (BIG_GIN, A, 31, Ruleset()),
        (BIG_GIN, A, 129, Ruleset()),
        (UNDERCUT, B, 20, CLASSIC),
        (GIN, A, 20, CLASSIC),
    ],
)
def test_possible_claims_are_accepted(outcome, winner, points, rules):
    check = check_claim(HandClaim(outcome, winner, points), rules)
    assert check.ok and check.problems == ()
    assert check.expected_points is None and check.settlement is None


def test_several_problems_are_all_said():
    found = problems(DEAD, A, 5, knocker=A)
    assert len(found) == 3


# With cards: the settlement is the truth. docs/rules.md "Worked hands", knocker A.
TV = {
    "TV1": ("5S 6S 7S 9C 10C JC KS KC KD JD", "2S 8S 9S AC 2C 7C 8C 2D 8D 2H", UNDERCUT, B, 26),
    "TV2": ("AS AC AD JS QS KS 10C 10D 10H 2H", "9S 10S 4S 4H 4D 4C 5S 5H 5D 5C", UNDERCUT, B, 27),
    "TV3": ("5S 6S 7S 5C 6C 7C 5D 6D 7D AS", "3S 4S 8S 4C 8C 4D 8D 5H 6H 7H", KNOCK, A, 2),
    "TV4": ("AC 2C 3C 4D 5D 6D 7H 8H 9H JS", "4C 5C 8D 9D JD JH QH KH 2S 3S", KNOCK, A, 22),
    "TV5": ("AC 2C 3C 4D 5D 6D 7H 8H 9H JS", "JC QC KC JD QD KD JH QH KH 10S", UNDERCUT, B, 25),
}
# The most deadwood a hand can hold (claims.py docstring) against a knocker with 1 deadwood.
MOST_DEADWOOD = "9C 9D 10S 10H JS JH QC QD KC KD"
LOW_RUNS_AND_AN_ACE = "2S 3S 4S 2H 3H 4H 2C 3C 4C AD"
LOW_GIN = "AS 2S 3S 4S AH 2H 3H AC 2C 3C"


def check_with_cards(claim, knocker_cards, defender_cards, rules=STANDARD, **given):
    return check_claim(
        claim, rules, knocker_cards=knocker_cards, defender_cards=defender_cards, **given
    )


@pytest.mark.parametrize("name", sorted(TV))
def test_claim_checked_against_cards_true_claim_is_accepted(name):
    knocker, defender, outcome, winner, points = TV[name]
    check = check_with_cards(HandClaim(outcome, winner, points, knocker=A), knocker, defender)
    assert check.ok, check.problems
    assert check.expected_points == points
    assert check.settlement.outcome is outcome


def test_claim_checked_against_cards_TV1_wrong_points():
    knocker, defender, *_ = TV["TV1"]
    check = check_with_cards(HandClaim(UNDERCUT, B, 21, knocker=A), knocker, defender)
    assert check.problems == ("undercut: defender scores 26, not 21",)
    assert check.expected_points == 26


def test_claim_checked_against_cards_TV1_claimed_as_a_knock_says_each_mismatch():
    knocker, defender, *_ = TV["TV1"]
    check = check_with_cards(HandClaim(KNOCK, A, 10, knocker=A), knocker, defender)
    assert check.problems == (
        "the cards make an undercut, not a knock",
        "the defender (B) wins, not A",
        "undercut: defender scores 26, not 10",
    )


def test_claim_checked_against_cards_TV3_knocker_spreads_sets():
    # docs/rules.md TV3: spread as runs the defender would undercut for 26; as sets the knocker scores 2.
    knocker, defender, *_ = TV["TV3"]
    check = check_with_cards(HandClaim(UNDERCUT, B, 26, knocker=A), knocker, defender)
    assert check.problems == (
        "the cards make a knock, not an undercut",
        "the knocker (A) wins, not B",
        "knock: knocker scores 2, not 26",
    )


def test_knocker_seat_is_read_from_the_claim_when_not_given():
    knocker, defender, *_ = TV["TV4"]
    assert check_with_cards(HandClaim(KNOCK, B, 22), knocker, defender).ok
    check = check_with_cards(HandClaim(UNDERCUT, A, 22), knocker, defender)
    assert "the knocker (B) wins, not A" in check.problems


def test_claim_checked_against_cards_with_a_given_spread():
    # TV3 spread as runs: the defender lays off 4S 8S, 4C 8C, 4D 8D and undercuts.
    knocker, defender, *_ = TV["TV3"]
    runs = ["5S 6S 7S", "5C 6C 7C", "5D 6D 7D"]
    check = check_with_cards(HandClaim(UNDERCUT, B, 26), knocker, defender, spread=runs)
    assert check.ok, check.problems


def test_card_check_replaces_the_range_check():
    check = check_with_cards(HandClaim(GIN, A, 124), LOW_GIN, MOST_DEADWOOD)
    assert check.problems == ("gin: knocker scores 123, not 124",)


def test_most_deadwood_gin_scores_the_highest_possible_gin():
    check = check_with_cards(HandClaim(GIN, A, MAX_DEADWOOD + 25), LOW_GIN, MOST_DEADWOOD)
    assert check.ok, check.problems
    assert check.settlement.defender_deadwood == MAX_DEADWOOD


def test_most_deadwood_knock_scores_the_highest_possible_knock():
    check = check_with_cards(HandClaim(KNOCK, A, 97), LOW_RUNS_AND_AN_ACE, MOST_DEADWOOD)
    assert check.ok, check.problems
    assert check.settlement.knocker_deadwood == 1
    assert check.settlement.defender_deadwood == MAX_DEADWOOD
    assert problems(KNOCK, A, check.expected_points) == ()


def test_oklahoma_spade_upcard_doubles_the_settled_points():
    knocker, defender, *_ = TV["TV4"]
    claim = HandClaim(KNOCK, A, 22)
    check = check_with_cards(claim, knocker, defender, OKLAHOMA, upcard=parse_card("10S"))
    assert check.problems == ("knock: knocker scores 44, not 22",)


def test_illegal_knock_becomes_a_problem_with_its_message():
    knocker = "AS 2S 3S 4H 5H 6H 8C 10D JD QS"  # deadwood 38
    check = check_with_cards(HandClaim(KNOCK, A, 20), knocker, MOST_DEADWOOD)
    assert check.settlement is None and check.expected_points is None
    assert check.problems == ("knocker's deadwood is 38, over the knock limit of 10",)


def test_oklahoma_upcard_limit_makes_a_knock_illegal():
    knocker, defender, *_ = TV["TV4"]  # knocker deadwood 10 (JS)
    check = check_with_cards(HandClaim(KNOCK, A, 22), knocker, defender, OKLAHOMA,
                             upcard=parse_card("7C"))
    assert len(check.problems) == 1 and "over the knock limit of 7" in check.problems[0]


def test_invalid_cards_become_a_problem_and_the_range_check_still_runs():
    knocker, defender, *_ = TV["TV4"]
    check = check_with_cards(HandClaim(GIN, A, 10), knocker.replace("JS", "ZZ"), defender)
    assert len(check.problems) == 2
    assert "'ZZ' is not a card" in check.problems[0]
    assert "at least 25" in check.problems[1]


def test_a_card_in_both_hands_is_a_problem():
    knocker, defender, *_ = TV["TV4"]
    check = check_with_cards(HandClaim(KNOCK, A, 22), knocker, defender.replace("2S", "JS"))
    assert check.problems == ("JS cannot be in both hands",)


def test_one_hand_alone_cannot_check_a_claim():
    knocker, *_ = TV["TV4"]
    check = check_claim(HandClaim(KNOCK, A, 22), knocker_cards=knocker)
    assert check.problems == ("both hands are needed to check the claim against the cards",)


def test_most_deadwood_big_gin_scores_the_highest_possible_big_gin():
    knocker = "AS 2S 3S 4S AH 2H 3H 4H AC 2C 3C"
    check = check_with_cards(HandClaim(BIG_GIN, A, MAX_DEADWOOD + 31), knocker, MOST_DEADWOOD)
    assert check.ok, check.problems


def _melds(size):
    starts = range(1, 15 - size)
    runs = [[Card(r, s) for r in range(start, start + size)] for s in Suit for start in starts]
    sets = [list(group) for rank in range(1, 14)
            for group in combinations([Card(rank, s) for s in Suit], size)]
    return runs + sets


MELDS_OF_3 = _melds(3)
MELDS = MELDS_OF_3 + _melds(4)


def _draw_melds(draw, choices, count, taken):
    held = []
    for _ in range(count):
        meld = draw(st.sampled_from([m for m in choices if not set(m) & (taken | set(held))]))
        held += meld
    return held


@st.composite
def knocks(draw):
    """A knocker holding three melds (9 cards and one more, 10 melded: gin, 11: big gin), a
    defender holding up to three melds and random cards, maybe an upcard."""
    knocker = _draw_melds(draw, MELDS, 2, set())
    knocker += _draw_melds(draw, MELDS_OF_3, 1, set(knocker))
    rest = [card for card in DECK if card not in knocker]
    if len(knocker) == 9:
        knocker.append(draw(st.sampled_from(rest)))
        rest.remove(knocker[-1])
    defender = _draw_melds(draw, MELDS, draw(st.integers(0, 3)), set(knocker))[:10]
    rest = [card for card in rest if card not in defender]
    draw(st.randoms(use_true_random=False)).shuffle(rest)
    defender += rest[: 10 - len(defender)]
    return knocker, defender, draw(st.sampled_from([None, *rest[10:]]))


@settings(max_examples=examples(300), deadline=None)
@given(knocks(), st.sampled_from([STANDARD, CLASSIC, OKLAHOMA, Ruleset(undercut_on_tie=False)]),
       st.booleans())
def test_every_settled_hand_is_a_possible_claim(deal, rules, show_upcard):
    knocker, defender, upcard = deal
    upcard = upcard if show_upcard else None
    try:
        settlement = settle_hand(knocker, defender, rules, upcard=upcard)
    except IllegalKnock:
        event("refused knock")
        return  # over an Oklahoma knock limit, or big gin under a ruleset without it
    event(settlement.outcome.value)
    winner = A if settlement.winner is Side.KNOCKER else B
    claim = HandClaim(settlement.outcome, winner, settlement.points, knocker=A)
    assert check_claim(claim, rules, upcard=upcard).ok
    assert check_claim(claim, rules, upcard=upcard, knocker_cards=knocker,
                       defender_cards=defender).ok
