"""A turn's draw, a declared spread, big gin and the events offered, each rule from docs/rules.md
("A turn", "Knock", "Big gin") and Hoyle's irregularities ("Exposed Card")."""

import pytest

from gameplay.engine.cards import parse_card
from gameplay.engine.errors import IllegalAction, IllegalKnock
from gameplay.engine.hand import apply, legal_events, replay
from gameplay.engine.hand_events import BigGin, Discard, Draw, Knock, Pass, Source
from gameplay.engine.rules import Ruleset
from gameplay.engine.rulings import ExposedCards
from tests.engine.test_hand_support import TV1_DEFENDER, TV1_KNOCKER, A, B, play, start

C = parse_card
FIVE_CARD_RUNS = Ruleset(max_run_length=5)
DEALER = "AH 2H 4D 5D AC 2C 7C 8C 2D 8D"


def refusal(error, state, event):
    with pytest.raises(error) as refused:
        apply(state, event)
    return str(refused.value)


# --- drawing ------------------------------------------------------------------------------------


def test_draw_from_discard_pile_takes_its_top_card():
    """docs/rules.md "A turn": "the top of the stock or the top card of the discard pile (never a
    card below it)"."""
    state = play(start(TV1_KNOCKER, TV1_DEFENDER, "3H", "QH 4D"), Pass(B), Pass(A),
                 Draw(B, Source.STOCK), Discard(B, C("QH")), Draw(A, Source.STOCK),
                 Discard(A, C("2H")))
    assert state.discards == (C("3H"), C("QH"), C("2H"))
    taken = apply(state, Draw(B, Source.DISCARD))
    assert taken.hands[B][-1] == C("2H")
    assert taken.discards == (C("3H"), C("QH"))
    assert refusal(IllegalAction, state, Draw(B, Source.DISCARD, C("QH"))) == (
        "QH is not the top of the discard pile")
    assert apply(state, Draw(B, Source.DISCARD, C("2H"))).hands == taken.hands


def _exposed(*codes):
    """B (non-dealer) and A refuse the upcard; B draws QH and exposes cards of the stock."""
    state = play(start(TV1_KNOCKER, TV1_DEFENDER, "3H", "QH 4D 9H 3C"), Pass(B), Pass(A),
                 Draw(B, Source.STOCK))
    return apply(state, ExposedCards(B, tuple(C(code) for code in codes)))


def test_the_non_offender_is_offered_each_exposed_card_by_name():
    """Hoyle's irregularities, Exposed Card: the non-offender "may in each succeeding turn take
    one of the exposed cards"."""
    state = apply(_exposed("4D", "9H"), Discard(B, C("QH")))
    draws = legal_events(state)
    assert Draw(A, Source.EXPOSED, C("4D")) in draws and Draw(A, Source.EXPOSED, C("9H")) in draws
    assert refusal(IllegalAction, state, Draw(A, Source.EXPOSED, C("3C"))) == (
        "name one of the exposed cards: 4D 9H")
    assert refusal(IllegalAction, state, Draw(A, Source.EXPOSED)) == (
        "name one of the exposed cards: 4D 9H")


# --- a declared spread --------------------------------------------------------------------------


def test_a_declared_spread_is_held_to_the_house_limit_on_runs():
    """docs/rules.md, maximum run length: a six-card run is no meld under the five-card limit,
    though its cards meld as two runs of three."""
    state = play(start("3S 4S 5S 6S 7S 9C 10C JC KS KC", DEALER, "3H", "8S",
                       rules=FIVE_CARD_RUNS), Pass(B), Pass(A), Draw(B, Source.STOCK))
    six = ((C("3S"), C("4S"), C("5S"), C("6S"), C("7S"), C("8S")), (C("9C"), C("10C"), C("JC")))
    assert refusal(IllegalAction, state, Knock(B, C("KC"), six)) == (
        "3S 4S 5S 6S 7S 8S is not a meld: runs are limited to 5 cards by the house rule")


def _ready_to_knock():
    """B holds 5-6-7S, 9-10-JC, KS KC KD and JD, and draws QH: JD is his deadwood (10)."""
    return play(start(TV1_KNOCKER, TV1_DEFENDER, "3H", "QH"), Pass(B), Pass(A),
                Draw(B, Source.STOCK))


MELDS = ((C("5S"), C("6S"), C("7S")), (C("9C"), C("10C"), C("JC")), (C("KS"), C("KC"), C("KD")))


def test_a_declared_spread_leaving_deadwood_at_the_knock_limit_stands():
    """docs/rules.md "Knock": the knocker's deadwood may be the knock limit itself."""
    knocked = apply(_ready_to_knock(), Knock(B, C("QH"), MELDS))
    assert knocked.spread == MELDS


def test_a_declared_spread_uses_the_knockers_own_cards_each_once():
    state = _ready_to_knock()
    twice = (*MELDS, (C("KS"), C("KC"), C("KD")))
    assert refusal(IllegalAction, state, Knock(B, C("QH"), twice)) == (
        "the spread must use cards of the knocker's hand, each once")


def test_a_declared_spread_may_hold_every_card_the_knocker_keeps():
    state = play(start("5S 6S 7S 8S 9C 10C JC KS KC KD", DEALER, "3H", "QD"), Pass(B),
                 Pass(A), Draw(B, Source.STOCK))
    spread = ((C("5S"), C("6S"), C("7S"), C("8S")), *MELDS[1:])
    assert apply(state, Knock(B, C("QD"), spread)).spread == spread


# --- big gin --------------------------------------------------------------------------------------

BIG_GIN = "AS 2S 3S 4H 5H 6H 7D 8D 9D 10D"  # B draws JD: eleven cards melded
RUNS_OF_FOUR = "AS 2S 3S 4S 5H 6H 7H 8D 9D 10D"  # B draws JD: melded in runs of 4, 3 and 4


def _drawn(hand, card, rules=None):
    """B (non-dealer) holds ``hand``; both refuse the upcard KH and B draws ``card``."""
    return play(start(hand, "KS 10S QH JC 2C 3C 9C 5C 4C QC", "KH", card, rules=rules or Ruleset()),
                Pass(B), Pass(A), Draw(B, Source.STOCK))


def test_big_gin_is_offered_when_all_eleven_cards_are_melded():
    """docs/rules.md "Big gin": all 11 cards melded after the draw, no discard."""
    assert BigGin(B) in legal_events(_drawn(BIG_GIN, "JD"))
    assert BigGin(B) not in legal_events(_drawn(BIG_GIN, "KD"))
    assert BigGin(B) in legal_events(_drawn(RUNS_OF_FOUR, "JD"))


def test_big_gin_is_held_to_the_house_limit_on_runs():
    three_card_runs = _drawn(RUNS_OF_FOUR, "JD", Ruleset(max_run_length=3))
    assert BigGin(B) not in legal_events(three_card_runs)
    assert refusal(IllegalKnock, three_card_runs, BigGin(B)) == "big gin needs all 11 cards melded"


def test_big_gin_is_refused_saying_why():
    classic = _drawn(BIG_GIN, "JD", Ruleset.preset("classic"))
    assert refusal(IllegalKnock, classic, BigGin(B)) == "big gin is not played under this ruleset"
    short = _drawn("AS 2S 3S 4H 5H 6H 7D 8D 9D", "10D")
    assert refusal(IllegalKnock, short, BigGin(B)) == "big gin needs 11 cards, B holds 10"


# --- a hand's log ---------------------------------------------------------------------------------


def test_a_hands_log_starts_with_its_deal():
    for log in ([], [Pass(B)]):
        with pytest.raises(IllegalAction) as refused:
            replay(Ruleset(), log)
        assert str(refused.value) == "a hand's log starts with its deal"


def test_a_knock_is_held_to_the_house_limit_on_runs():
    # Runs of four under a limit of three: a card of each is deadwood (9 + 9 + 3 + 3).
    state = play(start("9S 10S JS QS 9H 10H JH QH 3C 3D", DEALER, "3H", "KC",
                       rules=Ruleset(max_run_length=3)), Pass(B), Pass(A), Draw(B, Source.STOCK))
    assert refusal(IllegalKnock, state, Knock(B, C("KC"))) == (
        "B's deadwood would be 24, over the knock limit of 10")
