"""A page finds the club of the competition, match, round, club night, player, game or address
it shows before anything else (whether the reader may see it, in which time zone): the object's own club, every
time, and none for an object that does not exist."""

from __future__ import annotations

import pytest
from django.core.cache import caches

from league.clubs.selectors import club_id_of_slug, club_of_player
from league.clubs.visibility import CLUB_OF_KEY
from league.competitions.base.selectors import (
    club_of_competition,
    club_of_match,
    club_of_night,
    club_of_round,
)
from league.competitions.models import Competition
from league.games.selectors import club_of_game
from tests.club_nights.test_club_night_services import night_swiss
from tests.factories import game_played
from tests.formats.builders import Club, scheduled

pytestmark = pytest.mark.django_db


def test_each_object_names_its_own_club_not_another_s():
    other = Club(4).competition(Competition.Format.LEAGUE)  # ids of another club beside it
    club, competition, night = night_swiss(players=4)
    league = club.competition(Competition.Format.LEAGUE)
    match = scheduled(league)[0]
    game = game_played(match=match, number=1, ruleset=league.ruleset, target_score=100)
    for found in (club_of_competition(competition.pk), club_of_competition(league.pk),
                  club_of_match(match.pk), club_of_round(match.round_id),
                  club_of_night(night.pk), club_of_player(club.players[0].pk),
                  club_of_game(game.pk), club_id_of_slug(club.club.slug)):
        assert found == club.club.pk
    assert club_of_competition(other.pk) == other.season.club_id != club.club.pk


def test_an_object_that_does_not_exist_has_no_club_and_none_is_remembered():
    missing = 987_654
    assert [club_of_competition(missing), club_of_match(missing), club_of_round(missing),
            club_of_night(missing), club_of_player(missing), club_of_game(missing),
            club_id_of_slug("no-such-club")] == [None] * 7
    assert caches["template_fragments"].get(CLUB_OF_KEY.format("competition", missing)) is None

