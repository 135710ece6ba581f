"""The record's pages: downloaded from the match page and the API by whoever may read the
match, imported on the organizer's page (a bad file refused with a message, nothing kept), the
club's archive downloaded by its organizers."""

from __future__ import annotations

import io
import json
import zipfile

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from league.games.models import Game
from league.records import reading
from league.records.export import match_record, record_match
from tests.records.helpers import league_of, self_played

pytestmark = pytest.mark.django_db


@pytest.fixture
def world():
    club, competition = league_of(4)
    played, empty = competition.matches.select_related("entry_a__player__user")[:2]
    self_played(played)
    return club, played, empty


def upload(client, match, content: bytes, name: str = "record.json"):
    url = reverse("match-record-import", args=[match.pk])
    return client.post(url, {"file": SimpleUploadedFile(name, content)})


def test_the_match_page_links_its_record_which_downloads_as_json(client, world):
    _, played, _ = world
    page = client.get(reverse("match", args=[played.pk]))
    url = reverse("match-record", args=[played.pk])
    assert f'href="{url}"'.encode() in page.content
    response = client.get(url)
    assert response.status_code == 200 and response["Content-Type"].startswith("application/json")
    assert "attachment" in response["Content-Disposition"]
    assert json.loads(response.content)["match"]["id"] == played.pk


def test_a_members_only_club_s_record_is_not_shown_to_a_visitor(client, world):
    club, played, _ = world
    club.club.is_public = False
    club.club.save()
    assert client.get(reverse("match-record", args=[played.pk])).status_code == 403
    assert client.get(f"/api/v1/matches/{played.pk}/record/").status_code == 404


def test_the_api_gives_the_record_of_a_public_club_s_match(client, world):
    _, played, _ = world
    response = client.get(f"/api/v1/matches/{played.pk}/record/")
    assert response.status_code == 200
    assert response.json() == {
        **match_record(record_match(played.pk)),
        "exported_at": response.json()["exported_at"],
    }


def test_an_organizer_imports_a_record_on_the_page_and_is_sent_to_record_the_result(client, world):
    club, played, empty = world
    client.force_login(club.organizer)
    assert client.get(reverse("match-record-import", args=[empty.pk])).status_code == 200
    record = client.get(reverse("match-record", args=[played.pk])).content
    response = upload(client, empty, record)
    assert response.status_code == 302
    assert response["Location"] == reverse("match-paper", args=[empty.pk])
    assert Game.objects.filter(match=empty).count() == played.games.count()


def test_a_player_may_not_import(client, world):
    _, played, empty = world
    client.force_login(empty.entry_a.player.user)
    record = client.get(reverse("match-record", args=[played.pk])).content
    assert upload(client, empty, record).status_code == 403
    assert not Game.objects.filter(match=empty).exists()


@pytest.mark.parametrize(
    ("content", "says"),
    [
        (b"\x89PNG not json", "The file is not JSON"),
        (b"[1, 2]", "not a Gin League match record"),
        (json.dumps({"format": "gin-league-match", "version": 9}).encode(), "version 9"),
        (
            json.dumps({"format": "gin-league-match", "version": 1}).encode(),
            "not a match record: (top)",
        ),
    ],
)
def test_a_bad_file_is_refused_on_the_page_and_nothing_is_kept(client, world, content, says):
    club, _, empty = world
    client.force_login(club.organizer)
    response = upload(client, empty, content)
    assert response.status_code == 422
    assert says in response.content.decode()
    assert not Game.objects.filter(match=empty).exists()


def test_a_file_too_large_is_refused_on_the_page(client, world, monkeypatch):
    club, played, empty = world
    monkeypatch.setattr(reading, "MAX_RECORD_BYTES", 1024)
    client.force_login(club.organizer)
    record = client.get(reverse("match-record", args=[played.pk])).content
    response = upload(client, empty, record)
    assert response.status_code == 422 and "too large" in response.content.decode()
    assert not Game.objects.filter(match=empty).exists()


def test_a_refused_hand_is_named_on_the_page_and_nothing_is_kept(client, world):
    club, played, empty = world
    client.force_login(club.organizer)
    record = match_record(record_match(played.pk))
    record["games"][0]["hands"][1]["points"] += 3
    record["games"][0]["hands"][1]["event_log"] = []
    response = upload(client, empty, json.dumps(record).encode())
    assert response.status_code == 422
    assert "Game 1, hand 2:" in response.content.decode()
    assert not Game.objects.filter(match=empty).exists()


def test_the_organizers_download_the_club_s_archive_and_nobody_else(client, world):
    club, played, _ = world
    url = reverse("club-archive", args=[club.club.slug])
    client.force_login(played.entry_a.player.user)
    assert client.get(url).status_code == 403
    client.force_login(club.organizer)
    assert (
        f'href="{url}"'.encode()
        in client.get(reverse("organizer-club", args=[club.club.slug])).content
    )
    response = client.get(url)
    assert response.status_code == 200 and response["Content-Type"] == "application/zip"
    names = zipfile.ZipFile(io.BytesIO(response.content)).namelist()
    assert "manifest.json" in names and f"matches/{played.pk}.json" in names
