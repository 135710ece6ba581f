"""A page kept in the cache is kept once per language: a reader of German is never served the
fragments an English reader's visit left in the cache."""

import pytest
from django.urls import reverse

from league.competitions.models import Competition
from tests.views.test_competition_page import started

pytestmark = pytest.mark.django_db


def test_a_competition_page_cached_in_english_is_read_in_german_in_german(client):
    competition = started(Competition.Format.LEAGUE, 4)
    url = reverse("competition", args=[competition.pk])
    english = client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    german = client.get(url, HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Download:" in english
    assert "Herunterladen:" in german
    assert "Download:" not in german


def test_a_player_page_cached_in_english_is_read_in_spanish_in_spanish(client):
    competition = started(Competition.Format.LEAGUE, 4)
    player = competition.entries.first().player
    url = reverse("player", args=[player.pk])
    english = client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    spanish = client.get(url, HTTP_ACCEPT_LANGUAGE="es").content.decode()
    assert '<h2 id="results-h">Results</h2>' in english
    assert '<h2 id="results-h">Resultados</h2>' in spanish
