"""The scoresheet at the card table: entering hands, the engine's refusals next to the field,
the double tap, undo with a confirmation, htmx partials, and the final account."""

import re
from html import unescape

import pytest
from django.urls import reverse

from gameplay.engine import Ruleset
from league.competitions.models import Match
from league.games.models import Game, Hand
from league.games.services import start_game

from .conftest import sign_in

pytestmark = pytest.mark.django_db

# docs/rules.md "Worked hands", TV4: the knocker scores 22 (4C 5C laid off, defender deadwood 32).
TV4_KNOCKER = "AC 2C 3C 4D 5D 6D 7H 8H 9H JS"
TV4_DEFENDER = "4C 5C 8D 9D JD JH QH KH 2S 3S"


@pytest.fixture
def game(cast) -> Game:
    return start_game(cast.match.pk, actor=cast.player_a)


def hand_data(number=1, winner="A", outcome="gin", points="30", knocker_cards="",
              defender_cards="", **extra):
    return {"expected_number": str(number), "winner": winner, "outcome": outcome,
            "points": points, "knocker_cards": knocker_cards, "defender_cards": defender_cards,
            **extra}


def add(client, game, data, **headers):
    return client.post(reverse("gameplay:add-hand", args=[game.pk]), data, **headers)


def sheet(client, game) -> str:
    response = client.get(reverse("gameplay:scoresheet", args=[game.pk]))
    assert response.status_code == 200
    return response.content.decode()


def hands(game) -> list[tuple]:
    return list(Hand.objects.filter(game=game).values_list("number", "outcome", "winner", "points"))


def error_after(html: str, field_name: str, message: str) -> bool:
    """The message is shown right after the named input (next to the field it is about)."""
    html = unescape(html)
    field = html.rfind(f'name="{field_name}"')
    reason = html.find(message, field)
    return field >= 0 and 0 <= reason - field < 600


# Reading ----------------------------------------------------------------------------------------


def test_scoresheet_shows_players_target_dealer_and_an_empty_state(client, cast, game):
    html = sheet(client, game)
    assert cast.match.entry_a.player.name in html
    assert cast.match.entry_b.player.name in html
    assert "to 100" in html
    assert "deals next" in html
    assert "No hand yet" in html


def test_a_visitor_sees_the_scoresheet_but_no_form(client, game):
    html = sheet(client, game)
    assert f'action="{reverse("gameplay:add-hand", args=[game.pk])}"' not in html
    assert "Sign in" in html


def test_hands_show_with_running_totals_and_the_dealer(client, cast, game):
    sign_in(client, cast.player_a)
    add(client, game, hand_data(1, "A", "gin", "30"))
    add(client, game, hand_data(2, "B", "knock", "12"))
    html = sheet(client, game)
    rows = re.findall(r"<tr[^>]*>\s*<td class=\"num\"[^>]*>(\d+)</td>.*?</tr>", html, re.S)
    assert rows == ["1", "2"]
    # Running totals: A 30 then 30, B 0 then 12.
    assert re.search(r">30</td>\s*<td class=\"num\"[^>]*>0</td>", html)
    assert re.search(r">30</td>\s*<td class=\"num\"[^>]*>12</td>", html)


# Entering a hand --------------------------------------------------------------------------------


@pytest.mark.parametrize("role", ["player_a", "player_b", "organizer"])
def test_a_player_or_the_organizer_enters_a_hand(client, cast, game, role):
    sign_in(client, cast.role(role))
    response = add(client, game, hand_data(1, "A", "gin", "30"))
    assert response.status_code == 302
    assert response.headers["Location"] == reverse("gameplay:scoresheet", args=[game.pk])
    assert hands(game) == [(1, "gin", "A", 30)]
    game.refresh_from_db()
    assert (game.total_a, game.total_b) == (30, 0)


@pytest.mark.parametrize("role", ["other_player", "other_organizer"])
def test_a_stranger_cannot_enter_a_hand(client, cast, game, role):
    sign_in(client, cast.role(role))
    response = add(client, game, hand_data())
    assert response.status_code == 403
    assert "Only the two players of this match or an organizer" in response.content.decode()
    assert hands(game) == []


def test_an_anonymous_hand_is_sent_to_sign_in(client, game):
    response = add(client, game, hand_data())
    assert response.status_code == 302
    assert response.headers["Location"].startswith(reverse("login"))
    assert hands(game) == []


def test_a_refused_hand_keeps_what_was_typed_and_shows_the_engines_reason(client, cast, game):
    sign_in(client, cast.player_a)
    response = add(client, game, hand_data(1, "B", "gin", "5"))
    html = response.content.decode()
    assert response.status_code == 422
    assert error_after(html, "points", "A gin is worth at least 25")
    assert 'name="points" value="5"' in html
    assert re.search(r'name="winner" value="B"[^>]*checked', html)
    assert re.search(r'name="outcome" value="gin"[^>]*checked', html)
    assert hands(game) == []


def test_a_hand_without_a_winner_is_refused_next_to_the_winner(client, cast, game):
    sign_in(client, cast.player_a)
    html = add(client, game, hand_data(winner="", outcome="knock", points="12")).content.decode()
    assert error_after(html, "winner", "Choose who won the hand.")
    assert hands(game) == []


def test_a_hand_without_an_outcome_is_refused_next_to_the_outcome(client, cast, game):
    sign_in(client, cast.player_a)
    html = add(client, game, hand_data(outcome="", points="12")).content.decode()
    assert error_after(html, "outcome", "Choose how the hand ended.")
    assert hands(game) == []


def test_points_are_counted_from_the_cards_when_left_empty(client, cast, game):
    sign_in(client, cast.player_a)
    response = add(client, game, hand_data(1, "A", "knock", "", TV4_KNOCKER, TV4_DEFENDER))
    assert response.status_code == 302
    assert hands(game) == [(1, "knock", "A", 22)]
    assert "J♠" in sheet(client, game)


def test_cards_that_contradict_the_claim_are_refused_in_the_cards_section(client, cast, game):
    sign_in(client, cast.player_a)
    response = add(client, game, hand_data(1, "A", "gin", "", TV4_KNOCKER, TV4_DEFENDER))
    html = response.content.decode()
    assert response.status_code == 422
    cards_section = html[html.index('<details class="cards"'):html.index('name="knocker_cards"')]
    assert "open" in cards_section.split(">")[0]
    assert 'class="errorlist"' in cards_section
    assert f'value="{TV4_KNOCKER}"' in html
    assert hands(game) == []


def test_a_card_given_twice_is_refused_with_the_card_named(client, cast, game):
    sign_in(client, cast.player_a)
    knocker = "AS AS 3C 4D 5D 6D 7H 8H 9H JS"
    html = add(client, game, hand_data(1, "A", "knock", "", knocker, TV4_DEFENDER)).content.decode()
    assert "AS is given twice" in html
    assert f'value="{knocker}"' in html
    assert hands(game) == []


def test_one_hand_of_cards_alone_is_refused(client, cast, game):
    sign_in(client, cast.player_a)
    html = add(client, game, hand_data(1, "A", "knock", "", TV4_KNOCKER, "")).content.decode()
    assert "Give both hands' cards, or neither." in unescape(html)
    assert hands(game) == []


def test_a_dead_hand_is_entered_without_a_winner_even_if_one_was_tapped(client, cast, game):
    sign_in(client, cast.player_a)
    response = add(client, game, hand_data(1, "A", "dead_hand", ""))
    assert response.status_code == 302
    assert hands(game) == [(1, "dead_hand", "", 0)]


def test_a_double_tap_enters_the_hand_once_and_answers_as_the_first_tap(client, cast, game):
    sign_in(client, cast.player_a)
    add(client, game, hand_data(1, "A", "gin", "30"))
    response = add(client, game, hand_data(1, "A", "gin", "30"), follow=True)
    html = response.content.decode()
    assert response.status_code == 200
    assert "Hand 1 entered." in html
    assert 'name="expected_number" value="2"' in html  # the form is now for hand 2
    assert hands(game) == [(1, "gin", "A", 30)]


def test_hands_cannot_be_entered_once_the_match_is_reported(client, cast, game):
    Match.objects.filter(pk=cast.match.pk).update(status=Match.Status.REPORTED)
    sign_in(client, cast.player_a)
    response = add(client, game, hand_data())
    assert response.status_code == 422
    assert "its games are locked" in response.content.decode()
    assert hands(game) == []


def test_big_gin_is_not_offered_when_the_ruleset_does_not_play_it(client, cast):
    cast.match.competition.ruleset = Ruleset.preset("classic").to_dict()
    cast.match.competition.save()
    game = start_game(cast.match.pk, actor=cast.player_a)
    sign_in(client, cast.player_a)
    html = sheet(client, game)
    assert 'value="gin"' in html
    assert 'value="big_gin"' not in html
    assert 'name="upcard"' not in html


def test_the_upcard_is_asked_for_under_oklahoma(client, cast):
    cast.match.competition.ruleset = Ruleset.preset("oklahoma").to_dict()
    cast.match.competition.save()
    game = start_game(cast.match.pk, actor=cast.player_a)
    sign_in(client, cast.player_a)
    assert 'name="upcard"' in sheet(client, game)


def test_the_cards_work_as_plain_text_inputs(client, cast, game):
    sign_in(client, cast.player_a)
    html = sheet(client, game)
    assert re.search(r'<input type="text" name="knocker_cards"', html)
    assert re.search(r'<input type="text" name="defender_cards"', html)
    assert html.count('data-card="') == 2 * 52


# htmx -------------------------------------------------------------------------------------------


def test_an_htmx_hand_gets_the_updated_scoresheet_partial(client, cast, game):
    sign_in(client, cast.player_a)
    response = add(client, game, hand_data(1, "A", "gin", "30"), HTTP_HX_REQUEST="true")
    html = response.content.decode()
    assert response.status_code == 200
    assert html.lstrip().startswith('<div id="scoresheet"')
    assert "<html" not in html
    assert "Hand 1 entered." in html
    assert "Enter hand 2" in html


def test_an_htmx_refusal_gets_the_partial_with_the_reason_and_the_typed_values(client, cast, game):
    sign_in(client, cast.player_a)
    response = add(client, game, hand_data(1, "A", "gin", "5"), HTTP_HX_REQUEST="true")
    html = response.content.decode()
    assert response.status_code == 422
    assert "<html" not in html
    assert error_after(html, "points", "A gin is worth at least 25")
    assert 'name="points" value="5"' in html


def test_an_htmx_get_of_the_scoresheet_gets_the_partial(client, game):
    response = client.get(reverse("gameplay:scoresheet", args=[game.pk]), HTTP_HX_REQUEST="true")
    assert 'id="scoresheet"' in response.content.decode()
    assert "<html" not in response.content.decode()


# Undo -------------------------------------------------------------------------------------------


def undo_url(game):
    return reverse("gameplay:undo-hand", args=[game.pk])


def test_undo_asks_for_confirmation_first(client, cast, game):
    sign_in(client, cast.player_a)
    add(client, game, hand_data(1, "A", "gin", "30"))
    html = client.get(undo_url(game)).content.decode()
    assert "Undo the last hand?" in html
    assert "Hand 1: gin, won by" in html
    assert hands(game) == [(1, "gin", "A", 30)]


def test_confirming_the_undo_removes_the_last_hand_and_recounts(client, cast, game):
    sign_in(client, cast.player_a)
    add(client, game, hand_data(1, "A", "gin", "30"))
    add(client, game, hand_data(2, "B", "gin", "40"))
    response = client.post(undo_url(game), {"number": "2"})
    assert response.status_code == 302
    assert hands(game) == [(1, "gin", "A", 30)]
    game.refresh_from_db()
    assert (game.total_a, game.total_b) == (30, 0)


def test_a_second_tap_on_undo_does_not_undo_the_hand_before(client, cast, game):
    sign_in(client, cast.player_a)
    add(client, game, hand_data(1, "A", "gin", "30"))
    add(client, game, hand_data(2, "B", "gin", "40"))
    client.post(undo_url(game), {"number": "2"})
    response = client.post(undo_url(game), {"number": "2"})
    assert response.status_code == 422
    assert "nothing was undone" in response.content.decode()
    assert hands(game) == [(1, "gin", "A", 30)]


@pytest.mark.parametrize("role", ["other_player", "other_organizer"])
def test_a_stranger_cannot_undo(client, cast, game, role):
    sign_in(client, cast.player_a)
    add(client, game, hand_data(1, "A", "gin", "30"))
    client.logout()
    sign_in(client, cast.role(role))
    response = client.post(undo_url(game), {"number": "1"})
    assert response.status_code == 403
    assert hands(game) == [(1, "gin", "A", 30)]


def test_an_anonymous_undo_is_sent_to_sign_in(client, cast, game):
    sign_in(client, cast.player_a)
    add(client, game, hand_data(1, "A", "gin", "30"))
    client.logout()
    response = client.post(undo_url(game), {"number": "1"})
    assert response.headers["Location"].startswith(reverse("login"))
    assert hands(game) == [(1, "gin", "A", 30)]


# The end of the game ----------------------------------------------------------------------------


def play_rules_example(client, game):
    """docs/rules.md "The game" example: A 105 - B 74, A won 4 hands, B 3."""
    plays = [("B", "gin", 25), ("B", "gin", 25), ("B", "knock", 24),
             ("A", "gin", 30), ("A", "gin", 25), ("A", "gin", 25), ("A", "gin", 25)]
    for number, (winner, outcome, points) in enumerate(plays, start=1):
        response = add(client, game, hand_data(number, winner, outcome, str(points)))
        assert response.status_code == 302, response.content.decode()


def test_the_game_closes_at_the_target_with_the_final_account(client, cast, game):
    sign_in(client, cast.player_a)
    play_rules_example(client, game)
    game.refresh_from_db()
    assert (game.status, game.winner) == (Game.Status.FINISHED, "A")
    html = sheet(client, game)
    # docs/rules.md: A 105 + 100 + 4x25 = 305, B 74 + 3x25 = 149, A wins by 156.
    assert "wins game 1 by 156" in html
    assert re.search(r"Boxes \(4 and 3 × 25\)</th><td class=\"num\">100</td><td class=\"num\">75", html)
    assert re.search(r"Game bonus</th><td class=\"num\">100</td><td class=\"num\">0", html)
    assert re.search(r"Total</th><td class=\"num\">305</td><td class=\"num\">149", html)
    assert reverse("match", args=[cast.match.pk]) in html
    assert f'action="{reverse("gameplay:add-hand", args=[game.pk])}"' not in html


def test_a_shutout_shows_in_the_final_account(client, cast, game):
    sign_in(client, cast.player_a)
    add(client, game, hand_data(1, "A", "gin", "60"))
    add(client, game, hand_data(2, "A", "gin", "60"))
    html = sheet(client, game)
    # Standard ruleset: a shutout doubles the winner's total, 120 + 2x25 + 100 = 270 -> 540.
    assert re.search(r"Shutout</th><td class=\"num\">270</td>", html)
    assert re.search(r"Total</th><td class=\"num\">540</td><td class=\"num\">0", html)


def test_no_hand_is_entered_after_the_game_is_over(client, cast, game):
    sign_in(client, cast.player_a)
    play_rules_example(client, game)
    response = add(client, game, hand_data(8, "B", "gin", "30"))
    assert response.status_code == 422
    assert "This game is over" in response.content.decode()
    assert len(hands(game)) == 7


def test_an_anonymous_htmx_hand_is_told_to_sign_in(client, game):
    response = add(client, game, hand_data(), HTTP_HX_REQUEST="true")
    assert response.headers["HX-Redirect"].startswith(reverse("login"))
    assert hands(game) == []


@pytest.mark.parametrize("role", ["other_player", "other_organizer"])
def test_a_stranger_sees_neither_the_hand_form_nor_undo(client, cast, game, role):
    sign_in(client, cast.player_a)
    add(client, game, hand_data(1, "A", "gin", "30"))
    client.logout()
    sign_in(client, cast.role(role))
    html = sheet(client, game)
    assert f'action="{reverse("gameplay:add-hand", args=[game.pk])}"' not in html
    assert undo_url(game) not in html
    assert "Only the two players and the club's organizers enter hands" in unescape(html)
