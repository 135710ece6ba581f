"""The printed pairings of a club night's round give the tables the night gave: a Swiss round's
tables 1..n, and a league night's seated fixtures at their tables, the fixtures it did not seat
(a player absent) without one."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from league.competitions.formats.draws import start_competition
from league.competitions.models import Competition, Match
from league.competitions.nights.attendance import check_in, set_present
from league.competitions.nights.pairing import pair_night_round
from league.competitions.nights.services import open_night
from tests.formats.builders import Club

pytestmark = pytest.mark.django_db


def printed_tables(client, round_) -> dict[str, str]:
    """The printed table of each match, by the name of the player dealing first."""
    html = client.get(reverse("print-pairings", args=[round_.pk])).content.decode()
    rows = re.findall(r'<td class="num table-number">([^<]*)</td>\s*<td>([^<]*)</td>', html)
    return {name: table for table, name in rows}


def test_a_swiss_night_round_prints_the_tables_of_the_night(client):
    club = Club(7)
    competition = club.competition(Competition.Format.SWISS, start=False, swiss_rounds=3)
    start_competition(competition.pk, actor=club.organizer, pair_first_round=False)
    night = open_night(competition.pk, actor=club.organizer)
    for player in club.players:
        check_in(night.pk, actor=player.user)
    round_ = pair_night_round(night.pk, actor=club.organizer)
    printed = printed_tables(client, round_)
    played = round_.matches.filter(kind=Match.Kind.PLAYED)
    assert printed == {
        **{m.entry_a.player.name: m.table for m in played},
        round_.matches.get(kind=Match.Kind.BYE).entry_a.player.name: "–"}
    assert sorted(m.table for m in played) == ["1", "2", "3"]


def test_a_league_night_prints_its_seated_fixtures_at_their_tables_and_the_rest_without(client):
    club = Club(6)
    league = club.competition(Competition.Format.LEAGUE)
    night = open_night(league.pk, actor=club.organizer)
    first, second, third = league.rounds.get(number=1).matches.order_by("key")
    present = {second.entry_a_id, second.entry_b_id, third.entry_a_id, third.entry_b_id}
    set_present(night.pk, actor=club.organizer, present=present)
    round_ = pair_night_round(night.pk, actor=club.organizer)
    second.refresh_from_db()
    third.refresh_from_db()
    assert (second.table, third.table) == ("1", "2")  # the night's tables, not the draw's
    printed = printed_tables(client, round_)
    assert printed == {second.entry_a.player.name: "1", third.entry_a.player.name: "2",
                       first.entry_a.player.name: "–"}
    html = client.get(reverse("print-pairings", args=[round_.pk])).content.decode()
    assert '<tr class="bye">' not in html  # a fixture not seated is no bye
    sheets = client.get(reverse("print-scoresheets", args=[round_.pk])).content.decode()
    assert "Table 1: " in sheets and "Table 2: " in sheets
