"""Swiss pairing of a 512-player field: round 5 after four rounds of random results (a tenth
drawn) must be paired in under a second. Also reports the earlier rounds and, for comparison,
a 128-player field solved exactly (one matching over every allowed edge)."""

from __future__ import annotations

import random
import time

from league.competitions.algorithms.standings import MatchResult, ResultKind
from league.competitions.algorithms.swiss import SwissRound, history, pair_swiss

TARGET_SECONDS = 1.0


def _play(paired: SwissRound, number: int, rng: random.Random) -> list[MatchResult]:
    results = []
    for a, b in paired.pairings:
        x = rng.random()
        winner = None if x < 0.1 else (a if x < 0.55 else b)
        results.append(MatchResult(a, b, winner, round=number))
    if paired.bye is not None:
        results.append(MatchResult(paired.bye, None, kind=ResultKind.BYE, round=number))
    return results


def timed_event(players: int, rounds: int, seed: int) -> list[float]:
    """Seconds to pair each round of a simulated event (history included in the time)."""
    rng = random.Random(seed)
    field = list(range(1, players + 1))
    results: list[MatchResult] = []
    times = []
    for number in range(1, rounds + 1):
        started = time.perf_counter()
        past = history(results)
        paired = pair_swiss(field, past.scores, past.met, past.bye_ineligible)
        times.append(time.perf_counter() - started)
        results += _play(paired, number, rng)
    return times


def run() -> bool:
    ok = True
    for seed in (1, 2, 3):
        times = timed_event(512, 5, seed)
        rounds = "  ".join(f"r{i}: {t:.3f}" for i, t in enumerate(times, start=1))
        print(f"512 players, seed {seed}: round 5 paired in {times[-1]:.3f} s   ({rounds})")
        ok = ok and times[-1] < TARGET_SECONDS
    exact = timed_event(128, 5, 1)
    print(f"128 players (exact): round 5 paired in {exact[-1]:.3f} s")
    print(f"target: round 5 of 512 players under {TARGET_SECONDS:.1f} s: {'met' if ok else 'MISSED'}")
    return ok
