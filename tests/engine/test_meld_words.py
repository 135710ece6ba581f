"""What the engine says about cards that are not a meld, and the melds a hand can form under the
house rule on runs (docs/rules.md "Melds and deadwood")."""

import pytest

from gameplay.engine import InvalidCards, Ruleset, make_meld, parse_card, parse_cards
from gameplay.engine.melds import candidate_melds


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("7C 7C 7D", "a card appears twice"),
        ("7C 7D", "a meld needs at least 3 cards, not 2"),
        ("5H 6S 7H", "a set needs one rank and a run needs one suit"),
        ("QS KS AS", "a run needs consecutive ranks (the ace is low only: K-A-2 is no run)"),
    ],
)
def test_cards_that_are_no_meld_are_refused_saying_why(text, reason):
    with pytest.raises(InvalidCards) as refused:
        make_meld([parse_card(token) for token in text.split()])
    assert str(refused.value).endswith(f"is not a meld: {reason}")


def test_the_cards_refused_as_a_meld_are_named_in_deck_order():
    # Deck order: clubs, diamonds, hearts, spades, the ace lowest in each suit.
    with pytest.raises(InvalidCards, match=r"^3C 4D 2H is not a meld"):
        make_meld(parse_cards("2H 3C 4D"))


def test_the_melds_a_hand_can_form_keep_the_house_limit_on_runs():
    # docs/rules.md, maximum run length: runs of 3 to 5 cards under the house rule.
    hand = parse_cards("3H 4H 5H 6H 7H 8H")
    lengths = sorted(len(meld.cards) for meld in candidate_melds(hand, Ruleset(max_run_length=5)))
    assert lengths == [3, 3, 3, 3, 4, 4, 4, 5, 5]
    assert max(len(meld.cards) for meld in candidate_melds(hand)) == 6


def test_a_meld_is_written_as_its_cards():
    assert str(make_meld(parse_cards("5H 3H 4H"))) == "3H 4H 5H"
