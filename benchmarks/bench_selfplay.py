"""Self-play speed: complete hands per second through the hand state machine, on one core.

Target: at least 200 complete hands per second, for the default pairing (simple
against strong) and for the slowest (strong against strong). Each hand is dealt, played event by
event from the players' views, settled, and checked again by ``settle_hand``; games are scored.
The rate is hands per CPU second of this single-threaded process (``time.process_time``), so a
machine shared with other jobs does not lower it; the wall-clock rate is printed beside it.

Also printed: the strong player's game win rate against the simple one (seat and first dealer
alternate with the seed).
"""

from __future__ import annotations

import time

from gameplay.engine.rules import Ruleset
from gameplay.engine.selfplay import play_games

GAMES = 60
WIN_RATE_GAMES = 400
SEED = 2026
TARGET = 200.0


def _rate(names: tuple[str, str], games: int) -> tuple[float, float, int]:
    cpu, wall = time.process_time(), time.perf_counter()
    played = play_games(Ruleset(), names, games, SEED)
    hands = sum(len(game.hands) for game in played)
    return hands / (time.process_time() - cpu), hands / (time.perf_counter() - wall), hands


def run() -> bool:
    play_games(Ruleset(), ("simple", "strong"), 2, SEED + 1)  # warm-up: tables and caches
    ok = True
    for names in (("simple", "strong"), ("strong", "strong")):
        cpu_rate, wall_rate, hands = _rate(names, GAMES)
        met = cpu_rate >= TARGET
        ok = ok and met
        print(f"{names[0]} vs {names[1]}: {hands} hands, {cpu_rate:,.0f} hands/CPU-s "
              f"({wall_rate:,.0f} wall), target {TARGET:.0f}: {'ok' if met else 'MISSED'}")
    played = play_games(Ruleset(), ("simple", "strong"), WIN_RATE_GAMES, SEED)
    wins = sum(game.players[game.winner] == "strong" for game in played)
    print(f"strong wins {wins} of {WIN_RATE_GAMES} games against simple "
          f"({wins / WIN_RATE_GAMES:.1%})")
    return ok
