"""A match and everyone who may look at it: its two players, another player of the club, the
club's organizer, another club's organizer, and an anonymous visitor."""

from dataclasses import dataclass

import pytest
from django.contrib.auth.models import AbstractBaseUser

from competitions.models import Match
from gameplay.engine import Ruleset
from gameplay.models import Game
from tests.factories import ClubFactory, MatchFactory, PlayerFactory, UserFactory


@dataclass(frozen=True)
class Cast:
    match: Match
    player_a: AbstractBaseUser
    player_b: AbstractBaseUser
    other_player: AbstractBaseUser
    organizer: AbstractBaseUser
    other_organizer: AbstractBaseUser

    def role(self, name: str) -> AbstractBaseUser | None:
        return None if name == "anonymous" else getattr(self, name)


@pytest.fixture
def cast(db) -> Cast:
    match = MatchFactory(status=Match.Status.SCHEDULED)
    club = match.competition.season.club
    organizer = UserFactory()
    club.organizers.add(organizer)
    other_organizer = UserFactory()
    ClubFactory().organizers.add(other_organizer)
    return Cast(
        match=match,
        player_a=match.entry_a.player.user,
        player_b=match.entry_b.player.user,
        other_player=PlayerFactory(club=club).user,
        organizer=organizer,
        other_organizer=other_organizer,
    )


def finished_game(match: Match, number: int, winner: str) -> Game:
    """A game already played to its end (its hands do not matter to the match page)."""
    return Game.objects.create(
        match=match, number=number, ruleset=Ruleset().to_dict(), target_score=100,
        status=Game.Status.FINISHED, winner=winner,
        total_a=120 if winner == "A" else 40, total_b=120 if winner == "B" else 40,
    )


def sign_in(client, user) -> None:
    if user is not None:
        client.force_login(user)


def main_of(html: str) -> str:
    """The page's content (outside it: the CSRF token, masked anew for every response)."""
    return html[html.index("<main"):html.index("</main>")]
