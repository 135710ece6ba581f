"""The printed pages: a round's pairings with table numbers, the standings or the bracket, and
blank scoresheets with the match's players, the ruleset's target and a QR code to the match."""

import pytest
from django.urls import reverse

from league.clubs.models import Player
from league.competitions.formats.competitions import create_competition, register_players
from league.competitions.formats.draws import start_competition
from league.competitions.models import Competition, Match
from tests.factories import ClubFactory, SeasonFactory, UserFactory

pytestmark = pytest.mark.django_db

NAMES = ["Ada", "Bea", "Cy", "Dot", "Eve"]


@pytest.fixture
def swiss():
    club = ClubFactory()
    director = UserFactory()
    club.organizers.add(director)
    competition = create_competition(SeasonFactory(club=club), actor=director, name="Thursday Swiss",
                                     format=Competition.Format.SWISS, swiss_rounds=3,
                                     house_rules={"target_score": 150})
    players = [Player.objects.create(club=club, name=n) for n in NAMES]
    register_players(competition, players, actor=director)
    start_competition(competition.pk, actor=director)
    return competition


def text(client, url):
    response = client.get(url)
    assert response.status_code == 200
    return response.content.decode()


def test_the_pairings_give_each_match_its_table_and_the_bye_last(client, swiss):
    round_ = swiss.rounds.get(number=1)
    html = text(client, reverse("print-pairings", args=[round_.pk]))
    played = round_.matches.filter(kind=Match.Kind.PLAYED).order_by("key")
    for table, match in enumerate(played, start=1):
        cells = f'<td class="num table-number">{table}</td>\n        <td>{match.entry_a.player.name}</td>'
        assert cells in html
    bye = round_.matches.get(kind=Match.Kind.BYE)
    assert html.index(bye.entry_a.player.name) > html.index(played.last().entry_b.player.name)
    assert '<tr class="bye">' in html
    assert 'class="printable"' in html  # the print stylesheet's page


def test_a_scoresheet_names_the_players_the_target_and_links_the_match(client, swiss):
    match = swiss.matches.filter(kind=Match.Kind.PLAYED).first()
    html = text(client, reverse("print-scoresheet", args=[match.pk]))
    assert f"{match.entry_a.player.name} v {match.entry_b.player.name}" in html
    assert "Game to <strong>150</strong> points" in html
    assert "<svg" in html and f"http://testserver/matches/{match.pk}/" in html
    assert html.count("<tr><td class=\"num\">") == 12  # the blank rows of hands


def test_the_round_prints_one_scoresheet_per_match_to_play(client, swiss):
    round_ = swiss.rounds.get(number=1)
    html = text(client, reverse("print-scoresheets", args=[round_.pk]))
    assert html.count('class="print-page scoresheet-sheet"') == 2  # five players: two tables and a bye
    assert html.count("<svg") == 2


def test_the_standings_print_as_the_page_shows_them(client, swiss):
    html = text(client, reverse("print-standings", args=[swiss.pk]))
    assert 'id="standings-h">Standings' in html
    assert all(name in html for name in NAMES)


def test_a_knockout_prints_its_bracket(client):
    club = ClubFactory()
    director = UserFactory()
    club.organizers.add(director)
    cup = create_competition(SeasonFactory(club=club), actor=director, name="Cup",
                             format=Competition.Format.SINGLE_ELIMINATION)
    register_players(cup, [Player.objects.create(club=club, name=n) for n in NAMES[:4]],
                     actor=director)
    start_competition(cup.pk, actor=director)
    html = text(client, reverse("print-standings", args=[cup.pk]))
    assert 'id="standings-h">Bracket' in html


def test_a_round_that_does_not_exist_is_not_found(client):
    assert client.get(reverse("print-pairings", args=[999])).status_code == 404
