"""The API's limits (per key, and per address without a key), its ETags and If-None-Match, and
CORS for reads from other sites' pages."""

from __future__ import annotations

from django.test import Client

from league.competitions.models import Competition
from tests.api.conftest import get, key_for


def test_requests_without_a_key_are_limited_per_address(public_world, settings):
    settings.API_RATE_LIMITS = {"key": None, "address": "3/min"}
    for _ in range(3):
        assert get("/api/v1/clubs/", REMOTE_ADDR="203.0.113.5").status_code == 200
    refused = get("/api/v1/clubs/", REMOTE_ADDR="203.0.113.5")
    assert refused.status_code == 429
    assert int(refused["Retry-After"]) > 0
    assert get("/api/v1/clubs/", REMOTE_ADDR="203.0.113.6").status_code == 200


def test_requests_with_a_key_are_limited_per_key_not_per_address(private_world, settings):
    settings.API_RATE_LIMITS = {"key": "2/min", "address": "1/min"}
    first, second = key_for(private_world, "Site"), key_for(private_world, "Newsletter")
    for _ in range(2):
        assert get("/api/v1/clubs/", first, REMOTE_ADDR="203.0.113.5").status_code == 200
    assert get("/api/v1/clubs/", first, REMOTE_ADDR="203.0.113.9").status_code == 429
    assert get("/api/v1/clubs/", second, REMOTE_ADDR="203.0.113.5").status_code == 200


def test_a_read_unchanged_since_its_etag_answers_304_without_a_body(public_world):
    url = f"/api/v1/competitions/{public_world.competition.pk}/"
    first = get(url)
    etag = first["ETag"]
    again = get(url, HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 304
    assert again.content == b""
    assert again["ETag"] == etag


def test_a_changed_read_gets_a_new_etag_and_its_body(public_world):
    url = f"/api/v1/competitions/{public_world.competition.pk}/"
    etag = get(url)["ETag"]
    Competition.objects.filter(pk=public_world.competition.pk).update(
        status=Competition.Status.FINISHED)
    changed = get(url, HTTP_IF_NONE_MATCH=etag)
    assert changed.status_code == 200
    assert changed["ETag"] != etag
    assert changed.json()["status"] == "finished"


def test_the_same_read_with_and_without_a_key_is_cached_apart(public_world):
    response = get("/api/v1/clubs/")
    assert "Authorization" in response["Vary"]


def test_reads_are_open_to_other_sites_pages_without_credentials(public_world):
    response = get("/api/v1/clubs/", HTTP_ORIGIN="https://club.example.org")
    assert response["Access-Control-Allow-Origin"] == "*"
    assert "Access-Control-Allow-Credentials" not in response
    assert "ETag" in response["Access-Control-Expose-Headers"]
    preflight = Client().options("/api/v1/clubs/", HTTP_ORIGIN="https://club.example.org",
                                 HTTP_ACCESS_CONTROL_REQUEST_METHOD="GET",
                                 HTTP_ACCESS_CONTROL_REQUEST_HEADERS="authorization")
    assert preflight.status_code == 200
    assert "Authorization" in preflight["Access-Control-Allow-Headers"]
    assert "POST" not in preflight["Access-Control-Allow-Methods"]


def test_the_sites_pages_carry_no_cors_headers(public_world):
    response = Client().get("/", HTTP_ORIGIN="https://club.example.org")
    assert "Access-Control-Allow-Origin" not in response
