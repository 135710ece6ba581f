"""A club and everyone who may knock on its organizer's door: an anonymous visitor, a player of
the club, another club's organizer, the club's own organizer, a staff member (not an organizer)
and a superuser."""

from dataclasses import dataclass

import pytest
from django.contrib.auth.models import AbstractBaseUser

from league.clubs.models import Club, Season
from league.competitions.models import Competition
from tests.conftest import empty_caches
from tests.factories import (
    ClubFactory,
    PlayerFactory,
    SeasonFactory,
    UserFactory,
    with_verified_address,
)

ROLES = ("anonymous", "player", "other_organizer", "organizer", "staff", "superuser")
ALLOWED = ("organizer", "superuser")
REFUSED = ("player", "other_organizer", "staff")


@pytest.fixture(autouse=True)
def empty_cache():
    """The sign-in limiter counts in a cache: every test starts from nothing."""
    empty_caches()
    yield
    empty_caches()


@dataclass(frozen=True)
class ClubPeople:
    club: Club
    season: Season
    player: AbstractBaseUser
    other_organizer: AbstractBaseUser
    organizer: AbstractBaseUser
    staff: AbstractBaseUser
    superuser: AbstractBaseUser

    def role(self, name: str) -> AbstractBaseUser | None:
        return None if name == "anonymous" else getattr(self, name)


@pytest.fixture
def people(db) -> ClubPeople:
    club = ClubFactory(name="The Knock Club", slug="knock")
    organizer = with_verified_address(UserFactory(username="olive"))
    club.organizers.add(organizer)
    other_organizer = UserFactory(username="otto")
    ClubFactory().organizers.add(other_organizer)
    return ClubPeople(
        club=club,
        season=SeasonFactory(club=club, name="2025"),
        player=PlayerFactory(club=club, name="Pat").user,
        other_organizer=other_organizer,
        organizer=organizer,
        staff=UserFactory(username="stella", is_staff=True),
        superuser=UserFactory(username="root", is_staff=True, is_superuser=True),
    )


def sign_in(client, user) -> None:
    if user is not None:
        client.force_login(user)


def draft(people: ClubPeople, **fields) -> Competition:
    from tests.factories import CompetitionFactory

    return CompetitionFactory(season=people.season, **{"status": Competition.Status.DRAFT, **fields})
