"""Building competitions through the services, and playing their matches quickly.

`win(match, side)` plays a match the way the site does, minus the cards: one finished game won by
`side` (its hand points as totals), reported by side A, confirmed by side B, so the follow-up
runs as after any confirmation.
"""

from __future__ import annotations

import time
from collections.abc import Callable

import pytest
from django.test import TestCase

from gameplay.engine import Ruleset
from league.competitions.formats.competitions import create_competition, register_players
from league.competitions.formats.draws import start_competition
from league.competitions.models import Competition, Match
from league.competitions.results.services import confirm_result, report_result
from league.games.models import Game
from tests.factories import ClubFactory, PlayerFactory, SeasonFactory, UserFactory, game_played


class Club:
    """A club with an organizer and players named P01, P02, ... (entered in that order)."""

    def __init__(self, players: int) -> None:
        self.club = ClubFactory()
        self.organizer = UserFactory()
        self.club.organizers.add(self.organizer)
        self.season = SeasonFactory(club=self.club)
        self.players = [PlayerFactory(club=self.club, name=f"P{i:02}") for i in range(1, players + 1)]

    def competition(self, format: str, *, start: bool = True, seeding: str = "entered",
                    name: str = "", **settings) -> Competition:
        competition = create_competition(self.season, actor=self.organizer,
                                         name=name or f"Test {format}", format=format, **settings)
        register_players(competition, self.players, actor=self.organizer)
        if start:
            competition = start_competition(competition.pk, actor=self.organizer, seeding=seeding)
        return competition


def win(match: Match, side: str, *, points: tuple[int, int] | None = None) -> Match:
    """Side `side` wins the match's one game; reported by A, confirmed by B."""
    match = Match.objects.select_related("entry_a__player", "entry_b__player").get(pk=match.pk)
    total_a, total_b = points or ((104, 31) if side == "A" else (28, 110))
    game_played(
        match=match, number=match.games.count() + 1, ruleset=Ruleset().to_dict(),
        target_score=100, status=Game.Status.FINISHED, winner=side,
        total_a=total_a, total_b=total_b,
    )
    match.status = Match.Status.IN_PROGRESS
    match.save(update_fields=["status"])
    with committed():
        report_result(match.pk, actor=match.entry_a.player.user)
        return confirm_result(match.pk, actor=match.entry_b.player.user)


def committed():
    """Run what the services enqueue on commit (the tasks, eager here) at the end of the block:
    inside a test's transaction nothing commits otherwise."""
    return TestCase.captureOnCommitCallbacks(execute=True)


def seed_of(match: Match, side: str) -> int:
    entry = match.entry_a if side == "A" else match.entry_b
    return entry.seed


def scheduled(competition: Competition) -> list[Match]:
    return list(
        competition.matches.filter(status=Match.Status.SCHEDULED)
        .select_related("entry_a", "entry_b", "round").order_by("round__bracket", "round__number", "pk")
    )


def play_out(competition: Competition, choose: Callable[[Match], str], *, limit: int = 200) -> int:
    """Play every scheduled match (winner side from `choose`) until none is left; the count."""
    played = 0
    while batch := scheduled(competition):
        for match in batch:
            win(match, choose(match))
            played += 1
            if played > limit:
                pytest.fail("the competition never ends")
    return played


def better_seed(match: Match) -> str:
    return "A" if match.entry_a.seed < match.entry_b.seed else "B"


def by_key(competition: Competition) -> dict[str, Match]:
    return {m.key: m for m in competition.matches.select_related("entry_a", "entry_b", "winner")}


def wait_for(condition: Callable[[], object], *, timeout: float = 60.0, every: float = 0.1,
             what: str = "the worker") -> object:
    """Poll until `condition()` is truthy; fail the test after `timeout` seconds."""
    deadline = time.monotonic() + timeout
    while True:
        found = condition()
        if found:
            return found
        if time.monotonic() > deadline:
            pytest.fail(f"waited {timeout:.0f} s for {what}")
        time.sleep(every)
