"""A reader changes the site's language from the menu at the foot of any page, by keyboard, and
comes back to the page he was on; a signed-in reader's larger text makes every page larger."""

from __future__ import annotations

import pytest

from tests.factories import UserFactory

from .conftest import screenshot
from .steps import expect

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.mark.parametrize("phone", [True, False], ids=["phone", "laptop"])
def test_the_language_menu_changes_the_language_by_keyboard(site, phone):
    page = site.open(phone=phone)
    page.goto("/rules/")
    menu = page.get_by_label("Language")
    menu.focus()
    page.keyboard.press("End")  # Deutsch, the last language offered
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    expect(page).to_have_url(f"{site.url}/rules/")
    expect(page.locator("html")).to_have_attribute("lang", "de")
    expect(page.get_by_role("navigation", name="Hauptmenü")).to_contain_text("Regeln")
    screenshot(page, f"language-menu-de-{'phone' if phone else 'laptop'}")


@pytest.mark.parametrize("phone", [True, False], ids=["phone", "laptop"])
def test_larger_text_chosen_once_makes_every_page_larger(site, phone):
    UserFactory(username="ada")
    page = site.open(phone=phone)
    site.sign_in(page, "ada")
    body_size = "() => getComputedStyle(document.body).fontSize"
    assert page.evaluate(body_size) == "16px"
    page.goto("/accounts/preferences/")
    page.get_by_label("Larger text on every page").check()
    page.get_by_role("button", name="Save").click()
    expect(page.locator(".message, .messages").first).to_contain_text("saved")
    assert page.evaluate(body_size) == "20px"
    screenshot(page, f"reading-preferences-{'phone' if phone else 'laptop'}")
    page.goto("/rules/")
    assert page.evaluate(body_size) == "20px"
