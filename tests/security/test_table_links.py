"""Table links: unguessable and stored only hashed, scoped to one match, expiring with the night
or their hours, revocable, rate limited, and every write through one audited at its table."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from league.competitions.models import AuditEntry, Match, TableLink
from league.competitions.nights import table_links
from league.competitions.nights.services import close_night
from league.competitions.nights.table_links import (
    LinkRefused,
    hash_of,
    issue_table_link,
    live_table_link,
    revoke_table_link,
    token_of,
)
from league.competitions.results.services import (
    confirm_for_player,
    confirm_result,
    correct_result,
    report_result,
)
from league.core.errors import ServiceError
from league.games.services import HandEntry, record_hand, start_game
from league.games.services.table import (
    enter_hand_at_table,
    report_at_table,
    start_game_at_table,
)
from tests.club_nights.tables import SeatedNight, play_game_at_table
from tests.conftest import empty_caches

pytestmark = pytest.mark.django_db
HAND = {"expected_number": 1, "winner": "A", "outcome": "knock", "points": 12}


@pytest.fixture(autouse=True)
def fresh_counters():
    empty_caches()
    yield
    empty_caches()


def test_the_token_is_long_random_and_only_its_hash_is_stored():
    night = SeatedNight()
    link = night.link()
    token = token_of(link)
    assert len(token) == 32 and token != token_of(night.link(1))
    stored = TableLink.objects.filter(pk=link.pk).values().get()
    assert token not in {str(value) for value in stored.values()}
    assert stored["token_hash"] == hash_of(token)


def test_a_reprint_carries_the_same_link_and_a_revoked_one_is_replaced():
    night = SeatedNight()
    first = night.link()
    assert night.link().pk == first.pk
    revoke_table_link(night.matches[0].pk, actor=night.organizer)
    assert token_of(night.link()) != token_of(first)


def test_only_an_organizer_issues_or_revokes_a_link():
    night = SeatedNight()
    player = night.club.players[0].user
    with pytest.raises(ServiceError):
        issue_table_link(night.matches[0].pk, actor=player)
    night.link()
    with pytest.raises(ServiceError):
        revoke_table_link(night.matches[0].pk, actor=player)


def test_a_link_of_one_match_cannot_write_another():
    night = SeatedNight()
    mine, other = night.actor(0), night.matches[1]
    with pytest.raises(ServiceError):
        start_game(other.pk, actor=mine)
    other_game = start_game(other.pk, actor=night.organizer)
    with pytest.raises(ServiceError):
        enter_hand_at_table(mine, other_game.pk, HandEntry("knock", "A", 12, expected_number=1))
    with pytest.raises(ServiceError):
        record_hand(other_game.pk, HandEntry("knock", "A", 12), actor=mine)
    assert other_game.hands.count() == 0


def test_a_link_cannot_do_what_only_an_organizer_does():
    night = SeatedNight()
    actor = night.actor()
    play_game_at_table(actor, "A")
    pk = night.matches[0].pk
    with pytest.raises(ServiceError):
        confirm_for_player(pk, actor=actor.as_side("B"), reason="I say so")
    report_result(pk, actor=night.matches[0].entry_a.player.user)
    with pytest.raises(ServiceError):
        revoke_table_link(pk, actor=actor)
    confirm_result(pk, actor=night.matches[0].entry_b.player.user)
    with pytest.raises(ServiceError):
        correct_result(pk, actor=actor, winner="B", games_a=0, games_b=1, comment="mine")


def test_a_link_of_one_match_opens_no_other_match_on_the_site(client):
    night = SeatedNight()
    token = night.token(0)
    other = night.matches[1]
    page = client.get(reverse("table", args=[token]))
    assert other.entry_a.player.name not in page.content.decode()
    # The link is no session: the other match's scoresheet still asks to sign in.
    game = start_game(other.pk, actor=night.organizer)
    response = client.post(reverse("gameplay:add-hand", args=[game.pk]), HAND)
    assert response.status_code == 302 and "/login" in response["Location"]
    assert game.hands.count() == 0


def test_a_revoked_link_refuses_at_once(client):
    night = SeatedNight()
    token = night.token()
    revoke_table_link(night.matches[0].pk, actor=night.organizer)
    page = client.get(reverse("table", args=[token]))
    assert page.status_code == 403 and "withdrawn by the organizer" in page.content.decode()
    response = client.post(reverse("table-start", args=[token]))
    assert response.status_code == 403
    assert not Match.objects.get(pk=night.matches[0].pk).games.exists()
    revoked = AuditEntry.objects.get(action=AuditEntry.Action.TABLE_LINK_REVOKED)
    assert revoked.actor == night.organizer


def test_a_link_expires_with_its_hours(client):
    night = SeatedNight()
    link = night.link()
    TableLink.objects.filter(pk=link.pk).update(expires_at=timezone.now() - timedelta(minutes=1))
    response = client.post(reverse("table-start", args=[token_of(link)]))
    assert response.status_code == 403 and "expired" in response.content.decode()


def test_closing_the_night_ends_its_links(client):
    night = SeatedNight()
    token = night.token()
    close_night(night.night.pk, actor=night.organizer)
    with pytest.raises(LinkRefused, match="expired"):
        live_table_link(token)
    assert client.get(reverse("table", args=[token])).status_code == 403


def test_a_link_revoked_while_its_page_is_open_writes_nothing():
    night = SeatedNight()
    actor = night.actor()
    game = start_game_at_table(actor)
    revoke_table_link(night.matches[0].pk, actor=night.organizer)
    with pytest.raises(LinkRefused):
        enter_hand_at_table(actor, game.pk, HandEntry("knock", "A", 12, expected_number=1))
    assert game.hands.count() == 0


def test_writes_through_one_link_are_rate_limited(client, monkeypatch):
    monkeypatch.setattr(table_links, "WRITES_PER_WINDOW", 2)
    night = SeatedNight()
    token = night.token()
    client.post(reverse("table-start", args=[token]))
    data = dict(HAND)
    client.post(reverse("table-add-hand", args=[token]), data)
    data["expected_number"] = 2
    response = client.post(reverse("table-add-hand", args=[token]), data)
    assert response.status_code == 429
    assert Match.objects.get(pk=night.matches[0].pk).games.get().hands.count() == 1


def test_an_address_trying_many_tokens_is_held_off(client, monkeypatch):
    monkeypatch.setattr(table_links, "LOOKUPS_PER_WINDOW", 3)
    night = SeatedNight()
    good = night.token()
    for n in range(3):
        assert client.get(reverse("table", args=[f"{n:0>32}"])).status_code == 403
    held = client.get(reverse("table", args=[good]))
    assert held.status_code == 429
    assert client.get(reverse("table", args=[good]), REMOTE_ADDR="10.9.8.7").status_code == 200


def test_every_write_through_a_link_is_audited_at_its_table(client):
    night = SeatedNight()
    token = night.token()
    match = night.matches[0]
    client.post(reverse("table-start", args=[token]))
    client.post(reverse("table-add-hand", args=[token]), HAND)
    client.post(reverse("table-undo", args=[token]), {"number": "1"})
    entries = AuditEntry.objects.filter(match=match).order_by("pk")
    assert [e.action for e in entries] == [AuditEntry.Action.AT_TABLE] * 3
    assert all(e.actor is None and e.after["table"] == match.table
               and f"at table {match.table}" in e.comment for e in entries)


def test_a_report_and_its_verification_at_the_table_are_audited_with_the_table():
    night = SeatedNight()
    actor = night.actor()
    play_game_at_table(actor, "A")
    report_at_table(actor, "A")
    reported = AuditEntry.objects.get(match_id=actor.match_id,
                                      action=AuditEntry.Action.REPORTED)
    assert reported.after["table"] == night.matches[0].table
    assert reported.comment.startswith(f"Reported at table {night.matches[0].table} by ")
