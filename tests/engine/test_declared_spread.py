"""A knocker's declared spread (docs/rules.md "Knock"; Hoyle's irregularities, Illegal Knock:
the knocker's claim as he spreads it): each meld checked under the hand's ruleset, every card
at fault named."""

import pytest

from gameplay.engine import InvalidCards, Ruleset, parse_cards, settle_hand
from gameplay.engine.cards import DECK
from gameplay.engine.partitions import all_best_arrangements

STANDARD = Ruleset()
DEFENDER = parse_cards("5H 6H 2S 3S 5D 7D 9D JD QS 8S")


def _refusal(knocker: str, spread: list[str], rules: Ruleset = STANDARD) -> str:
    with pytest.raises(InvalidCards) as refused:
        settle_hand(parse_cards(knocker), DEFENDER, rules, spread=spread)
    return str(refused.value)


def test_every_card_of_a_meld_the_knocker_does_not_hold_is_named():
    assert _refusal("2H 3H 4H 9C 10C JC KS KD KH AD", ["AH 2H 3H 4H 5H 6H"]) == (
        "AH 5H 6H in the spread but not in the knocker's hand")


def test_every_card_spread_in_two_melds_is_named():
    assert _refusal("2H 3H 4H 9C 10C JC KS KD KH AD", ["KH KS KD", "2H 3H 4H", "KD KS KH"]) == (
        "KD KH KS in two melds of the spread (a card belongs to one meld)")


def test_a_spread_may_meld_the_first_card_of_the_deck():
    """Any card can be spread, the ace of clubs (the deck's first card) as well."""
    first = " ".join(card.code for card in DECK[:3])
    assert first == "AC 2C 3C"
    result = settle_hand(parse_cards("AC 2C 3C 9H 10H JH KS KD KH AD"), DEFENDER,
                         spread=["AC 2C 3C", "9H 10H JH", "KS KD KH"])
    assert [meld.cards[0].code for meld in result.spread] == ["AC", "9H", "KD"]


def test_a_declared_run_longer_than_the_rulesets_longest_is_no_meld():
    """The house rule of runs of 3 to 5 cards (max_run_length 5) holds for a declared spread."""
    knocker, run = "AC 2C 3C 4C 5C 6C 9H 10H JH AD", "AC 2C 3C 4C 5C 6C"
    assert "not a meld" in _refusal(knocker, [run, "9H 10H JH"], Ruleset(max_run_length=5))
    assert settle_hand(parse_cards(knocker), DEFENDER, spread=[run, "9H 10H JH"]).spread


def test_on_equal_deadwood_the_defender_keeps_his_own_meld_rather_than_lay_off():
    """docs/rules.md "Settling a knock": the defender's least deadwood; between equal ways, the
    fewest cards laid off (8H stays in his four eights; 4H, otherwise deadwood, goes onto the
    knocker's run)."""
    result = settle_hand(parse_cards("5H 6H 7H 2C 3C 4C KS KD KC AD"),
                         parse_cards("8H 8S 8D 8C 2S 9D JS 4H QH 10S"))
    assert [layoff.card.code for layoff in result.layoffs] == ["4H"]


def test_between_spreads_leaving_the_defender_equal_deadwood_the_knocker_spreads_the_first():
    """docs/rules.md "Settling a knock": the engine spreads for the knocker the least-deadwood
    arrangement leaving the defender the most; on a tie, the first arrangement in order. Here
    the threes go as a set of four or as a set of three and a run of diamonds."""
    knocker = parse_cards("6D AC AH 3C 3D 4D 3H 3S 5D 5C")
    defender = parse_cards("10D 8S JC 5H AD QC 7S 5S KS 9C")
    first, *others = all_best_arrangements(knocker, STANDARD)
    assert others
    points = {settle_hand(knocker, defender, spread=[m.cards for m in arrangement.melds]).points
              for arrangement in (first, *others)}
    assert len(points) == 1
    spread = settle_hand(knocker, defender).spread
    assert [meld.cards for meld in spread] == [meld.cards for meld in first.melds]
