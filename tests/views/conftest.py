"""A match and everyone who may look at it: its two players, another player of the club, the
club's organizer, another club's organizer, and an anonymous visitor. The calls a page makes to
the shared cache, counted."""

from dataclasses import dataclass

import pytest
from django.contrib.auth.models import AbstractBaseUser

from league.competitions.models import Match
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


def sign_in(client, user) -> None:
    if user is not None:
        client.force_login(user)


def main_of(html: str) -> str:
    """The page's content (outside it: the CSRF token, masked anew for every response)."""
    return html[html.index("<main"):html.index("</main>")]


def record_shared_calls(monkeypatch, names, note) -> None:
    """Hand `note(name, first argument)` each call of `names` made to the shared ("derived")
    cache's storage from now on: memory, or Redis where the settings name it, under the
    read-ahead layer; a round trip each where it is Redis. A call made inside another (memory's
    get_many calls its get for each key) is not one of its own."""
    from django.core.cache import caches

    from league.core.cache import ReadAhead

    shared = caches["derived"]
    mro = type(shared).__mro__
    storage = mro[mro.index(ReadAhead) + 1]
    inside = []

    def recorded(name):
        original = getattr(storage, name)

        def call(self, first, *args, **kwargs):
            if self is shared and not inside:
                note(name, first)
            inside.append(name)
            try:
                return original(self, first, *args, **kwargs)
            finally:
                inside.pop()
        return call

    for name in names:
        monkeypatch.setattr(storage, name, recorded(name))


@pytest.fixture
def shared_cache_calls(monkeypatch) -> list[str]:
    """The calls ("get", "get_many", "add", "add_many") made to the shared cache's storage from
    now on, in order (`record_shared_calls`)."""
    calls = []
    record_shared_calls(monkeypatch, ("get", "get_many", "add", "add_many"),
                        lambda name, _first: calls.append(name))
    return calls


@pytest.fixture
def shared_cache_gets(monkeypatch) -> list[str]:
    """The keys read one at a time ("get") from the shared cache's storage from now on, in order
    (`record_shared_calls`): a fragment or a page body looked for there is one of them."""
    keys = []
    record_shared_calls(monkeypatch, ("get", "get_many"),
                        lambda name, first: keys.append(first) if name == "get" else None)
    return keys
