"""The rows the follow-up work of a result may write, and a rated season to write them for."""

from __future__ import annotations

import random

from league.competitions.models import AuditEntry, Competition, Entry, Match, ResultReport, Round
from league.ratings.services import recompute_ratings
from tests.ratings.builders import league, played, snapshot

LEAGUE_TABLES = (Competition, Round, Entry, Match, ResultReport, AuditEntry)


def rows(club) -> dict:
    """Everything the follow-up work may write: the league's rows as stored, and the club's
    ratings without their row ids (a rebuild writes new rows with the same content)."""
    league_rows = {model.__name__: list(model.objects.order_by("pk").values()) for model in LEAGUE_TABLES}
    return {**league_rows, "ratings": snapshot(club)}


def rated_season():
    """Six weeks of a league of eight, rated; then a result of week 2 confirmed late."""
    competition, entries = league(8)
    rng = random.Random(8)
    for n in range(6):
        for _ in range(4):
            a, b = rng.sample(entries, 2)
            played(a, b, rng.choice(["AA", "ABA", "BB", "BAB"]), in_week=n)
    club = competition.season.club
    recompute_ratings(club)
    late = played(entries[0], entries[1], "ABB", in_week=2)
    return club, late
