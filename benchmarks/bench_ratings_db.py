"""Recompute a club's ratings from 100,000 rated games through the service (database included).

300 players, 52 weekly periods, 50,000 confirmed matches of two games, bulk inserted into a fresh
test database (SQLite in memory by default; DATABASE_URL picks another, with a test database of
its own name). Timed: recompute_ratings from scratch (read the results, rate 52 periods, write
the rows), then re-rating after a late result in the middle of the season and in its last week.
The 50,000 games/s target is the pure algorithm's (bench_ratings); here the figures are printed
and the run fails only when the stored ratings do not account for every game.
"""

from __future__ import annotations

import random
import time
from datetime import date, timedelta

from benchmarks.scratch_db import in_scratch_database

PLAYERS = 300
WEEKS = 52
GAMES_PER_MATCH = 2
GAMES = 100_000
SEED = 6
FIRST_WEEK = date(2025, 1, 6)
TEST_DATABASE = "test_ginleague_bench_ratings"  # never the one the test suite uses


def run() -> bool:
    return in_scratch_database(TEST_DATABASE, _measure)


def _measure() -> bool:
    from league.ratings.models import PlayerRating
    from league.ratings.services import rate_confirmed_result, recompute_ratings

    started = time.perf_counter()
    club, matches_by_week = _season()
    print(f"bulk insert: {GAMES} games in {GAMES // GAMES_PER_MATCH} matches, {PLAYERS} players: "
          f"{time.perf_counter() - started:.1f} s")
    now = _after(WEEKS - 1)
    started = time.perf_counter()
    run = recompute_ratings(club, now=now)
    seconds = time.perf_counter() - started
    print(f"recompute from scratch: {seconds:.2f} s, {run.results / seconds:,.0f} games/s "
          f"({run.periods} periods, {run.ratings} player ratings written)")
    for week in (WEEKS // 2, WEEKS - 1):
        started = time.perf_counter()
        again = rate_confirmed_result(matches_by_week[week], now=now)
        print(f"re-rate from week {week + 1}: {time.perf_counter() - started:.2f} s "
              f"({again.periods} periods)")
    ok = run.results == GAMES and run.periods == WEEKS
    ok = ok and PlayerRating.objects.count() == run.ratings
    if not ok:
        print(f"below target: {run.results} results rated in {run.periods} periods")
    return ok


def _season():
    """The club, and one match id per week (for the re-rating runs)."""
    from gameplay.engine import Ruleset
    from league.clubs.models import Club, Player, Season
    from league.competitions.models import Competition, Entry, Round

    club = Club.objects.create(name="Benchmark club", slug="benchmark-club")
    competition = Competition.objects.create(
        season=Season.objects.create(club=club, name="2025"), name="League",
        format=Competition.Format.LEAGUE, status=Competition.Status.RUNNING,
        ruleset=Ruleset().to_dict(), match_format=Competition.MatchFormat.FIXED_GAMES,
        match_games=GAMES_PER_MATCH,
    )
    round_ = Round.objects.create(competition=competition, number=1)
    players = Player.objects.bulk_create(
        Player(club=club, name=f"Player {n}") for n in range(PLAYERS)
    )
    entries = Entry.objects.bulk_create(
        Entry(competition=competition, player=p) for p in players
    )
    rng = random.Random(SEED)
    strengths = [rng.gauss(1500, 250) for _ in entries]
    per_week = GAMES // GAMES_PER_MATCH // WEEKS
    first_ids = []
    for week in range(WEEKS):
        count = per_week + (1 if week < GAMES // GAMES_PER_MATCH % WEEKS else 0)
        first_ids.append(_week(rng, competition, round_, entries, strengths, week, count))
    return club, first_ids


def _week(rng, competition, round_, entries, strengths, week, count) -> int:
    """Insert a week's matches and games; the id of its first match."""
    from gameplay.engine import Ruleset
    from league.competitions.models import Match
    from league.games.models import Game

    pairs = [rng.sample(range(len(entries)), 2) for _ in range(count)]
    seats = [[_seat(rng, strengths[a], strengths[b]) for _ in range(GAMES_PER_MATCH)]
             for a, b in pairs]
    matches = Match.objects.bulk_create(
        _match(competition, round_, entries[a], entries[b], won, week)
        for (a, b), won in zip(pairs, seats, strict=True)
    )
    ruleset = Ruleset().to_dict()
    Game.objects.bulk_create(
        (Game(match=m, number=n, ruleset=ruleset, target_score=100,
              status=Game.Status.FINISHED, winner=seat)
         for m, won in zip(matches, seats, strict=True)
         for n, seat in enumerate(won, start=1)),
        batch_size=2000,
    )
    # created_at is auto_now_add: move the week's games to the week they were played in.
    Game.objects.filter(match_id__gte=matches[0].pk, match_id__lte=matches[-1].pk).update(
        created_at=_during(week)
    )
    return matches[0].pk


def _seat(rng, strength_a: float, strength_b: float) -> str:
    chance_a = 1.0 / (1.0 + 10.0 ** ((strength_b - strength_a) / 400.0))
    return "A" if rng.random() < chance_a else "B"


def _match(competition, round_, entry_a, entry_b, won, week):
    from league.competitions.models import Match

    games_a, games_b = won.count("A"), won.count("B")
    winner = entry_a if games_a > games_b else entry_b if games_b > games_a else None
    return Match(
        competition=competition, round=round_, entry_a=entry_a, entry_b=entry_b,
        status=Match.Status.CONFIRMED, kind=Match.Kind.PLAYED, winner=winner, games_a=games_a,
        games_b=games_b, confirmed_at=_during(week), played_at=_during(week),
    )


def _during(week: int):
    from league.ratings.services.results import start_of_week

    return start_of_week(FIRST_WEEK + timedelta(weeks=week)) + timedelta(days=2, hours=12)


def _after(week: int):
    from league.ratings.services.results import start_of_week

    return start_of_week(FIRST_WEEK + timedelta(weeks=week + 1)) + timedelta(hours=1)
