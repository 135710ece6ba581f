"""A club for the browser tests, set up through the services: an organizer, players with
accounts, and (knockout_club) a knockout drawn and started. Hands are entered through the pages
by the tests."""

from __future__ import annotations

from dataclasses import dataclass, replace

from django.contrib.auth import get_user_model
from django.db.models import Q
from django.test import TestCase

from league.clubs.models import Club, Player, Season
from league.competitions.formats.competitions import create_competition, register_players
from league.competitions.formats.draws import start_competition
from league.competitions.models import Competition, Match
from league.competitions.results.services import confirm_result, report_result
from league.games.services import HandEntry, record_hand, start_game

from .conftest import PASSWORD

OPEN = (Match.Status.SCHEDULED, Match.Status.IN_PROGRESS)
NAMES = ("Ada", "Bea", "Cy", "Dot", "Eve", "Fay", "Gus", "Hal")


@dataclass(frozen=True)
class KnockoutClub:
    club: Club
    organizer: object
    players: dict[str, Player]  # by name; each with a user of the same name in lower case
    competition: Competition | None

    def opponent_of(self, name: str) -> str:
        match = self.match_of(name)
        sides = (match.entry_a.player.name, match.entry_b.player.name)
        return sides[1] if sides[0] == name else sides[0]

    def match_of(self, name: str) -> Match:
        """The match of the player named that is still to be played."""
        player = self.players[name]
        still_open = Match.objects.filter(competition=self.competition, status__in=OPEN)
        return still_open.get(Q(entry_a__player=player) | Q(entry_b__player=player))

    def win_by_services(self, name: str) -> Match:
        """The player's match, won by them in one gin hand of 110, reported by them and
        confirmed by their opponent, through the services (the follow-up runs on commit)."""
        match = self.match_of(name)
        me = self.players[name].user
        seat = "A" if match.entry_a.player.name == name else "B"
        other = (match.entry_b if seat == "A" else match.entry_a).player.user
        game = start_game(match.pk, actor=me)
        record_hand(game.pk, HandEntry("gin", seat, 110, expected_number=1), actor=me)
        with TestCase.captureOnCommitCallbacks(execute=True):
            report_result(match.pk, actor=me)
            confirm_result(match.pk, actor=other)
        return match


def user(username: str):
    return get_user_model().objects.create_user(username, f"{username}@example.org", PASSWORD)


def riverside(size: int = 8) -> KnockoutClub:
    """The club, its organizer olga and its players with accounts; no competition yet."""
    club = Club.objects.create(name="Riverside Gin Club", slug="riverside")
    organizer = user("olga")
    club.organizers.add(organizer)
    Season.objects.create(club=club, name="2026")
    players = {n: Player.objects.create(club=club, name=n, user=user(n.lower()))
               for n in NAMES[:size]}
    return KnockoutClub(club, organizer, players, None)


def knockout_club(size: int = 8, *, format: str = Competition.Format.SINGLE_ELIMINATION,
                  name: str = "Spring Knockout", **settings) -> KnockoutClub:
    """Riverside with a competition (a knockout unless told) of its players created and started
    through the services."""
    setup = riverside(size)
    season = setup.club.seasons.get()
    competition = create_competition(season, actor=setup.organizer, name=name, format=format,
                                     match_format=Competition.MatchFormat.FIRST_TO, match_games=1,
                                     **settings)
    register_players(competition, setup.players.values(), actor=setup.organizer)
    start_competition(competition.pk, actor=setup.organizer)
    competition.refresh_from_db()
    return replace(setup, competition=competition)
