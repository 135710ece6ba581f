"""Who reads what: a public club without a key, a members-only club only with one of its own
keys; a key of one club reads nothing of another members-only club; a revoked key refuses at
once; keys are kept as hashes."""

from __future__ import annotations

import pytest

from league.api.models import ApiKey
from league.api.services import make_key, revoke_key
from league.core.errors import NotAllowed, ServiceError
from tests.api.conftest import get, key_for, urls_of
from tests.factories import UserFactory


def test_every_read_of_a_public_club_answers_without_a_key(public_world):
    for url in urls_of(public_world):
        assert get(url).status_code == 200, url


def test_a_members_only_club_is_not_found_without_a_key(public_world, private_world):
    for url in urls_of(private_world):
        assert get(url).status_code == 404, url
    listed = [club["slug"] for club in get("/api/v1/clubs/").json()["results"]]
    assert listed == [public_world.club.slug]


def test_a_clubs_own_key_reads_everything_of_its_members_only_club(private_world):
    key = key_for(private_world)
    for url in urls_of(private_world):
        assert get(url, key).status_code == 200, url
    match = get(f"/api/v1/matches/{private_world.match.pk}/", key).json()
    assert match["games"][0]["hands"][0]["points"] == 45


def test_one_clubs_key_reads_nothing_of_another_members_only_club(private_world):
    from tests.api.conftest import club_world

    other = club_world(public=False)
    key = key_for(other)
    for url in urls_of(private_world):
        response = get(url, key)
        assert response.status_code == 404, url
        assert private_world.club.name not in response.content.decode()
    listed = [club["slug"] for club in get("/api/v1/clubs/", key).json()["results"]]
    assert listed == [other.club.slug]


def test_a_revoked_key_refuses_the_very_next_request(private_world):
    key = key_for(private_world)
    url = f"/api/v1/competitions/{private_world.competition.pk}/"
    assert get(url, key).status_code == 200
    revoke_key(ApiKey.objects.get(club=private_world.club), actor=private_world.organizer)
    refused = get(url, key)
    assert refused.status_code == 401
    assert "revoked" in refused.json()["detail"]
    assert get("/api/v1/clubs/", key).status_code == 401  # not read as nobody either


def test_a_key_never_issued_is_refused(public_world):
    response = get("/api/v1/clubs/", "gl_not-a-key-of-anyone")
    assert response.status_code == 401
    assert response["WWW-Authenticate"].startswith("Bearer")


def test_the_key_is_stored_only_as_its_hash(private_world):
    row, key = make_key(private_world.club, actor=private_world.organizer, name="Results feed")
    stored = ApiKey.objects.filter(pk=row.pk).values().get()
    assert key not in {str(value) for value in stored.values()}
    assert key.startswith(row.prefix) and len(row.prefix) < len(key) / 3


def test_only_the_clubs_organizers_make_and_revoke_its_keys(private_world):
    stranger = UserFactory()
    with pytest.raises(NotAllowed):
        make_key(private_world.club, actor=stranger, name="Mine")
    row, _ = make_key(private_world.club, actor=private_world.organizer, name="Site")
    with pytest.raises(NotAllowed):
        revoke_key(row, actor=stranger)
    with pytest.raises(ServiceError):
        make_key(private_world.club, actor=private_world.organizer, name="   ")
