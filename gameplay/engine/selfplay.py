"""Self-play: whole games between two players, through the hand state machine.

    python -m gameplay.engine.selfplay --games 100 --seed 7 --players simple,strong [--json]

``play_game(rules, players, seed)`` is the public entry (the demo data uses it): it returns a
``PlayedGame`` with every hand's event log and result and the ``GameScore``. The same seed gives
the same game. Every settled hand is checked again by ``settle_hand`` on its final cards.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .errors import EngineError
from .hand import apply, deal
from .hand_events import Event, log_to_json
from .hand_state import HandResult, HandState
from .hand_view import player_view
from .players import Player, player
from .rules import Ruleset
from .scoring import GameScore, HandRecord
from .settlement import settle_hand
from .types import Outcome, Seat

MAX_EVENTS_PER_HAND = 500  # a hand has well under 200 events; more means a player is looping
MAX_HANDS_PER_GAME = 500


@dataclass(frozen=True, slots=True)
class PlayedHand:
    dealer: Seat
    seed: int
    log: tuple[Event, ...]
    result: HandResult

    @property
    def record(self) -> HandRecord:
        """The hand for the game score. (A deal made void by a ruling is no hand of the game;
        the built-in players commit no irregularity, so self-play never makes one.)"""
        result = self.result
        if result.outcome is None:
            raise EngineError(f"the deal was void ({result.note}): it is no hand of the game")
        if result.outcome is Outcome.DEAD_HAND:
            return HandRecord.dead()
        return HandRecord(result.outcome, result.winner, result.points)

    def to_dict(self) -> dict[str, Any]:
        result = self.result
        return {
            "dealer": self.dealer.name, "seed": self.seed, "log": log_to_json(self.log),
            "outcome": None if result.outcome is None else result.outcome.value,
            "points": result.points,
            "winner": None if result.winner is None else result.winner.name,
        }


@dataclass(frozen=True, slots=True)
class PlayedGame:
    seed: int
    rules: Ruleset
    players: tuple[str, str]  # the players' names by seat (A, B)
    hands: tuple[PlayedHand, ...]
    score: GameScore

    @property
    def winner(self) -> Seat | None:
        return self.score.winner


def play_hand(rules: Ruleset, dealer: Seat, players: Sequence[Player], seed: int) -> PlayedHand:
    """One hand from the deal to its end; each seat's player acts on its own view."""
    state = deal(rules, dealer, seed=seed)
    for _ in range(MAX_EVENTS_PER_HAND):
        if state.is_over:
            check_settlement(state)
            return PlayedHand(dealer, seed, state.log, state.result)
        seat = state.to_act
        state = apply(state, players[seat].act(player_view(state, seat)))
    raise EngineError(f"hand with seed {seed} did not end in {MAX_EVENTS_PER_HAND} events")


def check_settlement(state: HandState) -> None:
    """The hand's result again from ``settle_hand`` on the final cards."""
    result = state.result
    if result.settlement is None:
        return
    knocker = state.knocker
    again = settle_hand(state.hands[knocker], state.hands[knocker.other], state.rules,
                        spread=state.spread, upcard=state.upcard)
    if again != result.settlement:
        raise EngineError(f"settlement differs on the final cards: {again} != {result.settlement}")


def play_game(rules: Ruleset, players: Sequence[Player], seed: int) -> PlayedGame:
    """A game to ``rules.target_score``; ``players[0]`` sits at seat A. The seed fixes the
    first dealer and every deal."""
    rng = random.Random(seed)
    score = GameScore(rules, Seat(rng.randrange(2)))
    hands: list[PlayedHand] = []
    while not score.finished:
        if len(hands) >= MAX_HANDS_PER_GAME:
            raise EngineError(f"game with seed {seed} did not end in {MAX_HANDS_PER_GAME} hands")
        hand = play_hand(rules, score.dealer_next, players, rng.getrandbits(63))
        hands.append(hand)
        score = score.add(hand.record)
    names = (players[0].name, players[1].name)
    return PlayedGame(seed, rules, names, tuple(hands), score)


def play_games(rules: Ruleset, names: Sequence[str], games: int, seed: int) -> list[PlayedGame]:
    """``games`` games; the players change seats every game. Game ``g`` has its own seed."""
    labels = names if names[0] != names[1] else [f"{names[0]}-1", f"{names[1]}-2"]
    pair = [player(name, label) for name, label in zip(names, labels, strict=True)]
    played = []
    for number in range(games):
        seated = pair if number % 2 == 0 else pair[::-1]
        game_seed = random.Random(f"{seed}/{number}").getrandbits(63)
        played.append(play_game(rules, seated, game_seed))
    return played


def summary(games: Sequence[PlayedGame], seconds: float) -> dict[str, Any]:
    hands = [hand for game in games for hand in game.hands]
    outcomes = Counter(hand.result.outcome for hand in hands)
    wins: Counter[str] = Counter(game.players[game.winner] for game in games)
    names = sorted({name for game in games for name in game.players})
    return {
        "games": len(games),
        "hands": len(hands),
        "knocks": outcomes[Outcome.KNOCK],
        "gins": outcomes[Outcome.GIN],
        "big_gins": outcomes[Outcome.BIG_GIN],
        "undercuts": outcomes[Outcome.UNDERCUT],
        "dead_hands": outcomes[Outcome.DEAD_HAND],
        "hands_per_game": round(len(hands) / len(games), 2) if games else 0,
        "win_rate": {name: round(wins[name] / len(games), 3) if games else 0 for name in names},
        "seconds": round(seconds, 3),
        "hands_per_second": round(len(hands) / seconds, 1) if seconds else None,
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Gin Rummy self-play: whole games.")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--players", default="simple,strong")
    parser.add_argument("--ruleset", default="standard")
    parser.add_argument("--json", action="store_true", help="print the summary as JSON")
    args = parser.parse_args(argv)
    names = args.players.split(",")
    if len(names) != 2:
        parser.error("--players takes two names, like simple,strong")
    started = time.perf_counter()
    games = play_games(Ruleset.preset(args.ruleset), names, args.games, args.seed)
    result = summary(games, time.perf_counter() - started)
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        for key, value in result.items():
            print(f"{key.replace('_', ' '):>16}: {value}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
