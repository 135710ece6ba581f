"""A player's pages on a phone (390x844): nothing wider than the screen, a match's state beside
its players in a list, and each game's scoresheet link in view on the match page."""

from __future__ import annotations

import pytest

from league.clubs.models import Player

from .club import knockout_club
from .conftest import screenshot

pytestmark = pytest.mark.django_db(transaction=True)

BOX = "(el) => { const r = el.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; }"


def box(locator) -> list[float]:
    return locator.evaluate(BOX)


def fits(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]


def test_a_matchs_state_stays_beside_long_names_in_a_list(site):
    setup = knockout_club()
    match = setup.match_of("Bea")
    Player.objects.filter(pk=match.entry_a.player_id).update(name="Bartholomew Fitzwilliam")
    Player.objects.filter(pk=match.entry_b.player_id).update(name="Maximiliana Oyelaran")
    page = site.open(phone=True)
    site.sign_in(page, "bea")
    page.goto("/")
    line = page.locator("a.match-line", has_text="Fitzwilliam").first
    screenshot(page, "phone-home-long-names")
    players, state = box(line.locator(".players")), box(line.locator(".result"))
    assert state[1] < players[3] and state[3] > players[1]  # on the names' rows, not below
    assert state[0] >= players[2]  # to their right
    assert fits(page)


def test_the_scoresheet_of_each_game_is_in_view_on_the_match_page(site):
    setup = knockout_club()
    match = setup.win_by_services("Ada")
    page = site.open(phone=True)
    site.sign_in(page, "ada")
    for url in ("/", f"/clubs/{setup.club.slug}/", f"/competitions/{setup.competition.pk}/",
                f"/players/{setup.players['Ada'].pk}/", f"/matches/{match.pk}/"):
        page.goto(url)
        assert fits(page), url
    screenshot(page, "phone-match-played")
    link = page.get_by_role("link", name="Scoresheet of game 1")
    scroller = box(page.locator(".games-table").locator("xpath=.."))
    assert box(link)[2] <= scroller[2]
    assert "To be played by" not in page.content()


@pytest.mark.follow_ups  # the chart is drawn from the ratings a confirmed result sets off
def test_the_rating_charts_labels_are_readable_on_a_phone(site):
    setup = knockout_club()
    setup.win_by_services("Ada")
    page = site.open(phone=True)
    page.goto(f"/players/{setup.players['Ada'].pk}/")
    labels = page.locator(".rating-chart svg text")
    assert labels.count() >= 3
    screenshot(page, "phone-rating-chart")
    for label in labels.all():
        assert box(label)[3] - box(label)[1] >= 12  # a line of text at least 12 pixels high
    chart = box(page.locator(".rating-chart svg"))
    for label in labels.all():
        left, _, right, _ = box(label)
        assert left >= chart[0] - 1 and right <= chart[2] + 1  # and none is cut at the edge


def test_the_brackets_connector_lines_never_run_over_a_box(site):
    setup = knockout_club()
    for player in Player.objects.filter(club=setup.club):
        Player.objects.filter(pk=player.pk).update(name=f"{player.name} Montgomery-Whitaker")
    page = site.open()
    page.goto(f"/competitions/{setup.competition.pk}/")
    screenshot(page, "bracket-long-names")
    rounds = page.locator(".bracket-round").all()
    assert len(rounds) >= 2
    for column in rounds:
        # the lines run in a round's right padding: its boxes stay left of it, whatever the names
        padding = column.evaluate("(el) => parseFloat(getComputedStyle(el).paddingRight)")
        for match in column.locator(".bracket-match").all():
            assert box(match)[2] <= box(column)[2] - padding + 0.5


def test_the_hands_and_history_tables_fit_a_phone_with_nothing_cut(site):
    setup = knockout_club()
    match = setup.win_by_services("Ada")
    page = site.open(phone=True)
    site.sign_in(page, "ada")
    game = match.games.get()
    for url, table in ((f"/matches/{match.pk}/", "History table"),
                       (f"/games/{game.pk}/", None)):
        page.goto(url)
        boxes = (page.get_by_role("region", name=table) if table
                 else page.locator(".table-scroll").filter(has=page.locator("table.hands")))
        screenshot(page, f"phone-table-{'history' if table else 'hands'}")
        scroller = box(boxes)
        for cell in boxes.locator("td").all():
            if cell.is_visible():
                assert box(cell)[2] <= scroller[2] + 0.5, (url, cell.inner_text())
