"""The score sheet's own words and the dealer it records for each hand."""

import pytest

from gameplay.engine.rules import Ruleset
from gameplay.engine.scoring import GameScore, HandRecord, InvalidHand
from gameplay.engine.types import Outcome, Seat

A, B = Seat.A, Seat.B


def test_an_unknown_outcome_is_refused_naming_the_outcomes():
    with pytest.raises(InvalidHand) as refused:
        HandRecord("schneider", A, 10)
    assert str(refused.value) == (
        "outcome must be one of knock, undercut, gin, big_gin, dead_hand, not 'schneider'")


def test_only_a_hand_record_is_added_to_the_score():
    with pytest.raises(InvalidHand) as refused:
        GameScore(Ruleset(), A).add(("knock", A, 10))
    assert str(refused.value) == "expected a HandRecord, not ('knock', <Seat.A: 0>, 10)"


def test_the_dealer_named_for_a_hand_is_recorded_over_the_usual_next_dealer():
    """A hand dealt by the wrong player stands once the upcard is turned (docs/rules.md "Wrong
    dealer"): the sheet records who actually dealt."""
    score = GameScore(Ruleset(), A)
    assert score.dealer_next is A
    line = score.add(HandRecord(Outcome.KNOCK, A, 10), dealer=B).lines[-1]
    assert line.dealer is B
    assert score.add(HandRecord(Outcome.KNOCK, A, 10)).lines[-1].dealer is A
