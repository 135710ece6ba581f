"""The scoresheet shared by two phones and a poor connection: an entry sent again is answered
as the first time, a hand entered differently from the other phone is shown beside the saved one,
and a phone asking whether the sheet moved is answered 304 when it has not."""

from html import unescape

import pytest
from django.urls import reverse

from league.games.models import Game, Hand
from league.games.services import HandEntry, record_hand, start_game, undo_last_hand
from league.games.services.flags import flag_hand

from .conftest import sign_in

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def game(cast) -> Game:
    return start_game(cast.match.pk, actor=cast.player_a)


def hand_data(number=1, winner="A", outcome="gin", points="30", key="", **extra):
    return {"expected_number": str(number), "winner": winner, "outcome": outcome,
            "points": points, "knocker_cards": "", "defender_cards": "", "entry_key": key,
            **extra}


def add(client, game, data, **headers):
    return client.post(reverse("gameplay:add-hand", args=[game.pk]), data, **headers)


def poll(client, game, etag=None):
    headers = {**HTMX, **({"HTTP_IF_NONE_MATCH": etag} if etag else {})}
    return client.get(reverse("gameplay:scoresheet", args=[game.pk]), **headers)


def hands(game) -> list[tuple]:
    return list(Hand.objects.filter(game=game).values_list("number", "outcome", "winner", "points"))


# One entry, sent again --------------------------------------------------------------------------


def test_an_entry_sent_again_is_answered_as_the_first_time_and_saved_once(client, cast, game):
    sign_in(client, cast.player_a)
    first = add(client, game, hand_data(1, key="phone-a-0001"), **HTMX)
    again = add(client, game, hand_data(1, key="phone-a-0001"), **HTMX)
    assert first.status_code == again.status_code == 200
    assert "Hand 1 entered." in first.content.decode()
    assert "Hand 1 entered." in again.content.decode()
    assert hands(game) == [(1, "gin", "A", 30)]
    assert Hand.objects.get(game=game).entry_key == "phone-a-0001"


def test_a_queue_sent_again_after_later_hands_saves_nothing_twice(client, cast, game):
    sign_in(client, cast.player_a)
    queue = [hand_data(1, "A", "knock", "12", key="q-000001"),
             hand_data(2, "B", "knock", "7", key="q-000002")]
    for data in queue:
        assert add(client, game, data, **HTMX).status_code == 200
    for data in queue:  # both answers were lost: the phone sends its queue again
        assert add(client, game, data, **HTMX).status_code == 200
    assert hands(game) == [(1, "knock", "A", 12), (2, "knock", "B", 7)]


def test_the_blank_form_carries_a_key_made_by_the_page(client, cast, game):
    sign_in(client, cast.player_a)
    html = client.get(reverse("gameplay:scoresheet", args=[game.pk])).content.decode()
    assert 'name="entry_key"' in html
    assert 'name="entry_key" value=""' not in html


# The other phone's entry of the same hand --------------------------------------------------------


def test_the_same_hand_from_the_other_phone_is_taken_once_and_said_so(client, cast, game):
    record_hand(game.pk, HandEntry("gin", "A", 30, expected_number=1, entry_key="a-000001"),
                actor=cast.player_a)
    sign_in(client, cast.player_b)
    response = add(client, game, hand_data(1, "A", "gin", "30", key="b-000001"), **HTMX)
    assert response.status_code == 200
    assert ("Hand 1 was entered from the other phone too, the same hand: it is on the sheet "
            "once.") in response.content.decode()
    assert hands(game) == [(1, "gin", "A", 30)]


def test_a_different_hand_from_the_other_phone_is_shown_beside_the_saved_one(client, cast, game):
    record_hand(game.pk, HandEntry("gin", "A", 40, expected_number=1), actor=cast.player_a)
    sign_in(client, cast.player_b)
    response = add(client, game, hand_data(1, "B", "knock", "10", key="b-000001"), **HTMX)
    html = unescape(response.content.decode())
    names = cast.match.entry_a.player.name, cast.match.entry_b.player.name
    assert response.status_code == 422
    assert "Hand 1 was entered twice, differently" in html
    assert f"Saved on the sheet</dt><dd>{names[0]}, gin, 40 points</dd>" in html
    assert f"Your entry, not saved</dt><dd>{names[1]}, knock, 10 points</dd>" in html
    assert "Keep the saved hand" in html
    flag_url = reverse("gameplay:flag-hand", args=[game.pk, 1])
    assert f'action="{flag_url}"' in html
    assert "Flag hand 1 for the organizer" in html
    assert 'name="expected_number" value="2"' in html  # the form is for the next hand
    assert hands(game) == [(1, "gin", "A", 40)]


def test_flagging_from_the_conflict_flags_the_saved_hand_with_both_entries(client, cast, game):
    record_hand(game.pk, HandEntry("gin", "A", 40, expected_number=1), actor=cast.player_a)
    sign_in(client, cast.player_b)
    html = unescape(add(client, game, hand_data(1, "B", "knock", "10")).content.decode())
    reason = html.split('name="reason" value="')[1].split('"')[0]
    response = client.post(reverse("gameplay:flag-hand", args=[game.pk, 1]), {"reason": reason})
    assert response.status_code == 302
    flag = Hand.objects.get(game=game).flags.get()
    assert "Saved:" in flag.reason and "knock, 10 points" in flag.reason


def test_an_organizer_is_offered_the_correction_instead_of_a_flag(client, cast, game):
    record_hand(game.pk, HandEntry("gin", "A", 40, expected_number=1), actor=cast.player_a)
    sign_in(client, cast.organizer)
    html = add(client, game, hand_data(1, "B", "knock", "10")).content.decode()
    assert "Flag hand 1" not in html
    assert reverse("gameplay:edit-hand", args=[game.pk, 1]) in html


def test_a_hand_flagged_already_is_not_flagged_again_from_the_conflict(client, cast, game):
    hand = record_hand(game.pk, HandEntry("gin", "A", 40, expected_number=1), actor=cast.player_a)
    flag_hand(hand.pk, actor=cast.player_b, reason="Not a gin")
    sign_in(client, cast.player_b)
    html = add(client, game, hand_data(1, "B", "knock", "10")).content.decode()
    assert "Hand 1 is flagged already: an organizer will look at it." in html
    assert "Flag hand 1 for the organizer" not in html


# Asking whether the sheet moved ----------------------------------------------------------------


def test_a_sheet_that_has_not_moved_is_answered_304_after_one_query(
        client, cast, game, django_assert_num_queries):
    sign_in(client, cast.player_b)
    etag = poll(client, game)["ETag"]
    # The sheet's version (with its club and whether the club is public); the session and its
    # account are read from the cache.
    with django_assert_num_queries(1):
        response = poll(client, game, etag)
    assert response.status_code == 304
    assert response["ETag"] == etag
    assert response.content == b""


@pytest.mark.parametrize("change", ["hand", "undo", "flag"])
def test_a_sheet_that_moved_is_answered_in_full(client, cast, game, change):
    record_hand(game.pk, HandEntry("knock", "A", 12, expected_number=1), actor=cast.player_a)
    sign_in(client, cast.player_b)
    etag = poll(client, game)["ETag"]
    if change == "hand":
        record_hand(game.pk, HandEntry("knock", "B", 7, expected_number=2), actor=cast.player_a)
    elif change == "undo":
        undo_last_hand(game.pk, actor=cast.player_a)
    else:
        flag_hand(game.hands.get().pk, actor=cast.player_a, reason="Twelve, not ten")
    response = poll(client, game, etag)
    assert response.status_code == 200
    assert response["ETag"] != etag
    assert 'id="scoresheet"' in response.content.decode()


def test_each_viewer_has_his_own_etag(client, cast, game):
    sign_in(client, cast.player_a)
    etag_a = poll(client, game)["ETag"]
    sign_in(client, cast.player_b)
    assert poll(client, game, etag_a).status_code == 200


def test_the_page_polls_with_its_own_etag(client, cast, game):
    sign_in(client, cast.player_a)
    response = client.get(reverse("gameplay:scoresheet", args=[game.pk]))
    html = response.content.decode()
    assert 'hx-trigger="every 5s"' in html
    assert response["ETag"].strip('"') in html


# The web app -----------------------------------------------------------------------------------


def test_the_service_worker_is_served_from_the_root(client):
    response = client.get("/sw.js")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/javascript")
    assert response["Service-Worker-Allowed"] == "/"
    assert b"addEventListener(\"fetch\"" in response.content


def test_the_site_is_installable(client):
    response = client.get("/manifest.webmanifest")
    manifest = response.json()
    assert (manifest["display"], manifest["start_url"]) == ("standalone", "/")
    assert manifest["icons"]
    assert 'rel="manifest"' in client.get("/").content.decode()


@pytest.mark.parametrize("step", ["recorded", "disputed", "withdrawn"])
def test_a_ruling_recorded_or_answered_at_the_table_moves_the_sheet(client, cast, game, step):
    """The opponent's phone learns of a ruling waiting for him, and the recorder's of its
    answer, at the next poll."""
    from league.games.services.ruled_hands import RuledCards
    from league.games.services.table_rulings import (
        dispute_ruling,
        propose_ruling,
        withdraw_ruling,
    )

    answers = {"when": "in_play", "offender": "both"}  # on hand 1, the hand being played
    if step != "recorded":
        ruling = propose_ruling(game.pk, hand_number=1, key="incorrect_hand", answers=answers,
                                cards=RuledCards(), actor=cast.player_a)
    sign_in(client, cast.player_b)
    etag = poll(client, game)["ETag"]
    if step == "recorded":
        propose_ruling(game.pk, hand_number=1, key="incorrect_hand", answers=answers,
                       cards=RuledCards(), actor=cast.player_a)
    elif step == "disputed":
        dispute_ruling(ruling.pk, actor=cast.player_b)
    else:
        withdraw_ruling(ruling.pk, actor=cast.player_a)
    assert poll(client, game, etag).status_code == 200


def test_the_sheet_read_in_another_language_is_not_the_same_copy(client, cast, game):
    sign_in(client, cast.player_b)
    etag = poll(client, game)["ETag"]
    answer = client.get(reverse("gameplay:scoresheet", args=[game.pk]), **HTMX,
                        HTTP_IF_NONE_MATCH=etag, HTTP_ACCEPT_LANGUAGE="de")
    assert answer.status_code == 200
