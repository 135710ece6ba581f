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


@pytest.fixture
def shared_cache_calls(monkeypatch) -> list[str]:
    """The calls ("get", "get_many", "add", "add_many") made to the shared ("derived") cache's
    storage from now on, in order: a round trip each where the storage is Redis."""
    from django.core.cache import caches

    from league.core.cache import ReadAhead

    shared = caches["derived"]
    # The storage under the read-ahead layer: memory, or Redis where the settings name it.
    mro = type(shared).__mro__
    backend = mro[mro.index(ReadAhead) + 1]
    calls, inside = [], []

    def counting(name):
        original = getattr(backend, name)

        def counted(self, *args, **kwargs):
            if self is shared and not inside:  # a get_many may call get for each key
                calls.append(name)
            inside.append(name)
            try:
                return original(self, *args, **kwargs)
            finally:
                inside.pop()
        return counted

    for name in ("get", "get_many", "add", "add_many"):
        monkeypatch.setattr(backend, name, counting(name))
    return calls


@pytest.fixture
def shared_cache_gets(monkeypatch) -> list[str]:
    """The keys read one at a time ("get") from the shared ("derived") cache's storage from now
    on, in order: a fragment or a page body looked for there is one of them."""
    from django.core.cache import caches

    from league.core.cache import ReadAhead

    shared = caches["derived"]
    mro = type(shared).__mro__
    backend = mro[mro.index(ReadAhead) + 1]
    original_get, original_get_many, keys, inside = backend.get, backend.get_many, [], []

    def get(self, key, *args, **kwargs):
        if self is shared and not inside:  # memory's get_many calls get for each key
            keys.append(key)
        return original_get(self, key, *args, **kwargs)

    def get_many(self, *args, **kwargs):
        inside.append(True)
        try:
            return original_get_many(self, *args, **kwargs)
        finally:
            inside.pop()

    monkeypatch.setattr(backend, "get", get)
    monkeypatch.setattr(backend, "get_many", get_many)
    return keys
