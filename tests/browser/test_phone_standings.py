"""A Swiss standings table and a player's results on a phone (390x844): every cell in view,
nothing cut at the right and no sideways scrolling; on a laptop the standings keep one column
per figure."""

from __future__ import annotations

import pytest

from league.clubs.models import Player
from league.competitions.models import Competition

from .club import knockout_club
from .conftest import screenshot

pytestmark = pytest.mark.django_db(transaction=True)

BOX = "(el) => { const r = el.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; }"


def swiss_with_a_result():
    setup = knockout_club(8, format=Competition.Format.SWISS, name="Thursday Swiss",
                          swiss_rounds=3)
    setup.win_by_services("Ada")
    for player in Player.objects.filter(club=setup.club):
        Player.objects.filter(pk=player.pk).update(name=f"{player.name} Montgomery-Whitaker")
    return setup


def test_the_standings_fit_a_phone_with_nothing_cut_and_no_sideways_scroll(site):
    setup = swiss_with_a_result()
    page = site.open(phone=True)
    page.goto(f"/competitions/{setup.competition.pk}/")
    region = page.get_by_role("region", name="Standings table")
    region.scroll_into_view_if_needed()
    screenshot(page, "phone-standings-swiss")
    assert region.evaluate("(el) => el.scrollWidth <= el.clientWidth")
    right = region.evaluate(BOX)[2]
    for cell in region.locator("td, th").all():
        if cell.is_visible():
            assert cell.evaluate(BOX)[2] <= right + 0.5, cell.inner_text()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    # The tiebreaks are still there to read, beside the player's name.
    first = region.locator("tbody tr").first
    assert "Buchholz" in first.inner_text()


def test_the_standings_keep_a_column_per_figure_on_a_laptop(site):
    setup = swiss_with_a_result()
    page = site.open()
    page.goto(f"/competitions/{setup.competition.pk}/")
    screenshot(page, "laptop-standings-swiss")
    header = page.get_by_role("region", name="Standings table").locator("thead th")
    shown = [h.inner_text() for h in header.all() if h.is_visible()]
    assert "Buchholz" in shown and "Game pts" in shown


def test_a_players_results_fit_a_phone_with_nothing_cut(site):
    setup = knockout_club()
    setup.win_by_services("Ada")
    page = site.open(phone=True)
    page.goto(f"/players/{setup.players['Ada'].pk}/")
    region = page.get_by_role("region", name="Latest confirmed results")
    region.scroll_into_view_if_needed()
    screenshot(page, "phone-player-results")
    assert region.evaluate("(el) => el.scrollWidth <= el.clientWidth")
    right = region.evaluate(BOX)[2]
    for cell in region.locator("td").all():
        if cell.is_visible():
            assert cell.evaluate(BOX)[2] <= right + 0.5, cell.inner_text()
    assert region.get_by_role("link", name="Spring Knockout").is_visible()
