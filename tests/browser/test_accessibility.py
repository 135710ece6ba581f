"""axe-core (vendored, tests/browser/vendor) run inside the main pages, on a laptop and on a phone:
no "serious" or "critical" violation. Each page is also saved as a screenshot to look at.

The state is built through the services (the flows test drives the same steps in the browser)."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest
from django.test import TestCase
from django.urls import reverse
from django.utils import timezone

from league.competitions.formats.competitions import create_competition, register_players
from league.competitions.formats.draws import start_competition
from league.competitions.models import Competition
from league.competitions.results.services import confirm_result, report_result
from league.games.services import HandEntry, record_hand, start_game
from league.ratings.services import close_rating_periods
from league.stats.services import SeriesSettings, create_series

from .club import knockout_club
from .conftest import screenshot

pytestmark = pytest.mark.django_db(transaction=True)
AXE = Path(__file__).resolve().parent / "vendor" / "axe.min.js"
BLOCKING = ("serious", "critical")


def with_axe(page):
    """The page, with axe loaded into every document its context opens from now on (sent to the
    browser once, instead of once per page checked)."""
    page.context.add_init_script(path=str(AXE))
    return page


def violations(page) -> list[dict]:
    """axe's serious and critical violations of the page as it is now."""
    if not page.evaluate("typeof axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    found = page.evaluate(
        """async () => (await axe.run(document, {resultTypes: ["violations"]})).violations
             .map(v => ({id: v.id, impact: v.impact, help: v.help,
                         nodes: v.nodes.slice(0, 3).map(n => n.target.join(" "))}))"""
    )
    return [v for v in found if v["impact"] in BLOCKING]


def check(page, url: str, name: str) -> None:
    page.goto(url)
    screenshot(page, name)
    found = violations(page)
    assert not found, f"{url}: " + "; ".join(
        f"{v['id']} ({v['impact']}): {v['help']} at {v['nodes']}" for v in found
    )


def play_hands(match, actor, hands: list[tuple[str, str, int]]):
    game = start_game(match.pk, actor=actor)
    for number, (winner, outcome, points) in enumerate(hands, start=1):
        record_hand(game.pk, HandEntry(outcome, winner, points, expected_number=number),
                    actor=actor)
    return game


@pytest.fixture
def season_under_way(live_server):
    """The knockout with Ada v Hal confirmed and rated, Bea v Gus being played (a hand on its
    scoresheet), a league of four of the players and a double elimination of six (with byes)."""
    ko = knockout_club()
    ada, hal = ko.players["Ada"].user, ko.players["Hal"].user
    first = ko.match_of("Ada")
    play_hands(first, ada, [("A", "gin", 60), ("A", "knock", 45)])
    with TestCase.captureOnCommitCallbacks(execute=True):
        report_result(first.pk, actor=ada)
        confirm_result(first.pk, actor=hal)
    second = ko.match_of("Bea")
    game = play_hands(second, ko.players["Bea"].user, [("B", "knock", 21)])
    league = create_competition(ko.competition.season, actor=ko.organizer, name="Winter League",
                                format=Competition.Format.LEAGUE)
    register_players(league, list(ko.players.values())[:4], actor=ko.organizer)
    start_competition(league.pk, actor=ko.organizer)
    double = create_competition(ko.competition.season, actor=ko.organizer, name="Double Cup",
                                format=Competition.Format.DOUBLE_ELIMINATION)
    register_players(double, list(ko.players.values())[:6], actor=ko.organizer)
    start_competition(double.pk, actor=ko.organizer)
    close_rating_periods(now=timezone.now() + timedelta(days=8))
    return ko, league, double, first, game


@pytest.mark.parametrize("phone", [False, True], ids=["laptop", "phone"])
def test_the_main_pages_have_no_serious_accessibility_violations(site, season_under_way, phone):
    ko, league, double, played, game = season_under_way
    size = "phone" if phone else "laptop"
    visitor = with_axe(site.open(phone=phone, bypass_csp=True))
    check(visitor, "/accounts/login/", f"a11y-{size}-sign-in")
    check(visitor, "/", f"a11y-{size}-home-visitor")
    bea = with_axe(site.open(phone=phone, bypass_csp=True))
    site.sign_in(bea, "bea")
    check(bea, "/", f"a11y-{size}-home")
    check(bea, ko.club.get_absolute_url(), f"a11y-{size}-club")
    check(bea, ko.competition.get_absolute_url(), f"a11y-{size}-knockout")
    check(bea, league.get_absolute_url(), f"a11y-{size}-league")
    check(bea, double.get_absolute_url(), f"a11y-{size}-double-elimination")
    check(bea, played.get_absolute_url(), f"a11y-{size}-match-confirmed")
    check(bea, game.match.get_absolute_url(), f"a11y-{size}-match-in-play")
    check(bea, game.get_absolute_url(), f"a11y-{size}-scoresheet")
    check(bea, f"/games/{game.pk}/hands/2/rulings/", f"a11y-{size}-table-rulings")
    check(bea, f"/games/{game.pk}/hands/2/rulings/illegal_knock/?problem=over_limit&seat=B"
               "&choice=accept&knocker_deadwood=12&defender_deadwood=23",
          f"a11y-{size}-table-ruling-illegal-knock")
    opponent = ko.players["Hal"].pk
    check(bea, ko.players["Ada"].get_absolute_url() + f"?opponent={opponent}",
          f"a11y-{size}-player")
    check(bea, reverse("player-stats", args=[ko.players["Ada"].pk]), f"a11y-{size}-statistics")
    check(bea, reverse("club-records", args=[ko.club.slug]) + "?min_hands=1",
          f"a11y-{size}-records")
    series = create_series(ko.competition.season_id, SeriesSettings(
        f"Merit {size}", "matches", [ko.competition.pk, league.pk]), actor=ko.organizer)
    check(bea, series.get_absolute_url(), f"a11y-{size}-series")


def test_the_check_finds_what_it_looks_for(site, db):
    """A page with an unlabelled input and an image without alt text fails the check."""
    page = site.open()
    page.set_content('<html lang="en"><title>Bad</title><main><img src="data:,">'
                     '<input type="text"></main></html>')
    assert {v["id"] for v in violations(page)} >= {"image-alt", "label"}
