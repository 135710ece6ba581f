"""The end of a knock, gin or big gin: ``settle_hand`` on the final cards, and the two rulings of
Hoyle's irregularities that change a settlement: an illegal knock the opponent accepted, and a defender found
with an incorrect hand after a knock.
"""

from __future__ import annotations

from dataclasses import dataclass

from .arrangement import least_deadwood
from .cards import DECK, Card, deadwood_points, parse_cards
from .errors import EngineError
from .hand_state import HAND_SIZE, HandResult, HandState, finish
from .rules import Ruleset
from .settlement import Cards, Settlement, settle_hand
from .types import Outcome, Seat, Side

# Hoyle's irregularities, Incorrect Hand: "he is charged 10 for each missing card"
MISSING_CARD_CHARGE = 10


def settle(state: HandState) -> HandState:
    """The hand settled: the defender has spread and laid off (docs/rules.md "Settling a knock").
    A knock over the limit that the opponent accepted (Hoyle's irregularities, Illegal Knock: "opponent may accept
    the knock") is settled without the limit."""
    # The defender's cards are counted as he spreads them: a wrong count not yet ruled on is
    # found now, after the knock.
    if state.marks.defender_miscount or len(state.hands[state.knocker.other]) != HAND_SIZE:
        return finish(state, _settle_miscounted(state))
    knocker = state.knocker
    settlement = settle_hand(state.hands[knocker], state.hands[knocker.other], state.rules,
                             spread=state.spread, upcard=state.upcard,
                             over_limit_accepted=state.marks.over_limit_accepted)
    return finish(state, result_of(settlement, knocker))


def result_of(settlement: Settlement, knocker: Seat) -> HandResult:
    winner = knocker if settlement.winner is Side.KNOCKER else knocker.other
    return HandResult(settlement.outcome, winner, settlement.points, settlement=settlement)


def _settle_miscounted(state: HandState) -> HandResult:
    # A big gin is told by the knocker's eleven cards (charge_incorrect_defender counts them).
    knocker = state.knocker
    charge = charge_incorrect_defender(
        state.hands[knocker], state.hands[knocker.other], state.rules, spread=state.spread,
        upcard=state.upcard, over_limit_accepted=state.marks.over_limit_accepted)
    note = f"defender's incorrect hand charged {charge.charged}; no undercut"
    return HandResult(charge.outcome, knocker, charge.points, note=note)


@dataclass(frozen=True, slots=True)
class IncorrectDefence:
    """A knock settled against a defender found with a wrong number of cards."""

    outcome: Outcome  # knock, gin or big gin: always the knocker's hand
    points: int  # to the knocker, the Oklahoma multiplier included
    charged: int  # the defender's count: his deadwood plus 10 a missing card


def charge_incorrect_defender(knocker_cards: Cards, defender_cards: Cards,
                              rules: Ruleset, *, spread=None, upcard: Card | None = None,
                              over_limit_accepted: bool = False,
                              big_gin: bool = False) -> IncorrectDefence:
    """Hoyle's irregularities, Incorrect Hand: "If the opponent is found to have an incorrect
    hand after a knock, he is charged 10 for each missing card, or all his cards (if more than
    ten) are counted; in either case, he cannot score for undercut." """
    ours, theirs = parse_cards(knocker_cards), parse_cards(defender_cards)
    if len(theirs) > HAND_SIZE:
        charged = deadwood_points(theirs)
        knocker_deadwood = _deadwood_of(ours, rules, spread)
    else:
        # settle_hand takes ten defender cards: settle with stand-ins for the missing cards
        # that cannot change the defence (they stay deadwood), then charge 10 for each instead.
        extra = stand_ins(ours, theirs, HAND_SIZE - len(theirs))
        settlement = settle_hand(ours, (*theirs, *extra), rules, spread=spread, upcard=upcard,
                                 over_limit_accepted=over_limit_accepted)
        charged = (settlement.defender_deadwood - deadwood_points(extra)
                   + MISSING_CARD_CHARGE * len(extra))
        knocker_deadwood = settlement.knocker_deadwood
    outcome, points = _knocker_score(big_gin or len(ours) == HAND_SIZE + 1, rules,
                                     knocker_deadwood, charged)
    return IncorrectDefence(outcome, points * rules.hand_multiplier(upcard), charged)


def _deadwood_of(cards: tuple[Card, ...], rules: Ruleset, spread) -> int:
    if spread is None:
        return least_deadwood(cards, rules)
    melded = {card for meld in spread for card in meld}
    return deadwood_points(card for card in cards if card not in melded)


def _knocker_score(big_gin: bool, rules: Ruleset, knocker: int, defender: int
                   ) -> tuple[Outcome, int]:
    if big_gin:
        return Outcome.BIG_GIN, defender + (rules.big_gin_bonus or 0)
    if knocker == 0:
        return Outcome.GIN, defender + rules.gin_bonus
    return Outcome.KNOCK, max(0, defender - knocker)  # "he cannot score for undercut"


def stand_ins(knocker: tuple[Card, ...], defender: tuple[Card, ...], count: int
              ) -> tuple[Card, ...]:
    """``count`` cards in neither hand that cannot change the defence: the defender holds at
    most one of a stand-in's rank (no set with it) and the knocker at most two (no set to lay it
    off on), and nobody holds a card next to it in its suit (no run, no layoff, no chain)."""
    chosen: list[Card] = []
    for card in DECK:
        if len(chosen) == count:
            break
        if card not in knocker and card not in defender and _inert(card, knocker,
                                                                   (*defender, *chosen)):
            chosen.append(card)
    if len(chosen) < count:
        raise EngineError("cannot settle this incorrect hand: no stand-in card is free")
    return tuple(chosen)


def _inert(card: Card, knocker: tuple[Card, ...], defender: tuple[Card, ...]) -> bool:
    if sum(c.rank == card.rank for c in defender) > 1:
        return False
    if sum(c.rank == card.rank for c in knocker) > 2:
        return False
    return not any(c.suit == card.suit and abs(c.rank - card.rank) == 1
                   for c in (*knocker, *defender))
