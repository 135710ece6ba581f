"""The club night's page: a player checks in from it and sees his table; the organizer ticks
who is here, pairs, and closes; refusals are messages on the page, never an error page."""

from __future__ import annotations

import pytest
from django.urls import reverse

from league.competitions.formats.draws import start_competition
from league.competitions.models import CheckIn, Competition
from league.competitions.nights.attendance import check_in
from league.competitions.nights.pairing import pair_night_round
from league.competitions.nights.services import open_night
from tests.formats.builders import Club

pytestmark = pytest.mark.django_db


def night_of(players: int):
    club = Club(players)
    competition = club.competition(Competition.Format.SWISS, start=False, swiss_rounds=3)
    start_competition(competition.pk, actor=club.organizer, pair_first_round=False)
    return club, competition, open_night(competition.pk, actor=club.organizer)


def test_a_player_checks_in_from_the_page_and_sees_his_table(client):
    club, competition, night = night_of(4)
    url = reverse("club-night", args=[night.pk])
    client.force_login(club.players[0].user)
    assert "Check in" in client.get(url).content.decode()
    response = client.post(reverse("club-night-check-in", args=[night.pk]), follow=True)
    page = response.content.decode()
    assert "P01 is checked in" in page and "I'm leaving" in page
    for player in club.players[1:]:
        check_in(night.pk, actor=player.user)
    pair_night_round(night.pk, actor=club.organizer)
    page = client.get(url).content.decode()
    match = competition.matches.get(entry_a__player=club.players[0])
    assert f"table {match.table}</strong> against <strong>{match.entry_b.player.name}" in page
    assert reverse("match", args=[match.pk]) in page


def test_checking_in_twice_is_a_message_not_an_error(client):
    club, _competition, night = night_of(4)
    client.force_login(club.players[0].user)
    client.post(reverse("club-night-check-in", args=[night.pk]))
    response = client.post(reverse("club-night-check-in", args=[night.pk]))
    assert response.status_code == 422
    assert "P01 is checked in already." in response.content.decode()


def test_pairing_with_fewer_than_two_present_is_a_message(client):
    club, _competition, night = night_of(4)
    client.force_login(club.organizer)
    response = client.post(reverse("club-night-pair", args=[night.pk]))
    assert response.status_code == 422
    assert "needs at least two players present; 0 are checked in" in response.content.decode()


def test_the_organizer_ticks_who_is_here_and_pairs(client):
    club, competition, night = night_of(5)
    client.force_login(club.organizer)
    ticked = [str(e.pk) for e in competition.entries.order_by("pk")[:3]]
    client.post(reverse("club-night-attendance", args=[night.pk]), {"present": ticked})
    assert CheckIn.objects.filter(night=night, left_at=None).count() == 3
    page = client.get(reverse("club-night", args=[night.pk])).content.decode()
    assert "Pair round 1 from the 3 present" in page
    response = client.post(reverse("club-night-pair", args=[night.pk]), follow=True)
    page = response.content.decode()
    assert "Round 1 is paired" in page and "Table 1" in page and "Bye" in page
    round_ = competition.rounds.get()
    assert reverse("print-pairings", args=[round_.pk]) in page


def test_a_closed_night_refuses_check_in_with_a_message(client):
    club, _competition, night = night_of(4)
    client.force_login(club.organizer)
    client.post(reverse("club-night-close", args=[night.pk]))
    client.force_login(club.players[0].user)
    response = client.post(reverse("club-night-check-in", args=[night.pk]))
    assert response.status_code == 422 and "The club night is closed." in response.content.decode()


def test_the_organizer_opens_a_night_from_the_competitions_organizer_page(client):
    club = Club(4)
    competition = club.competition(Competition.Format.SWISS, swiss_rounds=2)
    client.force_login(club.organizer)
    page = client.get(reverse("organizer-matches", args=[competition.pk])).content.decode()
    assert "Open a club night now" in page
    response = client.post(reverse("club-night-new", args=[competition.pk]), {"action": "open"})
    night = competition.nights.get()
    assert response.url == reverse("club-night", args=[night.pk])
    again = client.post(reverse("club-night-new", args=[competition.pk]), {"action": "open"})
    assert again.status_code == 422 and "already open" in again.content.decode()
    for url in (reverse("competition", args=[competition.pk]), reverse("club", args=[club.club.slug]),
                reverse("organizer-club", args=[club.club.slug])):
        assert reverse("club-night", args=[night.pk]) in client.get(url).content.decode()


def test_a_swiss_starts_with_round_one_left_to_the_night(client):
    club = Club(4)
    competition = club.competition(Competition.Format.SWISS, start=False, swiss_rounds=2)
    client.force_login(club.organizer)
    client.post(reverse("competition-start", args=[competition.pk]),
                {"seeding": "entered", "first_round": "night"})
    competition.refresh_from_db()
    assert competition.status == Competition.Status.RUNNING and not competition.rounds.exists()
    page = client.get(reverse("competition", args=[competition.pk]))
    assert page.status_code == 200
    assert "Round 1 is paired at a club night, from the players who check in." in page.content.decode()
    assert "when an organizer starts the competition" not in page.content.decode()


def queries_of_the_page(client, players: int, *, as_organizer: bool) -> int:
    """The night page's queries with all but one of `players` checked in and paired, for the
    organizer (who sees everyone) or for a paired player (his own seat)."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    club, _competition, night = night_of(players)
    for player in club.players[:-1]:
        check_in(night.pk, actor=player.user)
    pair_night_round(night.pk, actor=club.organizer)
    client.force_login(club.organizer if as_organizer else club.players[0].user)
    with CaptureQueriesContext(connection) as captured:
        assert client.get(reverse("club-night", args=[night.pk])).status_code == 200
    return len(captured)


@pytest.mark.parametrize("as_organizer", [True, False], ids=["organizer", "player"])
def test_the_night_page_runs_as_many_queries_for_a_big_field_as_for_a_small_one(
        client, as_organizer):
    small = queries_of_the_page(client, 4, as_organizer=as_organizer)
    assert queries_of_the_page(client, 16, as_organizer=as_organizer) == small


def test_a_league_night_seats_the_present_and_offers_the_absent_fixtures_choices(client):
    club = Club(4)
    league = club.competition(Competition.Format.LEAGUE)
    night = open_night(league.pk, actor=club.organizer)
    fixtures = list(league.rounds.get(number=1).matches.order_by("pk"))
    here = [fixtures[0].entry_a_id, fixtures[0].entry_b_id, fixtures[1].entry_a_id]
    client.force_login(club.organizer)
    client.post(reverse("club-night-attendance", args=[night.pk]),
                {"present": [str(pk) for pk in here]})
    page = client.post(reverse("club-night-pair", args=[night.pk]), follow=True).content.decode()
    assert "Table 1" in page and "Fixtures with a player absent" in page
    absent = fixtures[1].entry_b.player.name
    assert f"absent: {absent}" in page
    url = reverse("club-night-fixture", args=[night.pk, fixtures[1].pk])
    refused = client.post(url, {"choice": "postpone", "play_by": ""})
    assert refused.status_code == 422 and "Give the date to play it by." in refused.content.decode()
    client.post(url, {"choice": "B"})
    fixtures[1].refresh_from_db()
    assert fixtures[1].status == "confirmed" and fixtures[1].winner_id == fixtures[1].entry_a_id
