"""The scoresheet at a table with a poor connection, and on two phones at once: hands entered
offline wait on the phone through a reload and are sent once each, in order, when the network is
back; a hand entered on an expired sign-in is sent after signing in again; each phone sees the
other's hands without a reload; a hand entered differently on both is shown side by side."""

from __future__ import annotations

import re

import pytest

from league.games.models import Hand
from league.games.services import HandEntry, record_hand, start_game

from .club import knockout_club
from .conftest import LAPTOP, PHONE, screenshot
from .steps import expect, go_offline, go_online, reload_offline

pytestmark = pytest.mark.django_db(transaction=True)

SOON = 12_000  # ms: the other phone asks every 5 s


def a_game():
    setup = knockout_club(4)
    match = setup.match_of("Ada")
    game = start_game(match.pk, actor=setup.players["Ada"].user)
    names = (match.entry_a.player.name, match.entry_b.player.name)
    return game, names


def open_sheet(site, username: str, game, *, phone: bool = True):
    page = site.open(phone=phone)
    site.sign_in(page, username)
    page.goto(f"/games/{game.pk}/")
    expect(page.locator("html[data-offline-ready]")).to_have_count(1)  # kept for offline
    return page


def fill_hand(page, winner: str, outcome: str, points: int) -> None:
    form = page.locator("form.hand-form")
    form.locator("label.choice").filter(has_text=re.compile(rf"^{winner}$")).click()
    form.locator("label.choice").filter(has_text=re.compile(rf"^{outcome}$")).click()
    form.get_by_label("Points").fill(str(points))


def enter_hand(page, number: int, winner: str, outcome: str, points: int) -> None:
    fill_hand(page, winner, outcome, points)
    page.locator("form.hand-form").get_by_role("button", name=f"Enter hand {number}").click()


def saved(game) -> list[tuple]:
    return list(Hand.objects.filter(game=game).order_by("number")
                .values_list("number", "winner", "outcome", "points"))


def both_sizes(page, name: str) -> None:
    screenshot(page, f"{name}-phone")
    page.set_viewport_size(LAPTOP)
    screenshot(page, f"{name}-laptop")
    page.set_viewport_size(PHONE)


def test_hands_entered_offline_wait_through_a_reload_and_are_sent_once_in_order(site):
    game, (a, b) = a_game()
    page = open_sheet(site, "ada", game)
    waiting = page.locator("#sheet-queue")
    try:
        go_offline(page.context)
        enter_hand(page, 1, a, "Knock", 12)
        expect(waiting).to_contain_text("1 hand not sent yet")
        expect(page.get_by_role("button", name="Enter hand 2")).to_be_visible()
        enter_hand(page, 2, b, "Gin", 35)
        expect(waiting).to_contain_text("2 hands not sent yet")
        expect(waiting).to_contain_text(f"Hand 1: {a}, knock, 12 points")
        expect(waiting).to_contain_text(f"Hand 2: {b}, gin, 35 points")
        expect(waiting).to_contain_text("sent when the connection is back")
        both_sizes(page, "sheet-offline-waiting")

        reload_offline(page)  # still offline: the copy the phone kept, and the hands still waiting
        expect(page.get_by_role("heading", level=1)).to_contain_text("Game 1")
        expect(waiting).to_contain_text("2 hands not sent yet")
        expect(page.get_by_role("button", name="Enter hand 3")).to_be_visible()
        assert saved(game) == []

        go_online(page.context)
        expect(waiting).to_contain_text("Sent: hands 1 and 2, saved on the sheet.", timeout=SOON)
        expect(waiting).not_to_contain_text("not sent yet")
        expect(page.locator("table.hands tbody tr")).to_have_count(2)
        expect(page.get_by_role("button", name="Enter hand 3")).to_be_visible()
        both_sizes(page, "sheet-offline-sent")
        assert saved(game) == [(1, "A", "knock", 12), (2, "B", "gin", 35)]
        assert page.evaluate("Object.keys(localStorage).filter(k => k.startsWith('gin-league'))") == []
    finally:
        go_online(page.context)


def test_a_hand_whose_answer_was_lost_is_sent_again_and_saved_once(site):
    game, (a, _) = a_game()
    page = open_sheet(site, "ada", game)
    # The server takes the hand; its answer never reaches the phone (the connection drops).
    page.evaluate("""() => {
        const send = window.fetch;
        let lost = false;
        window.fetch = (url, options) => send(url, options).then((response) => {
            if (lost || !options || options.method !== "POST") return response;
            lost = true;
            throw new TypeError("Failed to fetch");
        });
    }""")
    enter_hand(page, 1, a, "Knock", 9)
    expect(page.locator("#sheet-queue")).to_contain_text("1 hand not sent yet")
    send_now = page.get_by_role("button", name="Send now")
    expect(send_now).to_be_visible()  # the phone saw the connection fail
    assert len(saved(game)) == 1  # saved, though the phone does not know it yet
    send_now.click()
    expect(page.locator("#sheet-queue")).to_contain_text("Sent: hand 1", timeout=SOON)
    assert saved(game) == [(1, "A", "knock", 9)]


def test_a_hand_entered_on_an_expired_sign_in_is_sent_after_signing_in_again(site):
    game, (a, _) = a_game()
    page = open_sheet(site, "ada", game)
    page.context.clear_cookies()  # the session has expired
    enter_hand(page, 1, a, "Gin", 30)
    waiting = page.locator("#sheet-queue")
    expect(waiting).to_contain_text("1 hand not sent yet")
    expect(waiting).to_contain_text("Your sign-in has expired. Sign in again and they are sent.")
    assert saved(game) == []
    site.sign_in(page, "ada")
    page.goto(f"/games/{game.pk}/")
    expect(waiting).to_contain_text("Sent: hand 1", timeout=SOON)
    assert saved(game) == [(1, "A", "gin", 30)]


def test_each_phone_sees_the_others_hands_without_a_reload(site):
    game, (a, b) = a_game()
    ada = open_sheet(site, "ada", game)
    other = open_sheet(site, b.lower(), game)
    for page in (ada, other):
        page.evaluate("window.notReloaded = true")
    polls = []
    other.on("response", lambda r: polls.append(r.status)
             if r.request.headers.get("hx-request") and r.request.method == "GET" else None)
    other.wait_for_timeout(6000)
    assert 304 in polls  # nothing moved yet: answered 304
    enter_hand(ada, 1, a, "Knock", 14)
    expect(other.locator("#hand-1")).to_contain_text("Knock", timeout=SOON)
    expect(other.get_by_role("button", name="Enter hand 2")).to_be_visible()
    enter_hand(other, 2, b, "Gin", 40)
    expect(ada.locator("#hand-2")).to_contain_text("Gin", timeout=SOON)
    assert all(page.evaluate("window.notReloaded === true") for page in (ada, other))
    assert saved(game) == [(1, "A", "knock", 14), (2, "B", "gin", 40)]


def test_a_form_being_filled_in_is_kept_while_the_other_phones_hand_arrives(site):
    game, (a, b) = a_game()
    ada = open_sheet(site, "ada", game)
    other = open_sheet(site, b.lower(), game)
    fill_hand(other, b, "Knock", 10)  # hand 1 as the other phone saw it
    enter_hand(ada, 1, a, "Gin", 40)
    expect(other.locator("#hand-1")).to_contain_text("Gin", timeout=SOON)
    expect(other.locator("form.hand-form").get_by_label("Points")).to_have_value("10")
    other.locator("form.hand-form").get_by_role("button", name="Enter hand 1").click()
    conflict = other.get_by_role("alert").filter(has_text="entered twice")
    expect(conflict).to_contain_text("Hand 1 was entered twice, differently")
    expect(conflict).to_contain_text(f"Saved on the sheet{a}, gin, 40 points")
    expect(conflict).to_contain_text(f"Your entry, not saved{b}, knock, 10 points")
    expect(other.locator("#sheet-queue")).to_contain_text("entered differently from the other phone")
    both_sizes(other, "sheet-entry-conflict")
    # It stays while the sheet is asked for again, until the player chooses.
    other.wait_for_timeout(6000)
    expect(conflict).to_be_visible()
    other.get_by_role("button", name="Flag hand 1 for the organizer").click()
    expect(other.get_by_role("status")).to_contain_text("Hand 1 flagged")
    expect(other.locator("#sheet-queue")).to_be_hidden()
    assert saved(game) == [(1, "A", "gin", 40)]
    flag = Hand.objects.get(game=game).flags.get()
    assert "knock, 10 points" in flag.reason


def test_the_same_hand_entered_on_both_phones_is_on_the_sheet_once(site):
    game, (a, b) = a_game()
    ada = open_sheet(site, "ada", game)
    other = open_sheet(site, b.lower(), game)
    fill_hand(other, a, "Gin", 30)
    enter_hand(ada, 1, a, "Gin", 30)
    expect(ada.get_by_role("status")).to_contain_text("Hand 1 entered.")
    other.locator("form.hand-form").get_by_role("button", name="Enter hand 1").click()
    expect(other.get_by_role("status")).to_contain_text(
        "Hand 1 was entered from the other phone too, the same hand: it is on the sheet once.")
    assert saved(game) == [(1, "A", "gin", 30)]


def test_a_hand_queued_offline_merges_with_the_same_hand_entered_on_the_other_phone(site):
    game, (a, b) = a_game()
    ada = open_sheet(site, "ada", game)
    other = open_sheet(site, b.lower(), game)
    try:
        go_offline(ada.context)
        enter_hand(ada, 1, a, "Gin", 30)
        enter_hand(ada, 2, b, "Knock", 8)
        expect(ada.locator("#sheet-queue")).to_contain_text("2 hands not sent yet")
        enter_hand(other, 1, a, "Gin", 30)  # the same hand 1, online on the other phone
        expect(other.get_by_role("status")).to_contain_text("Hand 1 entered.")
        go_online(ada.context)
        expect(ada.locator("#sheet-queue")).to_contain_text("Sent: hands 1 and 2", timeout=SOON)
        expect(ada.locator("table.hands tbody tr")).to_have_count(2)
        assert saved(game) == [(1, "A", "gin", 30), (2, "B", "knock", 8)]
    finally:
        go_online(ada.context)


def test_what_the_reader_was_just_told_stays_when_the_other_phones_hand_arrives(site):
    game, (a, _) = a_game()
    ada = open_sheet(site, "ada", game)
    enter_hand(ada, 1, a, "Knock", 14)
    expect(ada.locator("ul.messages")).to_contain_text("Hand 1 entered.")
    record_hand(game.pk, HandEntry("gin", "B", 40, expected_number=2),
                actor=game.match.entry_b.player.user)
    expect(ada.locator("#hand-2")).to_contain_text("Gin", timeout=SOON)  # the poll's sheet
    expect(ada.locator("ul.messages")).to_contain_text("Hand 1 entered.")
