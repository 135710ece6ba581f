"""The organizer's page for a paper scoresheet: games from their totals or hand by hand, the
result recorded, a report confirmed for a player. Refusals say why, next to the field."""

import pytest
from django.urls import reverse

from league.competitions.models import AuditEntry, Competition, Match
from league.competitions.results.services import report_result
from league.games.models import Game
from tests.factories import finished_game

from .conftest import sign_in

pytestmark = pytest.mark.django_db


def url(name, match):
    return reverse(name, args=[match.pk])


def test_only_the_clubs_organizers_open_the_page(client, cast):
    sign_in(client, cast.other_organizer)
    assert client.get(url("match-paper", cast.match)).status_code == 403
    sign_in(client, cast.player_a)
    assert client.get(url("match-paper", cast.match)).status_code == 403
    client.logout()
    assert client.get(url("match-paper", cast.match)).status_code == 302


def test_a_stranger_cannot_post_totals(client, cast):
    sign_in(client, cast.other_organizer)
    data = {"totals-total_a": 104, "totals-total_b": 30, "totals-hands": 5}
    assert client.post(url("match-paper-game", cast.match), data).status_code == 403
    assert not Game.objects.filter(match=cast.match).exists()


def test_organizer_enters_a_game_from_its_totals_then_records_the_result(client, cast):
    sign_in(client, cast.organizer)
    page = client.get(url("match-paper", cast.match)).content.decode()
    assert "Enter game 1 hand by hand" in page and "Hands played" in page
    data = {"totals-total_a": 104, "totals-total_b": 30, "totals-hands": 5}
    response = client.post(url("match-paper-game", cast.match), data)
    assert response.status_code == 302
    page = client.get(response.headers["Location"]).content.decode()
    assert "Game 1 entered: 104–30 in 5 hands." in page and "from its totals" in page
    response = client.post(url("match-paper-record", cast.match))
    assert response.headers["Location"] == url("match", cast.match)
    match = Match.objects.get(pk=cast.match.pk)
    assert match.status == Match.Status.CONFIRMED and match.winner_id == match.entry_a_id
    page = client.get(url("match", match)).content.decode()
    assert "<td data-label=\"What\">Entered by an organizer</td>" in page


def test_unreachable_totals_are_refused_next_to_the_field(client, cast):
    sign_in(client, cast.organizer)
    data = {"totals-total_a": 90, "totals-total_b": 40, "totals-hands": 7}
    response = client.post(url("match-paper-game", cast.match), data)
    assert response.status_code == 422
    assert "Nobody reached 100: a game to 100 is not over at 90-40." in response.content.decode()
    assert not Game.objects.filter(match=cast.match).exists()


def test_hand_by_hand_starts_the_game_and_opens_its_scoresheet(client, cast):
    sign_in(client, cast.organizer)
    response = client.post(url("match-paper-hands", cast.match))
    game = Game.objects.get(match=cast.match)
    assert response.headers["Location"] == reverse("gameplay:scoresheet", args=[game.pk])


def test_the_scoresheet_of_a_game_from_totals_says_so(client, cast):
    sign_in(client, cast.organizer)
    client.post(url("match-paper-game", cast.match),
                {"totals-total_a": 12, "totals-total_b": 101, "totals-hands": 4})
    game = Game.objects.get(match=cast.match)
    page = client.get(reverse("gameplay:scoresheet", args=[game.pk])).content.decode()
    assert "entered from a paper scoresheet&#x27;s final totals, 12–101 in 4 hands" in page


def test_organizer_confirms_for_a_player_only_with_a_reason(client, cast):
    match = cast.match
    Match.objects.filter(pk=match.pk).update(status=Match.Status.IN_PROGRESS)
    finished_game(match, 1, "A")
    report_result(match.pk, actor=cast.player_a)
    sign_in(client, cast.organizer)
    page = client.get(url("match-paper", match)).content.decode()
    assert "Confirm for the player" in page
    assert f"{match.entry_a.player.name} reported winning, 1–0." in page
    response = client.post(url("match-paper-confirm", match), {"confirm-reason": ""})
    assert response.status_code == 422 and "Say why you confirm it" in response.content.decode()
    assert Match.objects.get(pk=match.pk).status == Match.Status.REPORTED
    response = client.post(url("match-paper-confirm", match),
                           {"confirm-reason": "B has no account; agreed at the table"})
    assert response.status_code == 302
    assert Match.objects.get(pk=match.pk).status == Match.Status.CONFIRMED
    assert AuditEntry.objects.get(match=match, action="confirmed by an organizer for the player"
                                  ).comment == "B has no account; agreed at the table"


def test_the_match_page_links_the_organizer_to_the_paper_page(client, cast):
    sign_in(client, cast.organizer)
    assert url("match-paper", cast.match) in client.get(url("match", cast.match)).content.decode()
    sign_in(client, cast.player_a)
    assert url("match-paper", cast.match) not in client.get(url("match", cast.match)).content.decode()


def test_an_overriding_correction_shows_its_reason_on_the_match_page(client, cast):
    match = cast.match
    Match.objects.filter(pk=match.pk).update(status=Match.Status.IN_PROGRESS)
    finished_game(match, 1, "A")
    report_result(match.pk, actor=cast.organizer)
    sign_in(client, cast.organizer)
    seen = Match.objects.get(pk=match.pk).confirmed_at.isoformat()
    data = {"correct-winner": "B", "correct-games_a": 0, "correct-games_b": 1,
            "correct-kind": "played", "correct-comment": "Director's penalty", "correct-seen": seen}
    refused = client.post(url("match-correct", match), data)
    assert refused.status_code == 422 and "say that this result overrides the games" in \
        refused.content.decode()
    response = client.post(url("match-correct", match), {**data, "correct-overrides_games": "on"})
    assert response.status_code == 302
    page = client.get(url("match", match)).content.decode()
    assert "This result overrides the games.</strong> Director&#x27;s penalty" in page


def test_a_form_the_page_no_longer_shows_has_its_errors_said_above_it(client, cast):
    Match.objects.filter(pk=cast.match.pk).update(status=Match.Status.IN_PROGRESS)
    finished_game(cast.match, 1, "A")  # the match is decided: no game form on the page
    sign_in(client, cast.organizer)
    response = client.post(url("match-paper-game", cast.match), {"totals-total_a": "x"})
    assert response.status_code == 422
    html = response.content.decode()
    assert 'name="totals-total_a"' not in html and 'role="alert">Enter a whole number.' in html
    response = client.post(url("match-paper-confirm", cast.match), {"confirm-reason": ""})
    assert response.status_code == 422  # no report to confirm, so no confirmation form either
    assert 'role="alert">There is no result to confirm' in response.content.decode()


def test_totals_posted_for_a_hollywood_match_say_how_it_is_entered(client, cast):
    Competition.objects.filter(pk=cast.match.competition_id).update(
        match_format=Competition.MatchFormat.HOLLYWOOD)
    sign_in(client, cast.organizer)
    data = {"totals-total_a": 104, "totals-total_b": 30, "totals-hands": 5}
    response = client.post(url("match-paper-game", cast.match), data)
    assert response.status_code == 422
    assert "A Hollywood match is entered from its hands" in response.content.decode()
    assert not Game.objects.filter(match=cast.match).exists()
