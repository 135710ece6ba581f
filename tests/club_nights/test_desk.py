"""The organizer's desk: every table of the round live, polled and answered 304 while nothing
changed; a table's result entered or confirmed in one short form, a reason asked only when it
overrides what a player reported; the venue screen."""

from __future__ import annotations

import pytest
from django.urls import reverse

from league.competitions.models import AuditEntry, Match, ResultReport
from league.competitions.nights.desk import night_desk
from league.competitions.results.desk import desk_result
from league.core.errors import ServiceError
from league.games.services import HandEntry
from league.games.services.table import enter_hand_at_table, report_at_table, start_game_at_table
from tests.club_nights.tables import SeatedNight, play_game_at_table

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}


def test_the_desk_shows_each_table_game_and_score():
    night = SeatedNight()
    actor = night.actor()
    game = start_game_at_table(actor)
    enter_hand_at_table(actor, game.pk, HandEntry("knock", "B", 17, expected_number=1))
    desk = night_desk(night.night)
    first, second = desk.tables
    assert (first.state, first.game.total_a, first.game.total_b) == ("playing", 0, 17)
    assert second.state == "waiting" and not desk.all_in


def test_the_desk_reads_a_fixed_number_of_queries(django_assert_num_queries):
    night = SeatedNight(8)
    with django_assert_num_queries(8):
        night_desk(night.night)


def test_the_desk_poll_is_not_modified_until_a_table_changes(client):
    night = SeatedNight()
    client.force_login(night.organizer)
    url = reverse("club-night-desk", args=[night.night.pk])
    first = client.get(url, **HTMX)
    assert first.status_code == 200 and b"Table 1" in first.content
    tag = first["ETag"]
    assert client.get(url, HTTP_IF_NONE_MATCH=tag, **HTMX).status_code == 304
    actor = night.actor()
    game = start_game_at_table(actor)
    enter_hand_at_table(actor, game.pk, HandEntry("knock", "A", 21, expected_number=1))
    changed = client.get(url, HTTP_IF_NONE_MATCH=tag, **HTMX)
    assert changed.status_code == 200 and b"Game 1: 21\xe2\x80\x930" in changed.content


def test_the_organizer_confirms_a_reported_table_without_a_reason():
    night = SeatedNight()
    actor = night.actor()
    play_game_at_table(actor, "A")
    report_at_table(actor, "A")
    match = desk_result(night.matches[0].pk, actor=night.organizer, winner="A", games_a=1,
                        games_b=0)
    assert match.status == Match.Status.CONFIRMED
    assert AuditEntry.objects.filter(match=match,
                                     action=AuditEntry.Action.CONFIRMED_FOR_PLAYER).exists()


def test_overriding_what_a_player_reported_asks_why_and_keeps_it():
    night = SeatedNight()
    actor = night.actor()
    play_game_at_table(actor, "A")
    report_at_table(actor, "A")
    pk = night.matches[0].pk
    with pytest.raises(ServiceError, match="Say why you override"):
        desk_result(pk, actor=night.organizer, winner="B", games_a=0, games_b=1)
    match = desk_result(pk, actor=night.organizer, winner="B", games_a=0, games_b=1,
                        reason="A conceded the last hand's penalty.")
    assert match.winner_id == match.entry_b_id and match.status == Match.Status.CONFIRMED
    assert ResultReport.objects.get(match=match, reported_by=None).status == "rejected"


def test_a_table_nobody_reported_is_entered_at_the_desk_and_counts():
    night = SeatedNight()
    match = desk_result(night.matches[1].pk, actor=night.organizer, winner="B", games_a=0,
                        games_b=1)
    assert match.status == Match.Status.CONFIRMED and match.winner_id == match.entry_b_id


def test_a_player_cannot_enter_a_result_at_the_desk():
    night = SeatedNight()
    with pytest.raises(ServiceError):
        desk_result(night.matches[0].pk, actor=night.club.players[3].user, winner="A",
                    games_a=1, games_b=0)


def test_the_pair_button_shows_once_every_table_is_in(client):
    night = SeatedNight()
    client.force_login(night.organizer)
    for match in night.matches:
        desk_result(match.pk, actor=night.organizer, winner="A", games_a=1, games_b=0)
    page = client.get(reverse("club-night", args=[night.night.pk]))
    assert b"Every table is in: pair the next round" in page.content


def test_the_venue_screen_alternates_pairings_and_standings_without_sign_in(client):
    night = SeatedNight()
    night.club.club.is_public = True
    night.club.club.save()
    url = reverse("club-night-screen", args=[night.night.pk])
    pairings = client.get(url)
    assert pairings.status_code == 200 and b"who plays where" in pairings.content
    assert b'content="20;url=?show=standings"' in pairings.content
    standings = client.get(url + "?show=standings")
    assert b"Standings" in standings.content and b"url=?show=pairings" in standings.content
