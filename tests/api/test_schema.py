"""The API's OpenAPI schema, as served: valid, generated without a warning, and every
operation answering as it says: schemathesis tries each with generated parameters (no server
error, every response conforming to the schema, status codes and headers included), then each
with the ids of a real club's things, whose full responses must conform too."""

from __future__ import annotations

import pytest
import schemathesis
from django.core.management import call_command
from django.core.signals import request_finished, request_started
from django.db import close_old_connections
from hypothesis import HealthCheck, settings

from league.wsgi import application
from tests.api.conftest import club_world

SCHEMA_URL = "/api/v1/schema/?format=json"


@pytest.fixture
def api_schema(db, settings):
    """The served schema, its operations called through the site's WSGI application in this
    process. As Django's test client does, a request's start and end leave the test's database
    connection open (it holds the test's transaction)."""
    settings.API_RATE_LIMITS = {"key": None, "address": None}
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    yield schemathesis.openapi.from_wsgi(SCHEMA_URL, application)
    request_started.connect(close_old_connections)
    request_finished.connect(close_old_connections)


def test_the_schema_is_generated_without_a_warning_and_is_valid_openapi(tmp_path):
    call_command("spectacular", "--validate", "--fail-on-warn", "--file",
                 str(tmp_path / "schema.yaml"))
    assert "/api/v1/competitions/{id}/standings/" in (tmp_path / "schema.yaml").read_text()


def test_the_schema_and_its_browsing_page_are_served(client):
    schema = client.get(SCHEMA_URL).json()
    assert schema["openapi"].startswith("3.")
    page = client.get("/api/v1/docs/")
    assert page.status_code == 200
    assert b"cdn" not in page.content.lower()


fuzzed = schemathesis.pytest.from_fixture("api_schema")


@fuzzed.parametrize()
@settings(max_examples=25, suppress_health_check=list(HealthCheck), deadline=None)
def test_every_operation_answers_as_the_schema_says(case):
    case.call_and_validate()


def test_every_operation_on_real_things_answers_as_the_schema_says(api_schema):
    world = club_world(public=True)
    by_path = {
        "/api/v1/players/{id}/": world.match.entry_a.player_id,
        "/api/v1/players/{id}/ratings/": world.match.entry_a.player_id,
        "/api/v1/matches/{id}/": world.match.pk,
        "/api/v1/matches/{id}/record/": world.match.pk,
        "/api/v1/nights/{id}/": world.night.pk,
    }
    checked = 0
    for result in api_schema.get_all_operations():
        operation = result.ok()
        parameters = {}
        for parameter in operation.path_parameters:
            name = parameter.name
            parameters[name] = (world.club.slug if name == "slug"
                                else by_path.get(operation.path, world.competition.pk))
        case = operation.Case(path_parameters=parameters)
        response = case.call_and_validate()
        assert response.status_code == 200, (operation.path, response.text)
        checked += 1
    assert checked == 13
