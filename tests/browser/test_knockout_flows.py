"""An 8-player knockout created by the organizer and played through the pages: two players enter
a game on the scoresheet, one reports and the other confirms; the bracket advances and, once the
week is rated, so do the ratings. A disputed result is resolved by the club's organizer.

The first flow creates the knockout through the organizer's pages; the others set it up through
the services (create_competition, register_players, start_competition)."""

from __future__ import annotations

from dataclasses import replace
from datetime import timedelta

import pytest
from django.utils import timezone

from league.competitions.models import Competition
from league.ratings.services import close_rating_periods

from . import steps
from .club import knockout_club, riverside
from .conftest import screenshot
from .steps import expect

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.mark.follow_ups
def test_an_organizer_creates_a_knockout_and_a_confirmed_match_advances_bracket_and_ratings(
    site,
):
    setup = riverside()
    olga = site.open()
    site.sign_in_by_form(olga, "olga")
    steps.create_knockout(olga, "riverside", "Spring Knockout", list(setup.players))
    expect(olga.locator(".bracket-match")).to_have_count(7)
    screenshot(olga, "knockout-0-created-by-the-organizer")
    ko = replace(setup, competition=Competition.objects.get(name="Spring Knockout"))
    assert ko.opponent_of("Ada") == "Hal"  # seeds as listed: 1 v 8

    ada = site.open()
    site.sign_in(ada, "ada")
    steps.open_my_match(ada, "Hal")
    screenshot(ada, "knockout-1-match-before-play")
    steps.start_game(ada)
    steps.enter_hand(ada, 1, "Ada", "Gin", 60)
    steps.enter_hand(ada, 2, "Ada", "Knock", 45)
    expect(ada.get_by_role("heading", name="Ada wins game 1 by")).to_be_visible()
    screenshot(ada, "knockout-2-scoresheet-game-won")
    steps.back_to_match(ada)
    steps.report(ada)
    screenshot(ada, "knockout-3-match-reported")

    hal = site.open()
    site.sign_in(hal, "hal")
    steps.open_result_to_confirm(hal, "Ada")
    steps.confirm(hal)
    expect(hal.locator(".scoreboard .side.won")).to_contain_text("Ada")
    screenshot(hal, "knockout-4-match-confirmed")

    hal.goto(ko.competition.get_absolute_url())
    semi_finals = steps.bracket_round(hal, "Semi-finals")
    expect(semi_finals.locator(".bracket-match").first).to_contain_text("Ada")
    winners = steps.bracket_round(hal, "Quarter-finals").locator(".bracket-side.won")
    expect(winners.locator(".name")).to_contain_text(["Ada"])
    expect(winners.locator(".games")).to_have_text(["1"])
    screenshot(hal, "knockout-5-bracket-advanced")

    ada.goto(ko.players["Ada"].get_absolute_url())
    # The open week is rated at once, provisionally, until its period closes.
    expect(ada.locator("#rating-h + .rating-line")).to_contain_text("provisional")
    close_rating_periods(now=timezone.now() + timedelta(days=8))  # the hourly beat task
    ada.reload()
    expect(ada.locator("#rating-h + .rating-line .rating-badge")).not_to_contain_text("unrated")
    expect(ada.locator(".rating-chart svg")).to_be_visible()
    screenshot(ada, "knockout-6-player-rated")


def test_a_disputed_result_is_resolved_by_the_organizer(site):
    ko = knockout_club()
    bea = site.open()
    site.sign_in(bea, "bea")
    steps.open_my_match(bea, "Gus")
    steps.start_game(bea)
    steps.enter_hand(bea, 1, "Bea", "Gin", 110)
    steps.back_to_match(bea)
    steps.report(bea)

    gus = site.open()
    site.sign_in(gus, "gus")
    steps.open_result_to_confirm(gus, "Bea")
    steps.dispute(gus, "Bea's gin was 80, not 110.")
    expect(gus.locator(".report-line")).to_contain_text("Disputed")
    screenshot(gus, "dispute-1-disputed")

    olga = site.open()
    site.sign_in(olga, "olga")
    olga.goto("/")
    olga.get_by_role("region", name="Disputes to resolve").get_by_role("link").click()
    steps.resolve(olga, "Uphold the reported result", "Both agree the game was Bea's.")
    expect(olga.locator(".scoreboard .status-line")).to_contain_text("Confirmed")
    screenshot(olga, "dispute-2-resolved")

    olga.goto(ko.competition.get_absolute_url())
    expect(steps.bracket_round(olga, "Semi-finals")).to_contain_text("Bea")


def test_a_hand_entered_on_a_phone(site):
    knockout_club()
    cy = site.open(phone=True)
    site.sign_in(cy, "cy")
    steps.open_my_match(cy, "Fay")
    steps.start_game(cy)
    screenshot(cy, "phone-1-empty-scoresheet")
    steps.enter_hand(cy, 1, "Fay", "Knock", 18)
    expect(cy.locator(".scoreboard .big-number")).to_have_text(["0", "18"])
    width = cy.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the scoresheet is {width}px wide on a 390px phone"
    screenshot(cy, "phone-2-hand-entered")
