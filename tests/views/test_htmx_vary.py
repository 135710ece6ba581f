"""A page that answers an htmx request with its partial says it varies with HX-Request, and so
does the full page: a shared cache must never hand one out for the other."""

import pytest
from django.urls import reverse
from django.utils.cache import cc_delim_re

from league.competitions.models import Competition

from .test_competition_page import started

pytestmark = pytest.mark.django_db


def varies_on(response) -> set[str]:
    return {name.lower() for name in cc_delim_re.split(response.get("Vary", "")) if name}


def test_the_fixtures_partial_and_the_full_page_vary_with_hx_request(client):
    league = started(Competition.Format.LEAGUE, 4)
    url = reverse("competition", args=[league.pk]) + "?round=all"
    full = client.get(url)
    partial = client.get(url, HTTP_HX_REQUEST="true")
    assert full.status_code == partial.status_code == 200
    assert "<html" in full.content.decode() and "<html" not in partial.content.decode()
    assert "hx-request" in varies_on(partial)
    assert "hx-request" in varies_on(full)
    assert "cookie" in varies_on(full)  # what the page varied on before is kept
