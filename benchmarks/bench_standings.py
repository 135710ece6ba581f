"""Standings of a 64-player league with every match played: the query count and the time.

The league is drawn by the service (a 64-player round robin: 63 rounds, 2,016 matches), then
every match is confirmed in bulk with one finished game and its hands (about 6 hands a game),
in a fresh test database (SQLite in memory by default; DATABASE_URL picks another, with a test
database of its own name). Timed: `competition_standings` (the best of five runs). The run
fails when the query count is not the same as for an 8-player league (it must not grow with
the field).
"""

from __future__ import annotations

import random
import time

from benchmarks.scratch_db import in_scratch_database

PLAYERS = 64
SMALL = 8
HANDS_PER_GAME = 6
SEED = 64
TEST_DATABASE = "test_ginleague_bench_standings"  # never the one the test suite uses


def run() -> bool:
    return in_scratch_database(TEST_DATABASE, _measure)


def _measure() -> bool:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from league.competitions.standings.services import competition_standings

    started = time.perf_counter()
    league = _played_league(PLAYERS)
    small = _played_league(SMALL)
    print(f"setup: {PLAYERS}-player league, {league.matches.count()} matches confirmed: "
          f"{time.perf_counter() - started:.1f} s")
    counts = {}
    for competition in (small, league):
        with CaptureQueriesContext(connection) as queries:
            table = competition_standings(competition)
        counts[len(table.rows)] = len(queries)
    times = []
    for _ in range(5):
        started = time.perf_counter()
        competition_standings(league)
        times.append(time.perf_counter() - started)
    print(f"standings of {PLAYERS} players: {counts[PLAYERS]} queries "
          f"({SMALL} players: {counts[SMALL]}), best of 5: {min(times) * 1000:.0f} ms")
    fixed = counts[PLAYERS] == counts[SMALL]
    if not fixed:
        print("below target: the query count grows with the field")
    return fixed


def _played_league(players: int):
    from django.contrib.auth import get_user_model

    from league.clubs.models import Club, Player, Season
    from league.competitions.formats.competitions import create_competition, register_players
    from league.competitions.formats.draws import start_competition
    from league.competitions.models import Competition

    organizer = get_user_model().objects.create_user(f"organizer-{players}", password=None)
    club = Club.objects.create(name=f"Benchmark {players}", slug=f"benchmark-{players}")
    club.organizers.add(organizer)
    season = Season.objects.create(club=club, name="Benchmark")
    Player.objects.bulk_create(
        [Player(club=club, name=f"Player {i:02}") for i in range(1, players + 1)])
    competition = create_competition(season, actor=organizer, name="League",
                                     format=Competition.Format.LEAGUE)
    register_players(competition, club.players.all(), actor=organizer)
    start_competition(competition.pk, actor=organizer)
    _confirm_everything(competition)
    return competition


def _confirm_everything(competition) -> None:
    """Every match won by a random side, with its game and hands, written in bulk."""
    from django.utils import timezone

    from league.competitions.models import Match
    from league.games.models import Game, Hand

    rng, now = random.Random(SEED), timezone.now()
    matches = list(competition.matches.exclude(kind=Match.Kind.BYE))
    games, plans = [], []
    for match in matches:
        side = rng.choice("AB")
        hands = [side if rng.random() < 0.6 else "AB"[side == "A"] for _ in range(HANDS_PER_GAME)]
        points = [rng.randrange(5, 40) for _ in hands]
        totals = {s: sum(p for h, p in zip(hands, points, strict=True) if h == s) for s in "AB"}
        match.winner_id = match.entry_a_id if side == "A" else match.entry_b_id
        match.status, match.confirmed_at, match.games_a, match.games_b = (
            Match.Status.CONFIRMED, now, int(side == "A"), int(side == "B"))
        match.points_a, match.points_b = totals["A"], totals["B"]
        games.append(Game(match=match, number=1, ruleset=competition.ruleset, target_score=100,
                          status=Game.Status.FINISHED, winner=side, total_a=totals["A"],
                          total_b=totals["B"]))
        plans.append(list(zip(hands, points, strict=True)))
    Match.objects.bulk_update(matches, ["winner", "status", "confirmed_at", "games_a", "games_b",
                                        "points_a", "points_b"])
    Game.objects.bulk_create(games)
    saved = Game.objects.filter(match__competition=competition).order_by("match_id")
    by_match = {g.match_id: g for g in saved}
    Hand.objects.bulk_create([
        Hand(game=by_match[match.pk], number=n, dealer="A", outcome="knock", knocker=w, winner=w,
             points=p)
        for match, plan in zip(matches, plans, strict=True)
        for n, (w, p) in enumerate(plan, start=1)
    ])
