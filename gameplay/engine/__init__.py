"""Gin Rummy rules engine: pure Python, no Django, no I/O.

Rules come from shared/rules/ (the two source texts and RULES.md); each module names its section.
"""

from .arrangement import all_best_arrangements, best_arrangement, best_discard, least_deadwood
from .cards import DECK, Card, Suit, card_at, deadwood_points, format_cards, parse_card, parse_cards
from .claims import ClaimCheck, HandClaim, check_claim
from .errors import EngineError, IllegalKnock, InvalidCards, InvalidRuleset
from .hollywood import HollywoodLine, HollywoodScore, score_hollywood
from .melds import is_meld, make_meld
from .rules import PRESETS, NextDealer, Ruleset, Shutout
from .scoring import (
    FinalAccount,
    GameOver,
    GameScore,
    HandLine,
    HandRecord,
    InvalidHand,
    SeatAccount,
    score_game,
)
from .settlement import Settlement, settle_hand
from .types import Arrangement, Layoff, Meld, MeldKind, Outcome, Seat, Side

__all__ = [
    "DECK",
    "PRESETS",
    "Arrangement",
    "Card",
    "ClaimCheck",
    "EngineError",
    "FinalAccount",
    "GameOver",
    "GameScore",
    "HandClaim",
    "HandLine",
    "HandRecord",
    "HollywoodLine",
    "HollywoodScore",
    "IllegalKnock",
    "InvalidCards",
    "InvalidHand",
    "InvalidRuleset",
    "Layoff",
    "Meld",
    "MeldKind",
    "NextDealer",
    "Outcome",
    "Ruleset",
    "Seat",
    "SeatAccount",
    "Settlement",
    "Shutout",
    "Side",
    "Suit",
    "all_best_arrangements",
    "best_arrangement",
    "best_discard",
    "card_at",
    "check_claim",
    "deadwood_points",
    "format_cards",
    "is_meld",
    "least_deadwood",
    "make_meld",
    "parse_card",
    "parse_cards",
    "score_game",
    "score_hollywood",
    "settle_hand",
]
