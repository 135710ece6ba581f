"""The table page: whoever scans the table's QR code keeps the match's scoresheet without
signing in, reports it and the opponent verifies it on the same page."""

from __future__ import annotations

import pytest
from django.urls import reverse

from league.competitions.models import Match
from tests.club_nights.tables import SeatedNight

pytestmark = pytest.mark.django_db


def post(client, name, token, data=None):
    return client.post(reverse(name, args=[token]), data or {}, follow=True)


def test_a_visitor_without_an_account_plays_a_match_from_the_table_link(client):
    night = SeatedNight()
    token = night.token()
    match = night.matches[0]
    page = client.get(reverse("table", args=[token]))
    assert page.status_code == 200 and b"Start game 1" in page.content
    post(client, "table-start", token)
    page = post(client, "table-add-hand", token, {"expected_number": 1, "winner": "A",
                                                  "outcome": "gin", "points": 60})
    assert b"Hand 1 entered." in page.content
    post(client, "table-add-hand", token, {"expected_number": 2, "winner": "A",
                                           "outcome": "gin", "points": 60})
    page = post(client, "table-report", token, {"side": "A"})
    b_name = match.entry_b.player.name
    assert f"{b_name}, check the result".encode() in page.content
    seen = page.context["verify_form"].initial["seen"]
    page = post(client, "table-verify", token, {"name": b_name, "seen": seen})
    assert b"Result confirmed" in page.content
    assert Match.objects.get(pk=match.pk).status == Match.Status.CONFIRMED


def test_an_unknown_token_is_refused_without_a_page_of_the_match(client):
    SeatedNight()
    page = client.get(reverse("table", args=["x" * 32]))
    assert page.status_code == 403 and b"not valid" in page.content


def test_the_table_page_reads_a_fixed_number_of_queries(django_assert_num_queries):
    from league.competitions.nights.table_links import live_table_link
    from league.games.services import HandEntry
    from league.games.services.table import enter_hand_at_table, start_game_at_table
    from league.games.table_selectors import table_page

    night = SeatedNight()
    token = night.token()
    actor = night.actor()
    game = start_game_at_table(actor)
    for number in range(1, 4):
        enter_hand_at_table(actor, game.pk, HandEntry("knock", "B", 10, expected_number=number))
    # the scoresheet's game, its match's sides and its hands with their open flags are three of
    # them (the sides in a query of their own: league.competitions.base.selectors.with_sides)
    with django_assert_num_queries(6):
        table_page(live_table_link(token))


def test_the_match_page_names_the_table_and_its_reporter(client):
    from league.games.services.table import report_at_table
    from tests.club_nights.tables import play_game_at_table

    night = SeatedNight()
    actor = night.actor()
    play_game_at_table(actor, "A")
    report_at_table(actor, "A")
    match = night.matches[0]
    client.force_login(match.entry_b.player.user)
    page = client.get(reverse("match", args=[match.pk])).content.decode()
    assert f"{match.entry_a.player.name} (at the table) reported" in page
    assert f"<td data-label=\"Who\">Table {match.table}</td>" in page
    assert "deleted account" not in page
