"""With JavaScript, the round filter and the head-to-head select swap only their part of the page
(htmx) and keep the address in step, so the back button and a shared link show the same."""

from __future__ import annotations

import re

import pytest

from league.competitions.models import Competition

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


def test_a_long_league_swaps_the_round_chosen_in_its_select(site):
    league = knockout_club(format=Competition.Format.LEAGUE, name="Winter League",
                           double_round_robin=True)  # 14 rounds
    page = site.open()
    page.goto(league.competition.get_absolute_url())
    mark_the_page(page)
    expect(page.locator("#fixtures h3")).to_have_text(re.compile(r"^Round 1 being played"))
    picker = page.get_by_label("Round", exact=True)
    picker.focus()  # as a keyboard user, who stays on the select after the swap
    picker.select_option(label="Round 9")
    expect(page.locator("#fixtures h3")).to_have_text("Round 9")
    expect(page).to_have_url(re.compile(r"\?round=\d+$"))
    assert still_the_same_page(page)
    expect(page.get_by_label("Round", exact=True)).to_be_focused()
    screenshot(page, "long-league-round-select")


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
