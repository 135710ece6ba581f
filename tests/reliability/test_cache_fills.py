"""The keys a page reads ahead that the cache has lost are read from the database together, in
one round trip, and kept as their readers would keep them: the readers then ask nothing."""

from __future__ import annotations

import pytest
from django.db import connection
from django.utils import timezone

from league.clubs.permissions import ORGANIZES_KEY, organizes_any
from league.clubs.selectors import LANGUAGE_KEY, USER_PLAYERS_KEY, club_language, own_players
from league.clubs.visibility import PUBLIC_KEY, club_is_public
from league.core.cache import derived, read_ahead
from league.core.fills import Filling, filled, fills
from league.core.written_reads import Read
from league.notifications.models import Kind, Notification
from league.notifications.services import UNREAD_KEY, unread_count
from tests.factories import ClubFactory, PlayerFactory, UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def viewer():
    """A user with players in two clubs, one of them public and Spanish, two unread
    notifications and one read; the cache holds nothing of them."""
    club = ClubFactory(is_public=True, default_language="es")
    user = UserFactory()
    first, second = PlayerFactory(club=club, user=user), PlayerFactory(user=user)
    for number in range(3):
        Notification.objects.create(
            user=user, kind=Kind.values[0], key=f"event-{number}", text="Something happened",
            read_at=timezone.now() if number == 2 else None)
    keys = keys_of(club.pk, user.pk)
    derived.delete_many(keys)
    yield club, user, {first.pk: first.calendar_version, second.pk: second.calendar_version}
    derived.delete_many(keys)


def keys_of(club_id: int, user_id: int) -> list[str]:
    return [PUBLIC_KEY.format(club_id), LANGUAGE_KEY.format(club_id),
            USER_PLAYERS_KEY.format(user_id), ORGANIZES_KEY.format(user_id),
            UNREAD_KEY.format(user_id)]


def answers(club_id: int, user) -> list:
    return [club_is_public(club_id), club_language(club_id), own_players(user),
            organizes_any(user), unread_count(user)]


def test_the_keys_missing_are_read_together_and_their_readers_ask_nothing(
        viewer, django_assert_num_queries):
    club, user, players = viewer
    with django_assert_num_queries(5), read_ahead(keys_of(club.pk, user.pk)):
        pass
    with read_ahead(keys_of(club.pk, user.pk)), django_assert_num_queries(0):
        assert answers(club.pk, user) == [True, "es", players, False, 2]


def test_the_cache_holds_what_each_reader_would_have_kept(viewer):
    club, user, _players = viewer
    keys = keys_of(club.pk, user.pk)
    with read_ahead(keys):
        pass
    filled_ahead = derived.get_many(keys)
    derived.delete_many(keys)
    answers(club.pk, user)  # each reader fills its own key
    filled_alone = derived.get_many(keys)
    assert set(filled_ahead) == set(filled_alone) == set(keys)
    public = PUBLIC_KEY.format(club.pk)
    assert filled_ahead.pop(public)[0] is filled_alone.pop(public)[0] is True  # and when read
    assert filled_ahead == filled_alone


def test_a_key_the_cache_holds_is_not_read_again(viewer, django_assert_num_queries):
    club, user, _players = viewer
    derived.set(UNREAD_KEY.format(user.pk), 7, 30)
    derived.set(LANGUAGE_KEY.format(club.pk), "de", 30)
    with django_assert_num_queries(3), read_ahead(keys_of(club.pk, user.pk)):
        assert (club_language(club.pk), unread_count(user)) == ("de", 7)


def test_a_club_that_is_gone_leaves_its_language_unkept(django_assert_num_queries):
    key = LANGUAGE_KEY.format(987654)
    derived.delete(key)
    assert filled([key, "no-such-kind:1", "no-kind-at-all"]) == {}
    with read_ahead([key]):
        assert club_language(987654) is None
    assert derived.get(key) is None


@pytest.mark.skipif(connection.vendor != "postgresql", reason="a pipeline is PostgreSQL's")
def test_on_postgresql_the_missing_keys_are_read_in_one_pipeline(viewer, monkeypatch):
    club, user, _players = viewer
    pipelines = []
    raw = connection.cursor().connection
    pipeline = type(raw).pipeline

    def counted(self):
        pipelines.append(self)
        return pipeline(self)

    monkeypatch.setattr(type(raw), "pipeline", counted)
    with read_ahead(keys_of(club.pk, user.pk)):
        pass
    assert pipelines == [raw]


def test_a_kind_is_filled_one_way_only():
    def one(rest):
        return Filling(Read("SELECT 1", [], bool), lambda answer: (answer, 5))

    fills("fills-test-kind:{}", one)
    fills("fills-test-kind:{}", one)  # named again at a second start-up: nothing changes
    with pytest.raises(ValueError, match="filled already"):
        fills("fills-test-kind:{}", lambda rest: one(rest))
    with pytest.raises(ValueError, match="names no kind"):
        fills("without-a-kind", one)
