"""Embeds: a public club's standings, bracket and pairings as small pages any site may frame,
without navigation or cookies, cached; every other page of the site refuses to be framed; a
members-only club has none."""

from __future__ import annotations

import pytest
from django.test import Client

from league.competitions.models import Match
from tests.api.conftest import key_for
from tests.api.test_key_pages import signed_in
from tests.factories import MatchFactory
from tests.formats.builders import Club

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


def test_a_pairings_embed_lists_each_match_with_its_table_sides_and_score(public_world):
    round_ = public_world.match.round
    played = public_world.match  # confirmed, one game to none for side A
    played.table = 3
    played.save(update_fields=["table"])
    played.entry_b.player.name = "Bea & <Co>"
    played.entry_b.player.save(update_fields=["name"])
    bye = MatchFactory(competition=public_world.competition, round=round_,
                       entry_a=played.entry_a, entry_b=None, kind=Match.Kind.BYE)
    waiting = MatchFactory(competition=public_world.competition, round=round_,
                           entry_a=None, entry_b=None, status=Match.Status.PENDING)
    page = Client().get(embed(public_world, "pairings")).content.decode()
    a = played.entry_a.player.name
    assert (f'<li><span class="muted">Table 3</span> <span class="winner">{a}</span> v '
            '<span>Bea &amp; &lt;Co&gt;</span> <span class="muted">1–0</span></li>') in page
    assert f"<li><span>{a}</span> v <span>bye</span></li>" in page
    assert "<li><span>to be decided</span> v <span>to be decided</span></li>" in page
    assert page.index("Table 3") < page.index(">bye<") < page.index("to be decided")
    assert bye.pk < waiting.pk


@pytest.mark.django_db
def test_a_bracket_embed_lists_its_rounds_in_the_order_played_in_the_readers_language():
    competition = Club(4).competition("double_elimination")
    page = Client(HTTP_ACCEPT_LANGUAGE="de").get(
        f"/embed/competitions/{competition.pk}/bracket/").content.decode()
    headings = [h.split("<")[0].strip() for h in page.split("<h2>")[1:]]
    assert headings == ["Gewinnerrunde, Runde 1", "Finale der Gewinnerrunde",
                        "Verliererrunde, Runde 1", "Finale der Verliererrunde", "Großes Finale",
                        "Wiederholung des großen Finales"]
    assert page.count("<li>") == 7 and "gegen <span>steht noch aus</span>" in page
