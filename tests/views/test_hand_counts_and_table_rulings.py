"""The scoresheet takes a hand as the table counts it (the two deadwood counts), shows what the
engine makes of it before it is entered, and leads from a knock refused over the limit to the
Illegal Knock ruling of that hand; the ruling recorded by one player waits for the other."""

from html import unescape

import pytest
from django.urls import reverse

from league.games.models import Game, Hand, TableRuling
from league.games.services import HandEntry, record_hand, start_game

from .conftest import sign_in

pytestmark = pytest.mark.django_db


@pytest.fixture
def game(cast) -> Game:
    return start_game(cast.match.pk, actor=cast.player_a)


def counts(winner="A", outcome="knock", knocker="4", defender="23", number=1, **extra):
    return {"expected_number": str(number), "winner": winner, "outcome": outcome, "points": "",
            "knocker_deadwood": knocker, "defender_deadwood": defender, "knocker_cards": "",
            "defender_cards": "", **extra}


def post(client, name, game, data, **headers):
    return client.post(reverse(name, args=[game.pk]), data, **headers)


def text(response) -> str:
    return unescape(response.content.decode())


def test_i_knocked_with_4_he_had_23_is_entered_and_the_sheet_shows_the_counts(client, cast, game):
    sign_in(client, cast.player_a)
    response = post(client, "gameplay:add-hand", game, counts(), follow=True)
    hand = Hand.objects.get(game=game)
    assert (hand.outcome, hand.winner, hand.points) == ("knock", "A", 19)
    page = text(response)
    name_a = cast.match.entry_a.player.name
    assert f"Hand 1 entered. Knock by {name_a}, 4 against 23: {name_a} scores 19." in page
    assert '<td class="num deadwood" data-label="Deadwood">4–23</td>' in page


def test_the_preview_shows_the_undercut_before_the_hand_is_entered(client, cast, game):
    sign_in(client, cast.player_a)
    response = post(client, "gameplay:preview-hand", game,
                    counts(winner="B", outcome="undercut", knocker="6", defender="6"),
                    HTTP_HX_REQUEST="true")
    name_b = cast.match.entry_b.player.name
    assert response.status_code == 200
    assert (f"Undercut by {name_b}, 6 against 6 ({cast.match.entry_a.player.name} knocked): "
            f"{name_b} scores 25 (the undercut bonus 25 included).") in text(response)
    assert not Hand.objects.exists()


def test_check_without_javascript_shows_the_hand_and_saves_nothing(client, cast, game):
    sign_in(client, cast.player_a)
    response = post(client, "gameplay:add-hand", game, counts(check="1"))
    assert response.status_code == 200
    page = text(response)
    assert "scores 19." in page and 'value="23"' in page
    assert not Hand.objects.exists()


def test_a_knock_over_the_limit_is_refused_next_to_the_count_with_the_ruling_one_tap_away(
        client, cast, game):
    sign_in(client, cast.player_a)
    response = post(client, "gameplay:add-hand", game, counts(knocker="12"))
    assert response.status_code == 422
    page = text(response)
    field = page.rfind('name="knocker_deadwood"')
    reason = page.find("Knocker's deadwood is 12, over the knock limit of 10.", field)
    assert field >= 0 and 0 <= reason - field < 600
    ruling = reverse("gameplay:table-ruling", args=[game.pk, 1, "illegal_knock"])
    assert (f'href="{ruling}?problem=over_limit&seat=A&knocker_deadwood=12&'
            f'defender_deadwood=23"') in page
    assert not Hand.objects.exists()


def test_the_illegal_knock_ruling_names_the_players_and_keeps_the_counts(client, cast, game):
    sign_in(client, cast.player_b)
    url = reverse("gameplay:table-ruling", args=[game.pk, 1, "illegal_knock"])
    page = text(client.get(f"{url}?problem=over_limit&seat=A&knocker_deadwood=12"
                           "&defender_deadwood=23&choice=accept"))
    assert cast.match.entry_a.player.name in page and "Player A" not in page
    assert "The knock is accepted" in page
    assert 'name="knocker_deadwood" value="12"' in page


def test_a_ruling_recorded_by_one_player_waits_on_the_other_players_scoresheet(client, cast,
                                                                                game):
    sign_in(client, cast.player_a)
    url = reverse("gameplay:table-ruling", args=[game.pk, 1, "illegal_knock"])
    response = client.post(url, {"problem": "over_limit", "seat": "A", "choice": "accept",
                                 "knocker_deadwood": "12", "defender_deadwood": "23"})
    assert response.status_code == 302
    ruling = TableRuling.objects.get()
    sign_in(client, cast.player_b)
    page = text(client.get(reverse("gameplay:scoresheet", args=[game.pk])))
    assert "Ruling on hand 1: Illegal knock" in page and "I agree" in page
    response = client.post(reverse("gameplay:answer-ruling", args=[game.pk, ruling.pk]),
                           {"answer": "agree"}, follow=True)
    assert "The ruling on hand 1 stands: Illegal knock." in text(response)
    assert Hand.objects.get(game=game).points == 11


def test_the_recording_player_sees_no_agree_button_on_his_own_ruling(client, cast, game):
    TableRuling.objects.create(game=game, hand_number=1, irregularity="exposed_card",
                               answers={"offender": "B"}, proposed_by=cast.player_a,
                               proposed_side="A")
    sign_in(client, cast.player_a)
    page = text(client.get(reverse("gameplay:scoresheet", args=[game.pk])))
    assert "Ruling on hand 1: Card exposed while drawing" in page
    assert "I agree" not in page and "Withdraw it" in page


def test_an_accepted_knock_without_its_counts_is_refused_on_the_ruling_page(client, cast, game):
    sign_in(client, cast.player_a)
    url = reverse("gameplay:table-ruling", args=[game.pk, 1, "illegal_knock"])
    response = client.post(url, {"problem": "over_limit", "seat": "A", "choice": "accept"})
    assert response.status_code == 422
    assert "Enter the two deadwood counts, or both hands' cards" in text(response)
    assert not TableRuling.objects.exists()


def test_someone_outside_the_match_cannot_agree(client, cast, game):
    ruling = TableRuling.objects.create(game=game, hand_number=1, irregularity="exposed_card",
                                        answers={"offender": "B"}, proposed_by=cast.player_a,
                                        proposed_side="A")
    sign_in(client, cast.other_player)
    response = client.post(reverse("gameplay:answer-ruling", args=[game.pk, ruling.pk]),
                           {"answer": "agree"})
    assert response.status_code == 403
    assert "Only the opponent or an organizer" in text(response)
    ruling.refresh_from_db()
    assert ruling.status == TableRuling.Status.WAITING


def test_the_ruling_list_of_a_hand_not_yet_dealt_is_not_found(client, cast, game):
    sign_in(client, cast.player_a)
    assert client.get(reverse("gameplay:table-rulings", args=[game.pk, 5])).status_code == 404
    page = text(client.get(reverse("gameplay:table-rulings", args=[game.pk, 1])))
    for title in ("Illegal knock", "Incorrect number of cards", "Card exposed while drawing",
                  "Looking through the discard pile", "Card exposed in dealing"):
        assert title in page


@pytest.mark.parametrize("hands", [1, 6])
def test_the_ruling_page_of_a_hand_reads_a_fixed_number_of_queries(client, cast, game,
                                                                   django_assert_num_queries,
                                                                   hands):
    for number in range(1, hands + 1):
        Hand.objects.create(game=game, number=number, dealer="A", outcome="knock", knocker="A",
                            winner="A", points=1)
    sign_in(client, cast.player_a)
    url = reverse("gameplay:table-ruling", args=[game.pk, hands + 1, "illegal_knock"])
    client.get(url)  # the club's visibility is cached from then on
    # the game with its match, the match's sides, and its hands with their open flags (the
    # session and the account read from the cache since the first visit)
    with django_assert_num_queries(3):
        assert client.get(f"{url}?problem=over_limit&seat=A").status_code == 200


def test_an_organizer_corrects_a_hand_entered_by_its_counts_from_the_counts(client, cast, game):
    record_hand(game.pk, HandEntry("knock", "A", knocker_deadwood=4, defender_deadwood=23),
                actor=cast.player_a)
    sign_in(client, cast.organizer)
    url = reverse("gameplay:edit-hand", args=[game.pk, 1])
    form = client.get(url).context["form"]
    assert (form["points"].value(), form["knocker_deadwood"].value(),
            form["defender_deadwood"].value()) == (None, 4, 23)
    response = client.post(url, {"expected_number": "1", "seen": form["seen"].value(),
                                 "winner": "A", "outcome": "knock", "knocker_deadwood": "4",
                                 "defender_deadwood": "31", "comment": "He had 31"})
    assert response.status_code == 302
    hand = Hand.objects.get(game=game)
    assert (hand.points, hand.defender_deadwood) == (27, 31)
