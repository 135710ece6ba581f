"""A club with a match and everyone who may come near it, another club, and the states a match
goes through. Shared by the permission matrix, the CSRF tests and the fuzz tests."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache

from django.apps import apps
from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.db import connection
from django.test import Client
from django.urls import reverse

from gameplay.engine import Ruleset
from league.clubs.models import Club, Player
from league.competitions.models import Competition, Match
from league.competitions.results.services import confirm_result, dispute_result, report_result
from league.games.models import Game
from league.games.services import HandEntry, record_hand, start_game
from tests.conftest import signed_in_session
from tests.factories import (
    ClubFactory,
    CompetitionFactory,
    EntryFactory,
    MatchFactory,
    PlayerFactory,
    UserFactory,
    game_played,
    with_verified_address,
)

# The roles the suite knows: a visitor, the two players of the match, an organizer of another club,
# the club's organizer, and the site's staff (a Django superuser: organizer of every club).
ROLES = ("anonymous", "player", "opponent", "other_organizer", "organizer", "staff")
DATA_APPS = ("clubs", "competitions", "gameplay", "ratings", "notifications", "stats")


@dataclass
class World:
    club: Club
    match: Match  # player v opponent, scheduled
    other_match: Match  # of the other club, scheduled
    unclaimed: Player  # a player of the club without an account
    draft: Competition  # of the club's season, not started, two entries without accounts
    users: dict[str, AbstractBaseUser | None] = field(default_factory=dict)
    sessions: dict[str, str] = field(default_factory=dict)  # role: key of its signed-in session

    def user(self, role: str) -> AbstractBaseUser | None:
        return self.users[role]

    def client(self, role: str, **kwargs) -> Client:
        """A new client of the role: with the role's session when the world signed it in,
        else signed in now (a role added by a test)."""
        client = Client(**kwargs)
        if role in self.sessions:
            client.cookies[settings.SESSION_COOKIE_NAME] = self.sessions[role]
        elif self.users[role] is not None:
            client.force_login(self.users[role])
        return client

    def sign_in_everyone(self) -> None:
        self.sessions = {role: signed_in_session(user) for role, user in self.users.items()
                         if user is not None}

    def reloaded(self) -> World:
        """The same world read again from the database: what an earlier test changed in these
        objects in memory (its rows were rolled back) does not reach the next one."""
        users = get_user_model().objects.in_bulk([u.pk for u in self.users.values() if u])
        return World(
            club=Club.objects.get(pk=self.club.pk),
            match=Match.objects.get(pk=self.match.pk),
            other_match=Match.objects.get(pk=self.other_match.pk),
            unclaimed=Player.objects.get(pk=self.unclaimed.pk),
            draft=Competition.objects.get(pk=self.draft.pk),
            users={role: user and users[user.pk] for role, user in self.users.items()},
            sessions=dict(self.sessions),
        )


def build_world() -> World:
    match = MatchFactory(status=Match.Status.SCHEDULED)
    club = match.competition.season.club
    organizer, other_organizer = with_verified_address(UserFactory()), UserFactory()
    club.organizers.add(organizer)
    other_club = ClubFactory()
    other_club.organizers.add(other_organizer)
    other_match = MatchFactory(competition__season__club=other_club)
    staff = with_verified_address(UserFactory(is_staff=True, is_superuser=True))
    users = {
        "anonymous": None,
        "player": match.entry_a.player.user,
        "opponent": match.entry_b.player.user,
        "other_organizer": other_organizer,
        "organizer": organizer,
        "staff": staff,
    }
    unclaimed = PlayerFactory(club=club, user=None)
    draft = CompetitionFactory(season=match.competition.season, status=Competition.Status.DRAFT)
    for _ in range(2):
        EntryFactory(competition=draft, player__user=None)
    return World(club, match, other_match, unclaimed, draft, users)


# The states a match goes through, reached through the services as the players would --------------


def decided(world: World, match: Match | None = None) -> Match:
    """In progress, its one game won by seat A: ready to report."""
    match = match or world.match
    game_played(match=match, number=1, ruleset=Ruleset().to_dict(), target_score=100,
                status=Game.Status.FINISHED, winner="A", total_a=120, total_b=40)
    Match.objects.filter(pk=match.pk).update(status=Match.Status.IN_PROGRESS)
    return match


def reported(world: World, match: Match | None = None) -> Match:
    match = decided(world, match)
    report_result(match.pk, actor=match.entry_a.player.user)
    return match


def disputed(world: World, match: Match | None = None) -> Match:
    match = reported(world, match)
    dispute_result(match.pk, actor=match.entry_b.player.user, comment="Game 1 was mine.")
    return match


def confirmed(world: World, match: Match | None = None) -> Match:
    match = reported(world, match)
    confirm_result(match.pk, actor=match.entry_b.player.user)
    match.refresh_from_db()
    return match


def game_in_progress(world: World, match: Match | None = None) -> Game:
    match = match or world.match
    return start_game(match.pk, actor=match.entry_a.player.user)


def game_with_a_hand(world: World, match: Match | None = None) -> Game:
    game = game_in_progress(world, match)
    record_hand(game.pk, HandEntry(outcome="knock", winner="A", points=12, expected_number=1),
                actor=game.match.entry_a.player.user)
    return game


MATCH_STATES: dict[str, Callable[..., Match]] = {
    "scheduled": lambda world, match=None: match or world.match,
    "decided": decided,
    "reported": reported,
    "disputed": disputed,
    "confirmed": confirmed,
}


def sign_in_url() -> str:
    return reverse("login")


def stored_rows() -> dict[str, list[tuple]]:
    """Every row of the project's tables, their many-to-many tables and the users' (every
    column, in primary-key order): a refused request changes none of them. (Sessions are left
    out: signing in and messages may write one.) Plain SQL, prepared once: the permission
    matrix takes this snapshot twice per request, and building the queries through the ORM
    each time cost more than the requests themselves."""
    with connection.cursor() as cursor:
        rows = {}
        for label, sql in _row_queries():
            cursor.execute(sql)
            rows[label] = cursor.fetchall()
    return rows


@cache
def _row_queries() -> tuple[tuple[str, str], ...]:
    user = get_user_model()
    models = [model for app in DATA_APPS
              for model in apps.get_app_config(app).get_models(include_auto_created=True)]
    models += [user, *(f.remote_field.through for f in user._meta.many_to_many)]
    quote = connection.ops.quote_name
    return tuple((model._meta.label, f"SELECT * FROM {quote(model._meta.db_table)} "
                                     f"ORDER BY {quote(model._meta.pk.column)}")
                 for model in models)
