"""The organizer rules at the table that a player who looked through the discard pile loses his
next turn, recording it with the rulings assistant on the hand being played; once the hand is
entered, the scoresheet shows the ruling beside it (its title linking to the rules, the ruling,
its source in words), on a laptop and on a phone."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from league.games.services import HandEntry, record_hand, start_game

from .club import knockout_club
from .conftest import screenshot
from .steps import expect

pytestmark = pytest.mark.django_db(transaction=True)

SHOTS = Path("/tmp/rulings")


def keep(page, name: str) -> None:
    path = screenshot(page, name)
    if path is not None and SHOTS.is_dir():
        shutil.copy(path, SHOTS / path.name)


@pytest.mark.parametrize("phone", [True, False], ids=["phone", "laptop"])
def test_a_lost_turn_ruled_at_the_table_is_shown_beside_its_hand(site, phone):
    setup = knockout_club(4)
    match = setup.competition.matches.filter(key="W1-0").select_related(
        "entry_a__player", "entry_b__player").get()
    name_a, name_b = match.entry_a.player.name, match.entry_b.player.name
    player_a = match.entry_a.player.user
    game = start_game(match.pk, actor=player_a)
    record_hand(game.pk, HandEntry("knock", "B", 20, expected_number=1), actor=player_a)
    size = "phone" if phone else "laptop"

    olga = site.open(phone=phone)
    site.sign_in(olga, "olga")
    olga.goto(f"/rulings/looking_through_discards/?match={match.pk}")
    olga.get_by_role("radio", name="No").check()
    olga.get_by_role("radio", name=name_a).check()
    expect(olga.locator(".ruling-text")).to_contain_text(f"{name_a} loses his next turn")
    olga.get_by_label("Game number").fill("1")
    olga.get_by_label("Hand number").fill("2")
    olga.get_by_role("button", name="Record the ruling").click()
    expect(olga).to_have_url(re.compile(rf"/matches/{match.pk}/"))
    expect(olga.locator("body")).to_contain_text(
        "It will be shown beside hand 2 on the scoresheet once the hand is entered.")

    record_hand(game.pk, HandEntry("gin", "A", 45, expected_number=2), actor=player_a)
    olga.goto(f"/games/{game.pk}/")
    beside = olga.locator("#hand-2 .hand-ruling")
    expect(beside).to_contain_text(f"Looking through the discard pile: {name_a} loses his next "
                                   f"turn: {name_b} plays two turns in succession.")
    expect(beside).to_contain_text("(Hoyle, Irregularities: Looking Through Discard Pile)")
    expect(olga.locator("#hand-1 .hand-ruling")).to_have_count(0)
    olga.locator("#hand-2").scroll_into_view_if_needed()
    keep(olga, f"table-ruling-scoresheet-{size}")
    beside.get_by_role("link", name="Looking through the discard pile").click()
    expect(olga).to_have_url(re.compile(r"/rules/#looking-through-discards$"))


@pytest.mark.parametrize("phone", [True, False], ids=["phone", "laptop"])
def test_an_over_limit_knock_ruled_by_one_player_is_agreed_on_the_opponents_phone(site, phone):
    """José types "I knocked with 12, he had 23": the sheet refuses it and offers the Illegal
    Knock ruling of the hand; José records that Björn accepts the knock; Björn, on his own page,
    agrees; the hand is scored by the ruling, 11 to José, with the counts in the sheet."""
    setup = knockout_club(4)
    match = setup.competition.matches.filter(key="W1-0").select_related(
        "entry_a__player__user", "entry_b__player__user").get()
    name_a, name_b = match.entry_a.player.name, match.entry_b.player.name
    game = start_game(match.pk, actor=match.entry_a.player.user)
    size = "phone" if phone else "laptop"

    jose = site.open(phone=phone)
    site.sign_in(jose, match.entry_a.player.user.username)
    jose.goto(f"/games/{game.pk}/")
    form = jose.locator("form.hand-form")
    form.get_by_role("radio", name=name_a).check()
    form.get_by_role("radio", name="Knock").check()
    form.get_by_label("Knocker's deadwood").fill("4")
    form.get_by_label("Defender's deadwood").fill("23")
    expect(jose.locator("#hand-preview")).to_contain_text(
        f"Knock by {name_a}, 4 against 23: {name_a} scores 19.")
    keep(jose, f"hand-counts-preview-{size}")
    form.get_by_label("Knocker's deadwood").fill("12")
    expect(jose.locator("#hand-preview")).to_contain_text(
        "Knocker's deadwood is 12, over the knock limit of 10.")
    form.get_by_role("button", name="Enter hand 1").click()
    expect(jose.locator(".deadwood-counts .errorlist")).to_contain_text(
        "Knocker's deadwood is 12, over the knock limit of 10.")
    keep(jose, f"hand-counts-over-limit-{size}")
    jose.locator(".deadwood-counts").get_by_role("link", name="Rule it: illegal knock").click()
    expect(jose.get_by_role("heading", level=1)).to_contain_text("Illegal knock")
    jose.get_by_role("radio", name="Accept the knock").check()
    expect(jose.locator(".ruling-text")).to_contain_text("The knock is accepted")
    expect(jose.get_by_label("Knocker's deadwood")).to_have_value("12")
    keep(jose, f"table-ruling-illegal-knock-{size}")
    jose.get_by_role("button", name="Record the ruling").click()
    expect(jose.locator("body")).to_contain_text(f"Waiting for {name_b} to agree on his phone")
    expect(jose.locator(".ruling-waiting")).to_contain_text("Withdraw it")

    bjorn = site.open(phone=phone)
    site.sign_in(bjorn, match.entry_b.player.user.username)
    bjorn.goto(f"/games/{game.pk}/")
    waiting = bjorn.locator(".ruling-waiting")
    expect(waiting).to_contain_text("Ruling on hand 1: Illegal knock")
    expect(waiting).to_contain_text(f"Recorded by {name_a}")
    keep(bjorn, f"table-ruling-waiting-{size}")
    waiting.get_by_role("button", name="I agree").click()
    expect(bjorn.locator("body")).to_contain_text("The ruling on hand 1 stands: Illegal knock.")
    row = bjorn.locator("#hand-1")
    expect(row).to_contain_text("12–23")
    expect(row.locator('[data-label="Points"]')).to_have_text("11")
    keep(bjorn, f"table-ruling-agreed-{size}")
    bjorn.get_by_role("link", name="Ruling on hand 2").click()
    expect(bjorn.get_by_role("heading", level=1)).to_contain_text("A ruling on hand 2")
    expect(bjorn.locator(".table-rulings li")).to_have_count(7)
    keep(bjorn, f"table-ruling-list-{size}")


def test_an_exposed_card_is_ruled_with_the_card_picker_on_a_phone(site):
    """The cards seen are tapped in the picker, not typed; the ruling names the players."""
    setup = knockout_club(4)
    match = setup.competition.matches.filter(key="W1-0").select_related(
        "entry_a__player__user", "entry_b__player__user").get()
    name_a, name_b = match.entry_a.player.name, match.entry_b.player.name
    game = start_game(match.pk, actor=match.entry_a.player.user)

    page = site.open(phone=True)
    site.sign_in(page, match.entry_b.player.user.username)
    page.goto(f"/games/{game.pk}/")
    page.get_by_role("link", name="Ruling on hand 1").click()
    page.get_by_role("link", name="Card exposed while drawing").click()
    page.get_by_role("radio", name=name_a).check()
    picker = page.locator(".card-picker").first
    picker.locator('[data-card="7H"]').click()
    picker.locator('[data-card="QS"]').click()
    expect(page.get_by_role("textbox", name="Which cards of the stock were seen?")).to_have_value(
        "7H QS")
    expect(page.locator(".ruling-text")).to_contain_text(
        f"Place the cards {name_a} saw face up on the table.")
    expect(page.locator(".ruling-text")).to_contain_text(f"Then {name_b} may")
    keep(page, "table-ruling-exposed-card-phone")
    page.get_by_role("button", name="Record the ruling").click()
    expect(page.locator(".ruling-waiting")).to_contain_text("Card exposed while drawing")
    expect(page.locator("body")).to_contain_text(f"Waiting for {name_a} to agree on his phone")


def test_a_hand_is_checked_and_entered_from_its_counts_without_javascript(site):
    setup = knockout_club(4)
    match = setup.competition.matches.filter(key="W1-0").select_related(
        "entry_a__player__user", "entry_b__player__user").get()
    name_a = match.entry_a.player.name
    game = start_game(match.pk, actor=match.entry_a.player.user)
    page = site.open(phone=True, javascript=False)
    site.sign_in(page, match.entry_a.player.user.username)
    page.goto(f"/games/{game.pk}/")
    form = page.locator("form.hand-form")
    form.get_by_role("radio", name=name_a).check()
    form.get_by_role("radio", name="Knock").check()
    form.get_by_label("Knocker's deadwood").fill("4")
    form.get_by_label("Defender's deadwood").fill("23")
    form.get_by_role("button", name="Check").click()
    expect(page.locator("#hand-preview")).to_contain_text(f"{name_a} scores 19.")
    expect(page.get_by_label("Defender's deadwood")).to_have_value("23")
    keep(page, "hand-counts-checked-no-js-phone")
    page.locator("form.hand-form").get_by_role("button", name="Enter hand 1").click()
    expect(page.locator("body")).to_contain_text(f"Hand 1 entered. Knock by {name_a}, 4 against "
                                                 f"23: {name_a} scores 19.")
    expect(page.locator("#hand-1")).to_contain_text("4–23")


def test_check_with_javascript_shows_the_hand_and_enters_nothing(site):
    """The offline queue sends every hand entered; "Check" is not an entry: it only asks the
    engine, and the hand is entered by "Enter hand" alone, once."""
    setup = knockout_club(4)
    match = setup.competition.matches.filter(key="W1-0").select_related(
        "entry_a__player__user", "entry_b__player__user").get()
    name_a = match.entry_a.player.name
    game = start_game(match.pk, actor=match.entry_a.player.user)
    page = site.open(phone=True)
    site.sign_in(page, match.entry_a.player.user.username)
    page.goto(f"/games/{game.pk}/")
    form = page.locator("form.hand-form")
    form.get_by_role("radio", name=name_a).check()
    form.get_by_role("radio", name="Knock").check()
    form.get_by_label("Knocker's deadwood").fill("4")
    form.get_by_label("Defender's deadwood").fill("23")
    form.get_by_role("button", name="Check").click()
    expect(page.locator("#hand-preview")).to_contain_text(f"{name_a} scores 19.")
    page.wait_for_timeout(500)  # time for a queued entry to have been sent, were there one
    assert not game.hands.exists()
    page.locator("form.hand-form").get_by_role("button", name="Enter hand 1").click()
    expect(page.locator("#hand-1")).to_contain_text("4–23")
    assert game.hands.count() == 1
