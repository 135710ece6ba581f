"""A player's home page puts tonight first: an open club night of a competition he is entered in
shows at the top with his table, round and opponent and the way to his scoresheet, or the
check-in while he has not checked in. His other matches to play follow, soonest first, the
undated last."""

from __future__ import annotations

from datetime import date, timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from league.competitions.base.selectors import entry_ids_of_user
from league.competitions.formats.draws import start_competition
from league.competitions.models import Competition, Match
from league.competitions.nights.attendance import check_in, check_out
from league.competitions.nights.pairing import pair_night_round
from league.competitions.nights.selectors import tonight
from league.competitions.nights.services import close_night, open_night, schedule_night
from league.pages.home_selectors import matches_to_play
from tests.formats.builders import Club

pytestmark = pytest.mark.django_db


def swiss_night(players: int = 4):
    club = Club(players)
    competition = club.competition(Competition.Format.SWISS, start=False, swiss_rounds=3,
                                   name="Thursday Swiss")
    start_competition(competition.pk, actor=club.organizer, pair_first_round=False)
    return club, competition, open_night(competition.pk, actor=club.organizer)


def home(client, user) -> str:
    client.force_login(user)
    return client.get(reverse("home")).content.decode()


def test_tonight_shows_the_players_table_and_opponent_above_everything_else(client):
    club, competition, night = swiss_night()
    for player in club.players:
        check_in(night.pk, actor=player.user)
    pair_night_round(night.pk, actor=club.organizer)
    me = club.players[0]
    match = competition.matches.get(entry_a__player=me)
    page = home(client, me.user)
    tonight_at = page.index("Tonight: Thursday Swiss")
    assert tonight_at < page.index("Results to confirm")
    card = page[tonight_at:page.index("Results to confirm")]
    assert f"table {match.table}</strong> against <strong>{match.entry_b.player.name}" in card
    assert reverse("match", args=[match.pk]) in card
    assert reverse("club-night", args=[night.pk]) in card
    assert "Check in" not in card


def test_an_entered_player_not_checked_in_is_offered_the_check_in_on_his_home_page(client):
    club, _competition, night = swiss_night()
    page = home(client, club.players[1].user)
    assert "Tonight: Thursday Swiss" in page
    assert "You are entered and not checked in yet." in page
    assert reverse("club-night-check-in", args=[night.pk]) in page
    response = client.post(reverse("club-night-check-in", args=[night.pk]), follow=True)
    assert "P02 is checked in" in response.content.decode()
    assert "You are checked in: you are paired in the next round." in home(client, club.players[1].user)


def test_a_player_who_left_is_asked_back_and_one_withdrawn_is_not_told_of_the_night(client):
    club, competition, night = swiss_night()
    check_in(night.pk, actor=club.players[0].user)
    check_out(night.pk, actor=club.players[0].user)
    assert "You left. Back again?" in home(client, club.players[0].user)
    entry = competition.entries.get(player=club.players[2])
    entry.withdrawn_at = timezone.now()
    entry.save(update_fields=["withdrawn_at"])
    assert tonight(club.players[2].user) == []


def test_a_closed_night_is_no_longer_on_the_home_page(client):
    club, _competition, night = swiss_night()
    close_night(night.pk, actor=club.organizer)
    assert "Tonight:" not in home(client, club.players[0].user)


def test_tonight_reads_in_four_queries_whatever_the_nights(django_assert_num_queries):
    club, _competition, night = swiss_night(6)
    for player in club.players:
        check_in(night.pk, actor=player.user)
    pair_night_round(night.pk, actor=club.organizer)
    other = club.competition(Competition.Format.SWISS, start=False, swiss_rounds=3, name="Second")
    start_competition(other.pk, actor=club.organizer, pair_first_round=False)
    open_night(other.pk, actor=club.organizer)
    with django_assert_num_queries(4):
        seats = tonight(club.players[0].user)
    assert [seat.night.competition.name for seat in seats] == ["Thursday Swiss", "Second"]
    assert seats[0].match is not None and seats[1].match is None


def test_matches_to_play_come_soonest_first_and_the_undated_last():
    club = Club(4)
    competition = club.competition(Competition.Format.LEAGUE)
    me = club.players[0]
    rounds = list(competition.rounds.order_by("number"))
    assert len(rounds) == 3
    rounds[0].play_by = None
    rounds[1].play_by = date.today() + timedelta(days=14)
    rounds[2].play_by = date.today() + timedelta(days=7)
    for round_ in rounds:
        round_.save(update_fields=["play_by"])
    mine = Match.objects.filter(competition=competition, entry_a__player=me) | Match.objects.filter(
        competition=competition, entry_b__player=me)
    assert mine.count() == 3
    order = [match.round.number for match in matches_to_play(entry_ids_of_user(me.user))]
    assert order == [3, 2, 1]


def test_tonight_says_where_a_night_scheduled_with_its_place_is_played(client):
    club = Club(4)
    competition = club.competition(Competition.Format.SWISS, start=False, swiss_rounds=3,
                                   name="Thursday Swiss")
    start_competition(competition.pk, actor=club.organizer, pair_first_round=False)
    night = schedule_night(competition.pk, actor=club.organizer,
                           starts_at=timezone.now() + timedelta(hours=1), place="The Crown")
    open_night(competition.pk, actor=club.organizer, night_id=night.pk)
    assert "club night at The Crown" in home(client, club.players[0].user)
