"""A latecomer is seated in the round already paired, where the Swiss allows it: against
another player waiting, or instead of a bye; never a rematch, never in a round already in."""

from __future__ import annotations

import pytest
from django.urls import reverse

from league.competitions.models import AuditEntry, Match, Round
from league.competitions.nights.attendance import walk_in
from league.competitions.nights.desk import night_desk
from league.competitions.nights.latecomers import seat_latecomer
from league.competitions.nights.pairing import pair_night_round
from league.competitions.results.desk import desk_result
from league.core.errors import ServiceError
from tests.club_nights.test_club_night_services import arrive, night_swiss

pytestmark = pytest.mark.django_db


def paired(present: int, players: int = 6):
    club, competition, night = night_swiss(players, rounds=3)
    arrive(club, night, *range(present))
    round_ = pair_night_round(night.pk, actor=club.organizer)
    return club, competition, night, round_


def late(club, night, index: int):
    """Player `index` of the club, entered already, checks in after the pairing."""
    arrive(club, night, index)
    return night.competition.entries.get(player=club.players[index])


def test_a_latecomer_plays_the_player_who_had_the_bye_and_the_bye_no_longer_counts():
    club, _competition, night, round_ = paired(present=3)
    bye = round_.matches.get(kind=Match.Kind.BYE)
    latecomer = late(club, night, 3)
    match = seat_latecomer(night.pk, latecomer.pk, bye.entry_a_id, actor=club.organizer)
    assert match.pk == bye.pk and match.kind == Match.Kind.PLAYED
    assert (match.status, match.table, match.entry_b_id) == (Match.Status.SCHEDULED, "2",
                                                              latecomer.pk)
    assert not round_.matches.filter(kind=Match.Kind.BYE).exists()
    audit = AuditEntry.objects.get(match=match, action=AuditEntry.Action.LATE_ENTRY)
    assert "instead of" in audit.comment


def test_two_latecomers_play_each_other_at_a_new_table():
    club, _competition, night, round_ = paired(present=4)
    first, second = late(club, night, 4), late(club, night, 5)
    match = seat_latecomer(night.pk, first.pk, second.pk, actor=club.organizer)
    assert match.round_id == round_.pk and match.table == "3"
    assert {match.entry_a_id, match.entry_b_id} == {first.pk, second.pk}


def test_a_walk_in_after_the_pairing_is_offered_at_the_desk():
    club, _competition, night, round_ = paired(present=3)
    walk_in(night.pk, actor=club.organizer, name="Late Larry")
    desk = night_desk(night)
    (entry, opponents), = desk.latecomers
    assert entry.player.name == "Late Larry"
    assert [label for _, label in opponents] == [
        f"{round_.matches.get(kind=Match.Kind.BYE).entry_a.player.name} (instead of the bye)"]


def test_two_who_have_met_are_not_seated_again():
    club, competition, night, _round = paired(present=4)
    first, second = late(club, night, 4), late(club, night, 5)
    earlier = Round.objects.create(competition=competition, number=0, name="Earlier")
    Match.objects.create(competition=competition, round=earlier, entry_a=first, entry_b=second,
                         status=Match.Status.CONFIRMED)
    with pytest.raises(ServiceError, match="played each other already"):
        seat_latecomer(night.pk, first.pk, second.pk, actor=club.organizer)


def test_a_round_already_in_is_not_reopened_for_a_latecomer():
    club, _competition, night, round_ = paired(present=4)
    for match in round_.matches.filter(kind=Match.Kind.PLAYED):
        desk_result(match.pk, actor=club.organizer, winner="A", games_a=1, games_b=0)
    first, second = late(club, night, 4), late(club, night, 5)
    with pytest.raises(ServiceError, match="complete: pair the next round"):
        seat_latecomer(night.pk, first.pk, second.pk, actor=club.organizer)


def test_only_an_organizer_seats_a_latecomer():
    club, _competition, night, _round = paired(present=4)
    first, second = late(club, night, 4), late(club, night, 5)
    with pytest.raises(ServiceError):
        seat_latecomer(night.pk, first.pk, second.pk, actor=club.players[0].user)


def test_the_desk_seats_a_latecomer_from_its_form(client):
    club, _competition, night, round_ = paired(present=3)
    bye = round_.matches.get(kind=Match.Kind.BYE)
    latecomer = late(club, night, 3)
    client.force_login(club.organizer)
    page = client.get(reverse("club-night", args=[night.pk]))
    assert f"Seat {latecomer.player.name} at a new table".encode() in page.content
    response = client.post(reverse("club-night-desk-latecomer", args=[night.pk]),
                           {"entry": latecomer.pk, "opponent": bye.entry_a_id}, follow=True)
    assert b"at table 2." in response.content
