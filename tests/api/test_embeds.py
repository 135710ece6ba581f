"""Embeds: a public club's standings, bracket and pairings as small pages any site may frame,
without navigation or cookies, cached; every other page of the site refuses to be framed; a
members-only club has none."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.api.conftest import key_for
from tests.api.test_key_pages import signed_in

KINDS = ("standings", "bracket", "pairings")


def embed(world, kind: str, **query) -> str:
    url = f"/embed/competitions/{world.competition.pk}/{kind}/"
    return url + ("?" + "&".join(f"{k}={v}" for k, v in query.items()) if query else "")


@pytest.mark.parametrize("kind", KINDS)
def test_an_embed_is_framable_by_any_site_has_no_navigation_and_sets_no_cookie(public_world,
                                                                              kind):
    client = Client()
    response = client.get(embed(public_world, kind))
    assert response.status_code == 200
    assert "X-Frame-Options" not in response
    assert "frame-ancestors *" in response["Content-Security-Policy"]
    assert "frame-ancestors 'none'" not in response["Content-Security-Policy"]
    assert not response.cookies
    assert response["Cache-Control"] == "public, max-age=300"
    page = response.content.decode()
    assert "<nav" not in page and "<form" not in page
    assert public_world.match.entry_a.player.name in page


def test_the_rest_of_the_site_refuses_to_be_framed(public_world):
    client = signed_in(public_world.organizer)
    for url in ("/", f"/competitions/{public_world.competition.pk}/",
                f"/clubs/{public_world.club.slug}/manage/embeds/", "/api/v1/clubs/"):
        response = client.get(url)
        assert response["X-Frame-Options"] == "DENY", url
        assert "frame-ancestors 'none'" in response["Content-Security-Policy"], url


def test_an_embed_in_dark_or_light_as_asked(public_world):
    assert '<html lang="en" class="dark">' in Client().get(
        embed(public_world, "standings", theme="dark")).content.decode()
    assert '<html lang="en">' in Client().get(
        embed(public_world, "standings", theme="<script>")).content.decode()


@pytest.mark.parametrize("kind", KINDS)
def test_a_members_only_club_has_no_embeds_even_with_a_key(private_world, kind):
    key = key_for(private_world)
    response = Client().get(embed(private_world, kind), HTTP_AUTHORIZATION=f"Bearer {key}")
    assert response.status_code == 404
    assert private_world.match.entry_a.player.name not in response.content.decode()


def test_the_organizer_copies_each_competitions_snippets(public_world):
    page = signed_in(public_world.organizer).get(
        f"/clubs/{public_world.club.slug}/manage/embeds/").content.decode()
    for kind in KINDS:
        assert f"/embed/competitions/{public_world.competition.pk}/{kind}/" in page
    assert "&lt;iframe src=" in page
