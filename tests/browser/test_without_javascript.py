"""Every page works without JavaScript: a hand entered on the scoresheet (a plain form post and a
redirect), the round filter (links), the head-to-head record (a form with a button). And the
keyboard: the skip link is the first stop and takes the reader to the content."""

from __future__ import annotations

import re

import pytest

from league.competitions.models import Competition

from . import steps
from .club import knockout_club
from .conftest import screenshot
from .steps import expect

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_hand_is_entered_without_javascript(site):
    knockout_club()
    dot = site.open(javascript=False)
    site.sign_in(dot, "dot")
    steps.open_my_match(dot, "Eve")
    steps.start_game(dot)
    # the card picker needs JavaScript; the text inputs do not
    expect(dot.locator(".card-picker").first).to_be_hidden()
    steps.enter_hand(dot, 1, "Eve", "Undercut", 33)
    expect(dot).to_have_url(re.compile(r"/games/\d+/$"))
    expect(dot.locator(".scoreboard .big-number")).to_have_text(["0", "33"])
    screenshot(dot, "no-js-1-hand-entered")


def test_a_refused_hand_keeps_what_was_typed_without_javascript(site):
    knockout_club()
    dot = site.open(javascript=False)
    site.sign_in(dot, "dot")
    steps.open_my_match(dot, "Eve")
    steps.start_game(dot)
    form = dot.locator("form.hand-form")
    form.locator("label.choice").filter(has_text=re.compile("^Dot$")).click()
    form.locator("label.choice").filter(has_text=re.compile("^Gin$")).click()
    form.get_by_label("Points").fill("5")
    form.get_by_role("button", name="Enter hand 1").click()
    expect(dot.locator(".has-error .errorlist")).to_contain_text("A gin is worth at least 25")
    expect(form.get_by_label("Points")).to_have_value("5")
    expect(dot.get_by_role("radio", name="Gin", exact=True)).to_be_checked()
    screenshot(dot, "no-js-2-hand-refused")


def test_the_round_filter_and_head_to_head_work_without_javascript(site):
    ko = knockout_club()
    page = site.open(javascript=False)
    page.goto(ko.competition.get_absolute_url())
    page.get_by_role("navigation", name="Rounds").get_by_role("link", name="Semi-finals").click()
    expect(page).to_have_url(re.compile(r"\?round=\d+"))
    expect(page.locator("#fixtures article")).to_have_count(1)
    expect(page.locator("#fixtures h3")).to_contain_text("Semi-finals")

    ada, hal = ko.players["Ada"], ko.players["Hal"]
    page.goto(ada.get_absolute_url())
    expect(page.get_by_text("No opponent met yet")).to_be_visible()
    ko.win_by_services("Ada")
    page.reload()
    page.get_by_label("Opponent").select_option(label="Hal")
    page.get_by_role("button", name="Show the record").click()
    expect(page).to_have_url(re.compile(rf"\?opponent={hal.pk}"))
    expect(page.locator(".record")).to_contain_text("1–0 against Hal")


def test_a_long_leagues_round_select_works_without_javascript(site):
    league = knockout_club(format=Competition.Format.LEAGUE, name="Winter League",
                           double_round_robin=True)  # 14 rounds
    page = site.open(javascript=False)
    page.goto(league.competition.get_absolute_url())
    page.get_by_label("Round", exact=True).select_option(label="Round 12")
    page.get_by_role("button", name="Show the round").click()
    expect(page).to_have_url(re.compile(r"\?round=\d+#fixtures-h$"))
    expect(page.locator("#fixtures h3")).to_have_text("Round 12")


def test_the_skip_link_is_the_first_stop_of_the_keyboard(site):
    knockout_club()
    page = site.open()
    page.goto("/")
    page.keyboard.press("Tab")
    skip = page.get_by_role("link", name="Skip to content")
    expect(skip).to_be_focused()
    expect(skip).to_be_in_viewport()
    assert page.evaluate("getComputedStyle(document.activeElement).outlineStyle") != "none"
    page.keyboard.press("Enter")
    expect(page).to_have_url(re.compile("#main$"))
