"""A defender found with an incorrect hand after a knock (Hoyle's irregularities, Incorrect Hand):
"he is charged 10 for each missing card, or all his cards (if more than ten) are counted; in
either case, he cannot score for undercut." Checked against the plain reference search."""

from hypothesis import given, settings
from hypothesis import strategies as st

from gameplay.engine import DECK, Outcome, Ruleset, charge_incorrect_defender
from gameplay.engine.hand_settle import stand_ins
from tests.engine import brute_force
from tests.examples import examples

RULESETS = st.sampled_from([Ruleset(), Ruleset(oklahoma=True), Ruleset(gin_bonus=20, big_gin_bonus=40)])


@st.composite
def incorrect_hands(draw):
    """A knocker's 10 cards and a defender's 7 to 9, or 11 or 12, cards."""
    deck = draw(st.permutations(DECK))
    ours = deck[:10]
    theirs = deck[11: 11 + draw(st.sampled_from([7, 8, 9, 11, 12]))]
    return ours, theirs, deck[30]


@settings(max_examples=examples(150), deadline=None)
@given(incorrect_hands(), RULESETS)
def test_an_incorrect_defender_is_charged_and_cannot_undercut(hands, rules):
    ours, theirs, upcard = hands
    # A random knocker is mostly over the knock limit: his opponent accepted the knock.
    charge = charge_incorrect_defender(ours, theirs, rules, upcard=upcard, over_limit_accepted=True)
    knocker = brute_force.least_deadwood(ours, rules)
    if len(theirs) > 10:
        charged = sum(card.value for card in theirs)  # all his cards are counted
    elif knocker == 0:  # no layoff on a gin: his deadwood, 10 a missing card
        charged = brute_force.least_deadwood(theirs, rules) + 10 * (10 - len(theirs))
    else:  # what he keeps after laying off, and 10 for each missing card
        charged = brute_force.settle_defender_deadwood(ours, theirs, rules) + 10 * (10 - len(theirs))
    assert charge.charged == charged
    if knocker == 0:
        outcome, points = Outcome.GIN, charged + rules.gin_bonus
    else:
        outcome, points = Outcome.KNOCK, max(0, charged - knocker)
    assert (charge.outcome, charge.points) == (outcome, points * rules.hand_multiplier(upcard))


def test_a_stand_in_for_a_missing_card_can_meld_with_nothing():
    """A stand-in is a card in neither hand that the defender cannot meld and the knocker
    cannot take as a layoff: of a rank the defender holds at most once and the knocker at most
    twice, next to no card of either hand in its suit."""
    ours = tuple(card for card in DECK if card.rank in (1, 2) or card.code in ("5S", "5H"))
    theirs = tuple(card for card in DECK if card.code in ("9C", "9D", "JS"))
    chosen = stand_ins(ours[:10], theirs, 3)
    held = (*ours[:10], *theirs)
    for card in chosen:
        assert card not in held
        assert sum(c.rank == card.rank for c in (*theirs, *chosen) if c != card) <= 1
        assert sum(c.rank == card.rank for c in ours[:10]) <= 2
        assert not any(c.suit == card.suit and abs(c.rank - card.rank) == 1
                       for c in (*held, *chosen) if c != card)
