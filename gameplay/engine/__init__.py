"""Gin Rummy rules engine: pure Python, no Django; no I/O but the self-play command line
(`python -m gameplay.engine.selfplay`), which prints the games it plays.

Rules: docs/rules.md, the rule book in the project's words; each module names its section.
"""

from .arrangement import best_arrangement, best_discard, least_deadwood
from .cards import DECK, Card, Suit, card_at, deadwood_points, format_cards, parse_card, parse_cards
from .claims import ClaimCheck, HandClaim, check_claim
from .counts import CountSettlement, claimed_outcome_problem, settle_counts
from .errors import (
    EngineError,
    IllegalAction,
    IllegalKnock,
    InvalidCards,
    InvalidCounts,
    InvalidRuleset,
    KnockOverLimit,
)
from .hand import apply, deal, legal_events, replay
from .hand_events import Choice, Found, Source, log_from_json, log_to_json
from .hand_settle import IncorrectDefence, charge_incorrect_defender
from .hand_state import HandResult, HandState, Phase
from .hand_view import PlayerView, player_view
from .hollywood import (
    ColumnTotals,
    HollywoodFormat,
    HollywoodLine,
    HollywoodScore,
    HollywoodTotals,
    HollywoodWinner,
    hollywood_from_totals,
    hollywood_totals_problem,
    score_hollywood,
)
from .melds import is_meld, make_meld
from .partitions import all_best_arrangements
from .players import SimplePlayer, StrongPlayer
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
from .totals import HandPointRange, hand_point_range, totals_problem, totals_reachable
from .types import Arrangement, Layoff, Meld, MeldKind, Outcome, Seat, Side

__all__ = [
    "DECK",
    "PRESETS",
    "Arrangement",
    "Card",
    "Choice",
    "ClaimCheck",
    "ColumnTotals",
    "CountSettlement",
    "EngineError",
    "FinalAccount",
    "Found",
    "GameOver",
    "GameScore",
    "HandClaim",
    "HandLine",
    "HandPointRange",
    "HandRecord",
    "HandResult",
    "HandState",
    "HollywoodFormat",
    "HollywoodLine",
    "HollywoodScore",
    "HollywoodTotals",
    "HollywoodWinner",
    "IllegalAction",
    "IllegalKnock",
    "IncorrectDefence",
    "InvalidCards",
    "InvalidCounts",
    "InvalidHand",
    "InvalidRuleset",
    "KnockOverLimit",
    "Layoff",
    "Meld",
    "MeldKind",
    "NextDealer",
    "Outcome",
    "Phase",
    "PlayerView",
    "Ruleset",
    "Seat",
    "SeatAccount",
    "Settlement",
    "Shutout",
    "Side",
    "SimplePlayer",
    "Source",
    "StrongPlayer",
    "Suit",
    "all_best_arrangements",
    "apply",
    "best_arrangement",
    "best_discard",
    "card_at",
    "charge_incorrect_defender",
    "check_claim",
    "claimed_outcome_problem",
    "deadwood_points",
    "deal",
    "format_cards",
    "hand_point_range",
    "hollywood_from_totals",
    "hollywood_totals_problem",
    "is_meld",
    "least_deadwood",
    "legal_events",
    "log_from_json",
    "log_to_json",
    "make_meld",
    "parse_card",
    "parse_cards",
    "player_view",
    "replay",
    "score_game",
    "score_hollywood",
    "settle_counts",
    "settle_hand",
    "totals_problem",
    "totals_reachable",
]
