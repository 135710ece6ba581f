"""The organizer's API pages, their refusals and the embeds speak the reader's language."""

from __future__ import annotations

from django.test import Client
from django.urls import reverse

from league.api.services import MAX_ACTIVE_KEYS, make_key


def organizer_client(world, language: str) -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    client.force_login(world.organizer)
    return client


def test_the_webhooks_page_and_its_refusal_are_in_spanish(public_world):
    client = organizer_client(public_world, "es")
    slug = public_world.club.slug
    page = client.get(reverse("webhooks", args=[slug])).content.decode()
    assert "Añadir un webhook" in page and "Se cerró un periodo de rating (una semana)" in page
    refused = client.post(reverse("webhook-add", args=[slug]),
                          {"url": "ftp://example.org/hook", "events": ["round.paired"]})
    assert refused.status_code == 422
    assert "La dirección de un webhook empieza por https://." in refused.content.decode()


def test_the_keys_page_and_a_refusal_are_in_german(public_world):
    client = organizer_client(public_world, "de")
    slug = public_world.club.slug
    page = client.get(reverse("api-keys", args=[slug])).content.decode()
    assert "Einen Schlüssel erstellen" in page and "Wofür der Schlüssel ist" in page
    for n in range(MAX_ACTIVE_KEYS):
        make_key(public_world.club, actor=public_world.organizer, name=f"Key {n}")
    refused = client.post(reverse("api-key-make", args=[slug]), {"name": "One more"})
    assert refused.status_code == 422
    assert "Ein Club hat höchstens 20 Schlüssel in Gebrauch" in refused.content.decode()


def test_an_embed_speaks_the_readers_language(public_world):
    url = reverse("embed-standings", args=[public_world.competition.pk])
    german = Client(HTTP_ACCEPT_LANGUAGE="de").get(url).content.decode()
    assert '<html lang="de"' in german and "<h1>Tabelle</h1>" in german


def test_an_embed_kept_in_one_language_is_not_served_in_another(public_world):
    url = reverse("embed-standings", args=[public_world.competition.pk])
    assert "<h1>Tabelle</h1>" in Client(HTTP_ACCEPT_LANGUAGE="de").get(url).content.decode()
    english = Client(HTTP_ACCEPT_LANGUAGE="en").get(url).content.decode()
    assert '<html lang="en"' in english and "<h1>Standings</h1>" in english


def test_the_standings_answer_kept_in_one_language_is_not_served_in_another(public_world):
    url = f"/api/v1/competitions/{public_world.competition.pk}/standings/"
    labels = {language: [t["label"] for t in Client(HTTP_ACCEPT_LANGUAGE=language).get(url)
                         .json()["tiebreaks"]] for language in ("en", "de", "en")}
    english = Client(HTTP_ACCEPT_LANGUAGE="en").get(url).json()["tiebreaks"]
    assert labels["de"] and labels["de"] != labels["en"]
    assert [t["label"] for t in english] == labels["en"]
