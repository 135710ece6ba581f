"""What players and organizers do most, by keyboard alone (Tab, Shift+Tab, Enter, Space, the
arrows), on a phone and a laptop: the focus shows wherever it is (tab_to checks it), and after
each action it lands on what the page says about it, not lost to the page. A player reports a
result and the opponent confirms it; a player signs up for a competition; an organizer creates a
competition and enters a player; the footer's language menu changes the language."""

from __future__ import annotations

import re

import pytest

from league.competitions.entries.sign_ups import open_registration
from league.competitions.formats.competitions import create_competition
from league.competitions.models import Competition, Entry, Match
from league.competitions.results.services import confirm_result, report_result
from league.games.services import HandEntry, record_hand, start_game

from .club import knockout_club, riverside
from .conftest import screenshot
from .steps import FOCUS_SHOWN, expect, focused, tab_to, type_keys

pytestmark = pytest.mark.django_db(transaction=True)

SIZES = [False, True]
SIZE_IDS = ["laptop", "phone"]


def size_of(phone: bool) -> str:
    return "phone" if phone else "laptop"


def focus_is_on_the_message(page, text: str) -> None:
    """After an action whose answer replaced the button pressed: the focus is on the message
    saying what happened, and shows there."""
    expect(page.locator(":focus")).to_contain_text(text)
    assert page.evaluate(FOCUS_SHOWN), "the focus on the message does not show"


def decided_match():
    """Ada's knockout match, its one game won by Ada: ready to report."""
    setup = knockout_club(4)
    match = setup.match_of("Ada")
    seat = "A" if match.entry_a.player.name == "Ada" else "B"
    ada = setup.players["Ada"].user
    game = start_game(match.pk, actor=ada)
    record_hand(game.pk, HandEntry("gin", seat, 110, expected_number=1), actor=ada)
    return setup, match


@pytest.mark.parametrize("phone", SIZES, ids=SIZE_IDS)
def test_a_result_is_reported_and_confirmed_by_keyboard(site, phone):
    setup, match = decided_match()
    opponent = setup.opponent_of("Ada")

    ada = site.open(phone=phone)
    site.sign_in(ada, "ada")
    ada.goto(f"/matches/{match.pk}/")
    tab_to(ada, "button", "Report the result")
    ada.keyboard.press("Enter")
    focus_is_on_the_message(ada, "Result reported.")
    screenshot(ada, f"keyboard-reported-{size_of(phone)}")
    assert Match.objects.get(pk=match.pk).status == Match.Status.REPORTED

    other = site.open(phone=phone)
    site.sign_in(other, opponent.lower())
    other.goto(f"/matches/{match.pk}/")
    tab_to(other, "button", "Confirm the result")
    other.keyboard.press("Enter")
    focus_is_on_the_message(other, "Result confirmed.")
    screenshot(other, f"keyboard-confirmed-{size_of(phone)}")
    assert Match.objects.get(pk=match.pk).status == Match.Status.CONFIRMED
    # From the message, Shift+Tab goes back up the page, not from its top.
    other.keyboard.press("Shift+Tab")
    assert not focused(other, ".skip-link")
    assert other.evaluate(FOCUS_SHOWN)


@pytest.mark.parametrize("phone", SIZES, ids=SIZE_IDS)
def test_a_player_signs_up_by_keyboard(site, phone):
    setup = riverside(4)
    season = setup.club.seasons.get()
    competition = create_competition(
        season, actor=setup.organizer, name="Autumn League", format=Competition.Format.LEAGUE
    )
    open_registration(competition.pk, actor=setup.organizer)

    page = site.open(phone=phone)
    site.sign_in(page, "bea")
    page.goto(f"/competitions/{competition.pk}/sign-up/")
    tab_to(page, "button", "Enter as Bea")
    page.keyboard.press("Enter")
    expect(page.locator("ul.messages")).to_contain_text("You are entered in Autumn League")
    expect(page.get_by_text("You are entered as Bea.")).to_have_attribute("role", "status")
    assert Entry.objects.filter(competition=competition, player__name="Bea").exists()
    # The next page starts from its top: the first Tab reaches the skip link.
    page.keyboard.press("Tab")
    assert focused(page, ".skip-link")
    assert page.evaluate(FOCUS_SHOWN)


@pytest.mark.parametrize("phone", SIZES, ids=SIZE_IDS)
def test_an_organizer_creates_a_competition_and_enters_a_player_by_keyboard(site, phone):
    riverside(4)
    page = site.open(phone=phone)
    site.sign_in(page, "olga")
    page.goto("/clubs/riverside/competitions/new/")
    tab_to(page, "#id_name")
    type_keys(page, "Winter League")
    tab_to(page, "input[name=format]")
    page.keyboard.press("Space")  # the first format
    chosen = page.evaluate("document.activeElement.value")
    screenshot(page, f"keyboard-new-competition-{size_of(phone)}")
    tab_to(page, "button:not(.visually-hidden)", "Create the competition")
    page.keyboard.press("Enter")
    expect(page.get_by_role("heading", level=1)).to_contain_text("Winter League")
    competition = Competition.objects.get(name="Winter League")
    assert competition.format == chosen

    # The entries page: Cy ticked by Space, entered by Enter.
    tab_to(page, "#candidates input[type=checkbox]")
    while page.evaluate("document.activeElement.labels[0].textContent.trim()") != "Cy":
        page.keyboard.press("Tab")
    page.keyboard.press("Space")
    tab_to(page, "button", "Enter the ticked players")
    page.keyboard.press("Enter")
    expect(page.locator("table.entries")).to_contain_text("Cy")
    assert list(competition.entries.values_list("player__name", flat=True)) == ["Cy"]


@pytest.mark.parametrize("phone", SIZES, ids=SIZE_IDS)
def test_the_footer_language_menu_changes_the_language_by_keyboard(site, phone):
    riverside(2)
    page = site.open(phone=phone)
    site.sign_in(page, "ada")
    page.goto("/clubs/riverside/")
    tab_to(page, "#language-menu")
    while page.evaluate("document.activeElement.value") != "es":
        page.keyboard.press("ArrowDown")
    screenshot(page, f"keyboard-language-{size_of(phone)}")
    tab_to(page, ".language-menu button")
    page.keyboard.press("Enter")
    expect(page.locator("html")).to_have_attribute("lang", "es")
    expect(page).to_have_url(re.compile(r"/clubs/riverside/$"))
    expect(page.locator(".language-menu label")).to_have_text("Idioma")
    # Shift+Tab from the top of the page goes back to the menu, in Spanish.
    page.keyboard.press("Tab")
    assert focused(page, ".skip-link")
    tab_to(page, "#language-menu", back=True)
    assert page.evaluate("document.activeElement.value") == "es"


def test_a_refusal_after_the_button_pressed_takes_the_focus(site):
    """The opponent's page is out of date (the result was confirmed meanwhile, from another
    phone): Enter on "Confirm" brings the refusal in place of the actions, and the focus with it."""
    setup, match = decided_match()
    opponent = setup.opponent_of("Ada")
    report_result(match.pk, actor=setup.players["Ada"].user)
    page = site.open(phone=True)
    site.sign_in(page, opponent.lower())
    page.goto(f"/matches/{match.pk}/")
    confirm_result(match.pk, actor=setup.players[opponent].user)
    tab_to(page, "button", "Confirm the result")
    page.keyboard.press("Enter")
    expect(page.locator(":focus")).to_have_attribute("role", "alert")
    assert page.evaluate(FOCUS_SHOWN)
    screenshot(page, "keyboard-refusal-phone")


def test_a_ruling_brought_by_a_choice_is_said_and_the_focus_stays_on_the_choice(site):
    """The rulings assistant answers as the questions are answered: the answer replaces the
    part of the page the choice is in, so its words are said in the live region the page had
    from the start, and the focus stays on the radio chosen."""
    page = site.open(phone=True)
    page.goto("/rulings/wrong_dealer/")
    tab_to(page, "input[name=when]")
    page.keyboard.press("Space")  # before the upcard
    expect(page.locator("#announce-polite")).to_contain_text("Stop the deal: it is void")
    assert focused(page, "input[name=when][value=before_upcard]")
    page.keyboard.press("ArrowDown")  # after the upcard
    expect(page.locator("#announce-polite")).to_contain_text("The deal stands")
    assert focused(page, "input[name=when][value=after_upcard]")
    assert page.evaluate(FOCUS_SHOWN)
