"""The paper page for a Hollywood match: its hands in one go (a row per hand) or each column's
totals; refusals said next to the form, the refused hand's row marked; the result recorded by
an organizer who does not play counts at once."""

import pytest
from django.urls import reverse

from league.competitions.models import Competition, Match
from league.games.models import Game

from .conftest import sign_in

pytestmark = pytest.mark.django_db


def url(name, match):
    return reverse(name, args=[match.pk])


@pytest.fixture
def hollywood(cast):
    Competition.objects.filter(pk=cast.match.competition_id).update(
        match_format=Competition.MatchFormat.HOLLYWOOD,
        hollywood={"columns": 3, "target": None, "winner_by": "total_points"})
    cast.match.refresh_from_db()
    return cast


def hands(*rows) -> dict:
    data = {"hw-rows": "20"}
    for n, (winner, outcome, points) in enumerate(rows, start=1):
        data |= {f"hw-h{n}_winner": winner, f"hw-h{n}_outcome": outcome,
                 f"hw-h{n}_points": "" if points is None else str(points)}
    return data


SIX_GINS = [("A", "gin", 30)] * 6


def test_the_page_offers_a_hollywood_match_its_hands_and_its_columns(client, hollywood):
    sign_in(client, hollywood.organizer)
    page = client.get(url("match-paper", hollywood.match)).content.decode()
    assert "Hollywood game 1" in page and "3 columns to 100" in page
    assert 'name="hw-h20_points"' in page and 'name="hw-h21_points"' not in page
    assert 'name="columns-c3_boxes_b"' in page
    assert 'name="totals-total_a"' not in page  # not one game's totals
    more = client.get(url("match-paper", hollywood.match) + "?rows=40").content.decode()
    assert 'name="hw-h40_points"' in more


def test_an_organizer_enters_the_hands_then_records_the_result(client, hollywood):
    sign_in(client, hollywood.organizer)
    data = hands(("A", "gin", 30), ("B", "knock", 12), ("", "dead_hand", None), *SIX_GINS[1:])
    data |= {"hw-h12_winner": "", "hw-h12_outcome": "knock"}  # an empty row is skipped
    response = client.post(url("match-paper-hollywood-hands", hollywood.match), data)
    assert response.status_code == 302
    page = client.get(response.headers["Location"]).content.decode()
    assert "Game 1 entered from its 8 hands: columns won 3–0" in page
    game = Game.objects.get(match=hollywood.match)
    assert game.is_hollywood and game.is_finished and game.hands.count() == 8
    response = client.post(url("match-paper-record", hollywood.match))
    match = Match.objects.get(pk=hollywood.match.pk)
    assert match.status == Match.Status.CONFIRMED and match.winner_id == match.entry_a_id


def test_a_refused_hand_is_named_and_its_row_marked(client, hollywood):
    sign_in(client, hollywood.organizer)
    response = client.post(url("match-paper-hollywood-hands", hollywood.match),
                           hands(("A", "gin", 30), ("B", "gin", 10)))
    assert response.status_code == 422
    html = response.content.decode()
    assert "Hand 2: " in html
    assert html.count('<tr id="hand-2" class="has-error"><th scope="row">2</th>') == 1
    assert 'value="10"' in html  # what was typed is kept
    assert not Game.objects.filter(match=hollywood.match).exists()


def test_no_hands_at_all_is_a_form_error(client, hollywood):
    sign_in(client, hollywood.organizer)
    response = client.post(url("match-paper-hollywood-hands", hollywood.match), hands())
    assert response.status_code == 422
    assert "Enter the hands" in response.content.decode()


def columns(*rows, hands_played="8") -> dict:
    data = {"columns-hands": hands_played}
    for n, (pa, ba, pb, bb) in enumerate(rows, start=1):
        data |= {f"columns-c{n}_points_a": pa, f"columns-c{n}_boxes_a": ba,
                 f"columns-c{n}_points_b": pb, f"columns-c{n}_boxes_b": bb}
    return data


def test_an_organizer_enters_each_columns_totals(client, hollywood):
    sign_in(client, hollywood.organizer)
    data = columns((110, 4, 40, 2), (105, 3, 20, 1), (30, 1, 101, 3))
    response = client.post(url("match-paper-hollywood-columns", hollywood.match), data)
    assert response.status_code == 302
    page = client.get(response.headers["Location"]).content.decode()
    assert "entered from its columns&#x27; totals: columns won 2–1" in page
    assert "Column 3" in page and "from its columns&#x27; totals" in page


def test_columns_the_engine_cannot_reach_are_refused_next_to_the_form(client, hollywood):
    sign_in(client, hollywood.organizer)
    data = columns((300, 2, 40, 2), (105, 3, 20, 1), (30, 1, 101, 3))
    response = client.post(url("match-paper-hollywood-columns", hollywood.match), data)
    assert response.status_code == 422
    html = response.content.decode()
    assert "Column 1: 300 points in 2 hands won cannot close a column" in html
    assert not Game.objects.filter(match=hollywood.match).exists()
    missing = columns((110, 4, 40, 2))
    response = client.post(url("match-paper-hollywood-columns", hollywood.match), missing)
    assert response.status_code == 422


def test_a_stranger_cannot_enter_the_hands(client, hollywood):
    sign_in(client, hollywood.other_organizer)
    response = client.post(url("match-paper-hollywood-hands", hollywood.match),
                           hands(*SIX_GINS))
    assert response.status_code == 403
    assert not Game.objects.filter(match=hollywood.match).exists()


def test_more_rows_keeps_what_was_typed_and_adds_empty_rows(client, hollywood):
    sign_in(client, hollywood.organizer)
    data = hands(("A", "gin", 30), ("B", "knock", 12), ("", "dead_hand", None)) | {
        "hw-h20_winner": "B", "hw-h20_outcome": "undercut", "hw-h20_points": "41",
        "more_rows": "1"}
    response = client.post(url("match-paper-hollywood-hands", hollywood.match), data)
    assert response.status_code == 200
    page = response.content.decode()
    assert 'name="hw-h40_points"' in page and 'name="hw-h41_points"' not in page
    assert 'name="hw-rows" value="40"' in page
    assert 'name="hw-h1_points" value="30"' in page
    assert 'name="hw-h20_points" value="41"' in page
    assert '<option value="undercut" selected>' in page
    assert '<option value="dead_hand" selected>' in page
    assert "errorlist" not in page  # nothing checked yet
    assert not Game.objects.filter(match=hollywood.match).exists()
    # Sent again with the rows now shown, the hands are entered.
    data = hands(*SIX_GINS) | {"hw-rows": "40", "hw-h40_winner": "", "hw-h40_outcome": "knock"}
    response = client.post(url("match-paper-hollywood-hands", hollywood.match), data)
    assert response.status_code == 302
    assert Game.objects.get(match=hollywood.match).hands.count() == 6


def test_more_rows_stops_at_the_most_rows_the_form_takes(client, hollywood):
    sign_in(client, hollywood.organizer)
    response = client.post(url("match-paper-hollywood-hands", hollywood.match),
                           {"hw-rows": "145", "more_rows": "1"})
    page = response.content.decode()
    assert 'name="hw-h150_points"' in page and 'name="hw-h151_points"' not in page
    assert 'name="more_rows"' not in page


@pytest.mark.parametrize("name, data", [
    ("match-paper-hollywood-columns", columns((110, 4, 40, 2), (105, 3, 20, 1))),
    ("match-paper-hollywood-hands", hands(*SIX_GINS)),
])
def test_a_hollywood_form_posted_for_a_match_of_single_games_says_it_is_not_hollywood(
        client, cast, name, data):
    sign_in(client, cast.organizer)
    response = client.post(url(name, cast.match), data)
    assert response.status_code == 422
    assert "This match is not a Hollywood match" in response.content.decode()
    assert not Game.objects.filter(match=cast.match).exists()
