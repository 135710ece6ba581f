"""The scoresheet by keyboard alone, in the reader's language: a hand entered from its deadwood
counts and one from its cards chosen in the card picker, with Tab, Space, Enter and the arrows
only; the same sheet in Spanish says what waits on the phone in Spanish when the network is cut;
in Spanish and German on a phone and a laptop nothing sticks out of the page."""

from __future__ import annotations

import re

import pytest
from django.conf import settings

from league.games.models import Hand
from league.games.services import HandEntry, record_hand, start_game

from .club import knockout_club
from .conftest import LAPTOP, PHONE, screenshot
from .steps import expect, focused, go_offline, go_online, reload_offline, tab_to, type_keys

pytestmark = pytest.mark.django_db(transaction=True)

SOON = 12_000  # ms


def a_game():
    setup = knockout_club(4)
    match = setup.match_of("Ada")
    game = start_game(match.pk, actor=setup.players["Ada"].user)
    return game, (match.entry_a.player.name, match.entry_b.player.name)


def open_sheet(site, game, *, language: str = "", phone: bool = False):
    page = site.open(phone=phone)
    if language:
        page.context.add_cookies([{"name": settings.LANGUAGE_COOKIE_NAME, "value": language,
                                   "url": site.url}])
    site.sign_in(page, "ada")
    page.goto(f"/games/{game.pk}/")
    expect(page.locator("html[data-offline-ready]")).to_have_count(1)
    return page


def choose_winner_and_how(page, *, arrows_to_outcome: int) -> None:
    """The winner's first radio (player A) by Space; the outcome by the arrows from Knock."""
    tab_to(page, "form.hand-form input[name=winner]")
    page.keyboard.press("Space")
    page.keyboard.press("Tab")
    assert focused(page, "form.hand-form input[name=outcome]")
    page.keyboard.press("Space")  # Knock, the first
    for _ in range(arrows_to_outcome):
        page.keyboard.press("ArrowRight")


def pick_cards(page, picker: str, count: int) -> None:
    """In the picker, from its first card: Space, then → and Space, `count` cards in a row."""
    tab_to(page, f"{picker} [data-card]")
    for n in range(count):
        if n:
            page.keyboard.press("ArrowRight")
        page.keyboard.press("Space")


def enter_by_keyboard(page, number: int) -> None:
    tab_to(page, "form.hand-form button.wide")
    assert page.evaluate("document.activeElement.textContent").strip().endswith(str(number))
    page.keyboard.press("Enter")


def saved(game) -> list[tuple]:
    return list(Hand.objects.filter(game=game).order_by("number")
                .values_list("number", "winner", "outcome", "knocker_deadwood",
                             "defender_deadwood", "knocker_cards", "defender_cards"))


@pytest.mark.parametrize("phone", [True, False], ids=["phone", "laptop"])
def test_a_hand_from_its_counts_and_one_from_its_cards_are_entered_by_keyboard(site, phone):
    game, (a, _) = a_game()
    page = open_sheet(site, game, phone=phone)

    # Hand 1: Ada's knock, 5 against 30, from the deadwood counts.
    choose_winner_and_how(page, arrows_to_outcome=0)
    tab_to(page, "form.hand-form input[name=knocker_deadwood]")
    type_keys(page, "5")
    page.keyboard.press("Tab")
    assert focused(page, "form.hand-form input[name=defender_deadwood]")
    type_keys(page, "30")
    expect(page.locator("#hand-preview")).to_contain_text(f"Knock by {a}, 5 against 30")
    enter_by_keyboard(page, 1)
    expect(page.locator("ul.messages")).to_contain_text("Hand 1 entered.")

    # Hand 2: a gin from the cards, chosen in the picker: spades A to 10 against hearts A to 10.
    choose_winner_and_how(page, arrows_to_outcome=1)
    expect(page.locator("form.hand-form input[name=outcome][value=gin]")).to_be_checked()
    tab_to(page, "form.hand-form details.cards > summary")
    page.keyboard.press("Enter")
    expect(page.locator("form.hand-form details.cards")).to_have_attribute("open", "")
    pick_cards(page, "form.hand-form .card-picker[data-for=id_knocker_cards]", 10)
    expect(page.locator("#id_knocker_cards")).to_have_value("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S")
    expect(page.locator(".card-picker[data-for=id_knocker_cards] output")).to_have_text("10 cards")
    # One Tab leaves the picker: it is a single stop, its cards reached by the arrows.
    page.keyboard.press("Tab")
    assert focused(page, "#id_defender_cards")
    page.keyboard.press("Tab")
    page.keyboard.press("ArrowDown")  # from A♠ to A♥, the next suit
    for n in range(10):
        if n:
            page.keyboard.press("ArrowRight")
        page.keyboard.press("Space")
    expect(page.locator("#id_defender_cards")).to_have_value("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H")
    expect(page.locator("#hand-preview")).to_contain_text(f"Gin by {a}")
    screenshot(page, f"sheet-keyboard-cards-{'phone' if phone else 'laptop'}")
    enter_by_keyboard(page, 2)
    expect(page.locator("ul.messages")).to_contain_text("Hand 2 entered.")

    expect(page.locator("table.hands tbody tr")).to_have_count(2)
    rows = saved(game)
    assert rows[0] == (1, "A", "knock", 5, 30, "", "")
    assert rows[1][:3] == (2, "A", "gin")
    assert rows[1][5:] == ("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S", "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H")


def test_the_spanish_sheet_says_offline_in_spanish_what_waits_on_the_phone(site):
    game, (a, _) = a_game()
    page = open_sheet(site, game, language="es", phone=True)
    expect(page.locator("html")).to_have_attribute("lang", "es")
    expect(page.get_by_role("heading", level=1)).to_contain_text("Partida 1")
    waiting = page.locator("#sheet-queue")
    try:
        go_offline(page.context)
        choose_winner_and_how(page, arrows_to_outcome=0)
        tab_to(page, "form.hand-form input[name=points]")
        type_keys(page, "12")
        enter_by_keyboard(page, 1)
        expect(waiting).to_contain_text("1 mano aún sin enviar")
        expect(waiting).to_contain_text(f"Mano 1: {a}, cierre, 12 puntos")
        expect(waiting).to_contain_text("guardada en este teléfono; se enviará cuando vuelva la conexión")
        expect(page.get_by_role("button", name="Anotar la mano 2")).to_be_visible()
        screenshot(page, "sheet-offline-es-phone")

        reload_offline(page)  # the copy kept on the phone, in Spanish, and the hand still waiting
        expect(page.get_by_role("heading", level=1)).to_contain_text("Partida 1")
        expect(waiting).to_contain_text("1 mano aún sin enviar")
        assert saved(game) == []

        go_online(page.context)
        expect(waiting).to_contain_text("Enviado: mano 1, guardado en la hoja.", timeout=SOON)
        assert [row[:3] for row in saved(game)] == [(1, "A", "knock")]
    finally:
        go_online(page.context)


@pytest.mark.parametrize("language", ["es", "de"])
def test_the_sheet_in_longer_words_fits_the_phone_and_the_laptop(site, language):
    game, _ = a_game()
    user = game.match.entry_a.player.user
    for number, (winner, outcome, points) in enumerate(
            [("A", "knock", 12), ("B", "gin", 40), ("A", "undercut", 27)], start=1):
        record_hand(game.pk, HandEntry(outcome=outcome, winner=winner, points=points,
                                       expected_number=number), actor=user)
    page = open_sheet(site, game, language=language, phone=True)
    page.locator("form.hand-form details.cards > summary").click()
    for size, name in ((PHONE, "phone"), (LAPTOP, "laptop")):
        page.set_viewport_size(size)
        sticking_out = page.evaluate("""() => [...document.querySelectorAll(
                'main *, header *, footer *')].filter((e) => {
            const box = e.getBoundingClientRect();
            return box.width > 0 && (box.right > innerWidth + 1 || box.left < -1)
                && !e.closest('.table-scroll, .bracket-scroll');
        }).map((e) => e.tagName + '.' + e.className + ': ' + e.textContent.trim().slice(0, 40))""")
        assert sticking_out == []
        wide = page.evaluate("document.scrollingElement.scrollWidth - innerWidth")
        assert wide <= 0
        screenshot(page, f"sheet-{language}-{name}")
    expect(page.locator("html")).to_have_attribute("lang", language)
    words = {"es": ("Anotar la mano 4", "Mano nula"), "de": ("Hand 4 eintragen", "Totes Spiel")}
    expect(page.get_by_role("button", name=words[language][0])).to_be_visible()
    expect(page.locator("form.hand-form")).to_contain_text(re.compile(words[language][1]))
