"""The end of a knock, gin or big gin: ``settle_hand`` on the final cards, and the two rulings of
seed 000 that change a settlement: an illegal knock the opponent accepted, and a defender found
with an incorrect hand after a knock.
"""

from __future__ import annotations

from dataclasses import dataclass

from .arrangement import least_deadwood
from .cards import DECK, Card, deadwood_points
from .errors import EngineError
from .hand_state import HAND_SIZE, HandResult, HandState, finish
from .rules import Ruleset
from .settlement import Settlement, settle_hand
from .types import Outcome, Seat, Side

# 000 Incorrect Hand: "he is charged 10 for each missing card"
MISSING_CARD_CHARGE = 10


@dataclass(frozen=True, slots=True)
class LimitWaived(Ruleset):
    """The rules of a hand whose illegal knock the opponent accepted (000 Illegal Knock: "opponent
    may accept the knock"): the same settings, no knock limit for the settlement."""

    def knock_limit_for(self, upcard: Card | None) -> int:
        return deadwood_points(DECK)


def waive_limit(rules: Ruleset) -> Ruleset:
    return LimitWaived.from_dict(rules.to_dict())


def settle(state: HandState) -> HandState:
    """The hand settled: the defender has spread and laid off (RULES.md "Settling a knock")."""
    rules = waive_limit(state.rules) if state.marks.over_limit_accepted else state.rules
    if state.marks.defender_miscount:
        return finish(state, _settle_miscounted(state, rules))
    knocker = state.knocker
    settlement = settle_hand(state.hands[knocker], state.hands[knocker.other], rules,
                             spread=state.spread, upcard=state.upcard)
    return finish(state, result_of(settlement, knocker))


def result_of(settlement: Settlement, knocker: Seat) -> HandResult:
    winner = knocker if settlement.winner is Side.KNOCKER else knocker.other
    return HandResult(settlement.outcome, winner, settlement.points, settlement=settlement)


def _settle_miscounted(state: HandState, rules: Ruleset) -> HandResult:
    """000 Incorrect Hand: "If the opponent is found to have an incorrect hand after a knock, he
    is charged 10 for each missing card, or all his cards (if more than ten) are counted; in
    either case, he cannot score for undercut." """
    knocker = state.knocker
    ours, theirs = state.hands[knocker], state.hands[knocker.other]
    if len(theirs) > HAND_SIZE:
        charged = deadwood_points(theirs)
        knocker_deadwood = _knocker_deadwood(state, rules)
    else:
        # Each missing card is charged as a card melding with nothing: settle with stand-ins
        # that meld with nothing and cannot be laid off, then count them 10 each.
        stand_ins = isolated_cards((*ours, *theirs), HAND_SIZE - len(theirs))
        settlement = settle_hand(ours, (*theirs, *stand_ins), rules, spread=state.spread,
                                 upcard=state.upcard)
        charged = (settlement.defender_deadwood - deadwood_points(stand_ins)
                   + MISSING_CARD_CHARGE * len(stand_ins))
        knocker_deadwood = settlement.knocker_deadwood
    outcome, points = _knocker_score(state, rules, knocker_deadwood, charged)
    note = f"defender's incorrect hand charged {charged}; no undercut"
    return HandResult(outcome, knocker, points * rules.hand_multiplier(state.upcard), note=note)


def _knocker_deadwood(state: HandState, rules: Ruleset) -> int:
    cards = state.hands[state.knocker]
    if state.spread is None:
        return least_deadwood(cards, rules)
    melded = {card for meld in state.spread for card in meld}
    return deadwood_points(card for card in cards if card not in melded)


def _knocker_score(state: HandState, rules: Ruleset, knocker: int, defender: int
                   ) -> tuple[Outcome, int]:
    if state.big_gin:
        return Outcome.BIG_GIN, defender + (rules.big_gin_bonus or 0)
    if knocker == 0:
        return Outcome.GIN, defender + rules.gin_bonus
    return Outcome.KNOCK, max(0, defender - knocker)  # "he cannot score for undercut"


def isolated_cards(held: tuple[Card, ...], count: int) -> tuple[Card, ...]:
    """``count`` cards outside ``held`` sharing no rank and no suit neighbour with any held card
    or each other: they can be in no meld and be laid off nowhere."""
    chosen: list[Card] = []
    for card in DECK:
        if len(chosen) == count:
            break
        if all(_apart(card, other) for other in (*held, *chosen)):
            chosen.append(card)
    if len(chosen) < count:
        raise EngineError("cannot settle this incorrect hand: no card is free of the others")
    return tuple(chosen)


def _apart(card: Card, other: Card) -> bool:
    if card.rank == other.rank:
        return False
    return card.suit != other.suit or abs(card.rank - other.rank) > 1
