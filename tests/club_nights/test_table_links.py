"""A club night's table keeps its match's scoresheet through the table link, without an
account: start a game, enter and undo hands, report the result, and the opponent verifies it on
the same device with his name; every write is audited as entered at the table."""

from __future__ import annotations

import pytest

from league.competitions.models import AuditEntry, Match, ResultReport
from league.competitions.nights.table_links import revoke_table_link
from league.core.errors import ServiceError
from league.games.services import HandEntry
from league.games.services.table import (
    dispute_at_table,
    enter_hand_at_table,
    report_at_table,
    start_game_at_table,
    undo_hand_at_table,
    verify_at_table,
)
from tests.club_nights.tables import SeatedNight, play_game_at_table

pytestmark = pytest.mark.django_db


def test_the_table_enters_hands_and_undoes_the_last_without_an_account():
    night = SeatedNight()
    actor = night.actor()
    game = start_game_at_table(actor)
    enter_hand_at_table(actor, game.pk, HandEntry("knock", "A", 12, expected_number=1))
    enter_hand_at_table(actor, game.pk, HandEntry("knock", "B", 9, expected_number=2))
    undo_hand_at_table(actor, game.pk, 2)
    game.refresh_from_db()
    assert (game.total_a, game.total_b) == (12, 0)
    assert game.hands.get().entered_by is None


def test_every_write_at_the_table_is_audited_as_entered_at_its_table():
    night = SeatedNight()
    actor = night.actor()
    game = start_game_at_table(actor)
    enter_hand_at_table(actor, game.pk, HandEntry("knock", "A", 12, expected_number=1))
    entries = list(AuditEntry.objects.filter(match_id=actor.match_id,
                                             action=AuditEntry.Action.AT_TABLE).order_by("pk"))
    table = night.matches[0].table
    assert [e.comment for e in entries] == [
        f"Game 1 started at table {table}, through the table link.",
        f"Hand 1 of game 1 entered at table {table}, through the table link.",
    ]
    assert all(e.actor is None and e.after["table"] == table for e in entries)


def test_the_opponent_verifies_with_his_name_and_it_counts_as_confirmed_by_him():
    night = SeatedNight()
    actor = night.actor()
    play_game_at_table(actor, "A")
    report = report_at_table(actor, "A")
    assert report.reported_side == "A" and report.reported_by is None
    match = night.matches[0]
    with pytest.raises(ServiceError, match="Type your name"):
        verify_at_table(actor, match.entry_a.player.name, seen=report.version)
    verify_at_table(actor, f"  {match.entry_b.player.name.lower()} ", seen=report.version)
    match.refresh_from_db()
    assert match.status == Match.Status.CONFIRMED and match.winner_id == match.entry_a_id
    confirmed = AuditEntry.objects.get(match=match, action=AuditEntry.Action.CONFIRMED)
    assert confirmed.comment == (f"Verified at table {match.table} by "
                                 f"{match.entry_b.player.name}, through the table link.")


def test_the_reporter_cannot_verify_his_own_report_by_signing_in():
    from league.competitions.results.services import confirm_result
    night = SeatedNight()
    actor = night.actor()
    play_game_at_table(actor, "A")
    report_at_table(actor, "A")
    match = night.matches[0]
    with pytest.raises(ServiceError, match="opponent"):
        confirm_result(match.pk, actor=match.entry_a.player.user)
    confirm_result(match.pk, actor=match.entry_b.player.user)
    assert Match.objects.get(pk=match.pk).status == Match.Status.CONFIRMED


def test_a_dispute_at_the_table_goes_to_the_organizer():
    night = SeatedNight()
    actor = night.actor()
    play_game_at_table(actor, "B")
    report_at_table(actor, "B")
    dispute_at_table(actor, "Hand 2 was a knock, not a gin.")
    match = Match.objects.get(pk=night.matches[0].pk)
    assert match.status == Match.Status.DISPUTED
    assert match.reports.get().status == ResultReport.Status.DISPUTED


def test_a_club_that_does_not_verify_at_the_table_waits_for_the_opponent():
    night = SeatedNight()
    night.club.club.verify_at_table = False
    night.club.club.save()
    actor = night.actor()
    play_game_at_table(actor, "A")
    report = report_at_table(actor, "A")
    with pytest.raises(ServiceError, match="not at the table"):
        verify_at_table(actor, night.matches[0].entry_b.player.name, seen=report.version)


def test_a_revoked_link_writes_nothing_more():
    night = SeatedNight()
    actor = night.actor()
    game = start_game_at_table(actor)
    revoke_table_link(night.matches[0].pk, actor=night.organizer)
    with pytest.raises(ServiceError, match="withdrawn"):
        enter_hand_at_table(actor, game.pk, HandEntry("knock", "A", 12, expected_number=1))
    assert game.hands.count() == 0
