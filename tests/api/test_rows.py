"""The players and matches shown from rows (league.api.rows) are what the serializers show of
the same objects, field for field: a rated and an unrated player, a retired one; a confirmed
match with a winner, one with a time and a play-by date, a bye."""

from __future__ import annotations

from datetime import UTC, date, datetime

import pytest
from django.utils import timezone

from league.api import rows, selectors
from league.api import serializers as shown
from league.competitions.models import Match
from league.ratings.selectors import ratings_for
from tests.api.conftest import club_world
from tests.factories import EntryFactory, MatchFactory, PlayerFactory

pytestmark = pytest.mark.django_db


def test_players_from_rows_are_as_the_serializer_shows_them():
    world = club_world(public=True)
    PlayerFactory(club=world.club, name="Retired Rita", retired_at=timezone.now())
    players = list(selectors.players_of(world.club))
    ratings = ratings_for(players)
    assert ratings and len(players) > len(ratings)  # rated players and unrated ones
    expected = shown.PlayerSerializer(players, many=True, context={"ratings": ratings}).data
    found = rows.players(selectors.player_rows(world.club),
                         ratings_for([player.pk for player in players]))
    assert found == [dict(row) for row in expected]
    assert any(row["retired"] for row in found)


def test_matches_from_rows_are_as_the_serializer_shows_them():
    world = club_world(public=True)
    competition, round_ = world.competition, world.match.round
    MatchFactory(competition=competition, round=round_, table="7", play_by=date(2026, 4, 1),
                 scheduled_at=datetime(2026, 3, 2, 19, 30, tzinfo=UTC))
    alone = EntryFactory(competition=competition)
    MatchFactory(competition=competition, round=round_, entry_a=alone, entry_b=None,
                 kind=Match.Kind.BYE, status=Match.Status.CONFIRMED, winner=alone)
    matches = selectors.matches_of(competition)
    expected = [dict(row) for row in shown.MatchSerializer(matches, many=True).data]
    found = rows.matches(list(selectors.match_rows(competition)))
    assert len(found) == 3
    assert [{**row, "side_a": row["side_a"] and dict(row["side_a"]),
             "side_b": row["side_b"] and dict(row["side_b"])} for row in expected] == found
