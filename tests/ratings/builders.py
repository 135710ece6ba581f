"""Played matches and their games, written directly, at chosen weeks (tests of the ratings)."""

from __future__ import annotations

from datetime import date, datetime, timedelta

from gameplay.engine import Ruleset
from league.clubs.models import Club
from league.competitions.base.played import record_played_at
from league.competitions.models import Competition, Entry, Match, Round
from league.games.models import Game
from league.ratings.models import PlayerRating, RatingPeriod
from league.ratings.periods import WEEK
from league.ratings.services.results import start_of_week
from tests.factories import ClubFactory, CompetitionFactory, EntryFactory

FIRST_WEEK = date(2025, 1, 6)  # a Monday


def week(n: int) -> date:
    """The Monday of the season's week n (0 is the first)."""
    return FIRST_WEEK + WEEK * n


def during(n: int) -> datetime:
    """Wednesday noon of week n."""
    return start_of_week(week(n)) + timedelta(days=2, hours=12)


def after(n: int) -> datetime:
    """One hour into the Monday after week n: week n has ended."""
    return start_of_week(week(n + 1)) + timedelta(hours=1)


def league(players: int, **club_settings) -> tuple[Competition, list[Entry]]:
    """A running league of a fresh club (first to 2 games), with its entries."""
    club = ClubFactory(**club_settings)
    competition = CompetitionFactory(
        season__club=club, match_format=Competition.MatchFormat.FIRST_TO, match_games=2
    )
    Round.objects.create(competition=competition, number=1)
    entries = [EntryFactory(competition=competition, player__user=None) for _ in range(players)]
    return competition, entries


def played(
    entry_a: Entry, entry_b: Entry, seats: str, *, in_week: int,
    status: str = Match.Status.CONFIRMED,
) -> Match:
    """A match whose games were won by the seats given ("ABA": A, then B, then A), played in
    the week given; its result is the games' tally."""
    won_a, won_b = seats.count("A"), seats.count("B")
    winner = entry_a if won_a > won_b else entry_b if won_b > won_a else None
    match = Match.objects.create(
        competition=entry_a.competition, round=entry_a.competition.rounds.first(),
        entry_a=entry_a, entry_b=entry_b, status=status, winner=winner, games_a=won_a,
        games_b=won_b, confirmed_at=during(in_week) if status == Match.Status.CONFIRMED else None,
    )
    Game.objects.bulk_create(
        Game(match=match, number=n, ruleset=Ruleset().to_dict(), target_score=100,
             status=Game.Status.FINISHED, winner=seat)
        for n, seat in enumerate(seats, start=1)
    )
    Game.objects.filter(match=match).update(created_at=during(in_week))
    if status == Match.Status.CONFIRMED:
        record_played_at(match)
    return match


def confirm(match: Match, in_week: int) -> None:
    Match.objects.filter(pk=match.pk).update(
        status=Match.Status.CONFIRMED, confirmed_at=during(in_week)
    )
    record_played_at(match)


def snapshot(club: Club) -> tuple[list[tuple], list[tuple]]:
    """Everything the ratings store for a club, without the row ids."""
    periods = RatingPeriod.objects.filter(club=club).order_by("starts_on").values_list(
        "starts_on", "system", "rated_unit", "tau", "elo_k", "results"
    )
    ratings = PlayerRating.objects.filter(period__club=club).order_by(
        "starts_on", "player_id"
    ).values_list("starts_on", "player_id", "rating", "rd", "volatility", "games", "total_games")
    return list(periods), list(ratings)
