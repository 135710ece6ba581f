"""The players and matches shown from rows (league.api.rows), and the standings written by
league.api.standings.shown_table, are what the serializers show of the same objects, field for
field: a rated and an unrated player, a retired one; a confirmed match with a winner, one with
a time and a play-by date, a bye; a league's and a Swiss's table, with and without the hands,
a shared rank and a head-to-head among players who have not all met."""

from __future__ import annotations

import json
from datetime import UTC, date, datetime

import pytest
from django.utils import timezone

from league.api import rows, selectors
from league.api import serializers as shown
from league.api.standings import StandingsSerializer, shown_table
from league.competitions.models import Match
from league.competitions.standings.services import competition_standings
from league.ratings.selectors import ratings_for
from tests.api.conftest import club_world
from tests.factories import EntryFactory, MatchFactory, PlayerFactory
from tests.formats.builders import Club, better_seed, play_out, win

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


def as_plain(data) -> object:
    """A serializer's answer as plain dicts and lists, as the JSON renderer writes it."""
    return json.loads(json.dumps(data))


@pytest.mark.parametrize("settings", [{"format": "league"},
                                      {"format": "swiss", "swiss_rounds": 3}])
def test_standings_shown_are_as_the_serializer_shows_them(settings):
    club = Club(5)
    competition = club.competition(**settings, tiebreaks=["head_to_head", "buchholz", "wins"])
    play_out(competition, better_seed)
    for hands in (True, False):  # with the hands won, and without (None on every row)
        table = competition_standings(competition, hands=hands)
        assert as_plain(shown_table(table)) == as_plain(StandingsSerializer(table).data)


def test_standings_shown_with_a_partial_head_to_head_are_as_the_serializer_shows_them():
    club = Club(4)
    competition = club.competition("league")
    first = competition.matches.order_by("pk").first()
    win(first, "A")  # two players met; the others level on nothing played
    table = competition_standings(competition)
    assert any(cell.value is None for row in table.rows for cell in row.tiebreaks)
    assert any(row.shared_rank for row in table.rows)
    assert as_plain(shown_table(table)) == as_plain(StandingsSerializer(table).data)
