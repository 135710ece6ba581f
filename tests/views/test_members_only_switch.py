"""A club made members-only is closed within seconds whatever the cache does meanwhile: a
cached "public" written after the switch (a visitor's read overtaken by the save), or the
switch's delete of the cached answer lost (the cache did not answer), keeps it open no longer
than league.clubs.visibility.PUBLIC_SECONDS."""

from datetime import timedelta

import pytest
import time_machine
from django.urls import reverse
from django.utils import timezone

from league.clubs.services.clubs import update_club
from league.clubs.visibility import PUBLIC_KEY, PUBLIC_SECONDS
from league.core.cache import derived
from tests.conftest import empty_caches
from tests.factories import MatchFactory, UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def fresh_cache():
    empty_caches()
    yield
    empty_caches()


@pytest.fixture
def match():
    match = MatchFactory()
    match.competition.season.club.organizers.add(UserFactory())
    return match


def pages(match) -> list[str]:
    competition = match.competition_id
    return [reverse("competition", args=[competition]),
            reverse("competition-standings-csv", args=[competition]),
            reverse("match", args=[match.pk])]


def statuses(client, urls: list[str]) -> set[int]:
    return {client.get(url).status_code for url in urls}


def make_members_only(match) -> None:
    club = match.competition.season.club
    update_club(club, actor=club.organizers.get(), is_public=False)


def later(seconds: int):
    return time_machine.travel(timezone.now() + timedelta(seconds=seconds), tick=False)


def test_a_public_answer_written_after_the_switch_to_members_only_expires_within_seconds(
        client, match, django_capture_on_commit_callbacks):
    urls = pages(match)
    with later(0):
        assert statuses(client, urls) == {200}
        key = PUBLIC_KEY.format(match.competition.season.club_id)
        read_before_the_switch = derived.get(key)
        with django_capture_on_commit_callbacks(execute=True):
            make_members_only(match)
        derived.set(key, read_before_the_switch)  # the visitor's write lands after the delete
    with later(PUBLIC_SECONDS + 1):
        assert statuses(client, urls) == {403}


def test_a_switch_to_members_only_whose_cache_delete_is_lost_closes_within_seconds(
        client, match, monkeypatch, django_capture_on_commit_callbacks):
    urls = pages(match)
    with later(0):
        assert statuses(client, urls) == {200}
        with monkeypatch.context() as hung:  # the cache does not answer: the deletes are dropped
            hung.setattr(derived, "delete", lambda *args, **kwargs: None)
            with django_capture_on_commit_callbacks(execute=True):
                make_members_only(match)
    with later(PUBLIC_SECONDS + 1):
        assert statuses(client, urls) == {403}


def test_a_club_made_public_again_opens_at_its_save(client, match):
    make_members_only(match)
    urls = pages(match)
    assert statuses(client, urls) == {403}
    club = match.competition.season.club
    update_club(club, actor=club.organizers.get(), is_public=True)
    assert statuses(client, urls) == {200}
