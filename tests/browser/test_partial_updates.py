"""With JavaScript, the round filter and the head-to-head select swap only their part of the page
(htmx) and keep the address in step, so the back button and a shared link show the same."""

from __future__ import annotations

import re

import pytest

from .club import knockout_club
from .conftest import screenshot
from .steps import expect

pytestmark = pytest.mark.django_db(transaction=True)


def mark_the_page(page) -> None:
    """A flag that survives a partial swap and is lost by a full page load."""
    page.evaluate("window.notReloaded = true")


def still_the_same_page(page) -> bool:
    return page.evaluate("window.notReloaded === true")


def test_the_round_filter_swaps_the_fixtures_only(site):
    ko = knockout_club()
    page = site.open()
    page.goto(ko.competition.get_absolute_url())
    mark_the_page(page)
    rounds = page.get_by_role("navigation", name="Rounds")
    expect(page.locator("#fixtures article")).to_have_count(1)  # the round being played
    rounds.get_by_role("link", name="All rounds").click()
    expect(page.locator("#fixtures article")).to_have_count(3)
    expect(page).to_have_url(re.compile(r"\?round=all$"))
    page.get_by_role("navigation", name="Rounds").get_by_role("link", name="Semi-finals").click()
    expect(page.locator("#fixtures article")).to_have_count(1)
    expect(page).to_have_url(re.compile(r"\?round=\d+$"))
    assert still_the_same_page(page)
    expect(page.get_by_role("link", name="Semi-finals")).to_have_attribute("aria-current", "page")
    page.go_back()
    expect(page.locator("#fixtures article")).to_have_count(3)


def test_choosing_an_opponent_shows_the_record_in_place(site):
    ko = knockout_club()
    ko.win_by_services("Cy")
    page = site.open()
    page.goto(ko.players["Fay"].get_absolute_url())
    mark_the_page(page)
    select = page.get_by_label("Opponent", exact=True)
    select.focus()
    select.select_option(label="Cy")
    expect(page.locator(".record")).to_contain_text("0–1 against Cy")
    expect(page).to_have_url(re.compile(rf"\?opponent={ko.players['Cy'].pk}$"))
    assert still_the_same_page(page)
    expect(select).to_be_focused()  # the select is outside the swapped part
    screenshot(page, "player-head-to-head")
