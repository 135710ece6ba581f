"""The organizer corrects hand 2 of a disputed game on a phone: from the scoresheet's Edit, the
form prefilled with the hand and the player's flag beside it; saved, the game is scored again
and the match's history shows the hand before and after."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from league.competitions.results.services import dispute_result, report_result
from league.games.services import HandEntry, record_hand, start_game
from league.games.services.flags import flag_hand

from .club import knockout_club
from .conftest import screenshot
from .steps import expect

pytestmark = pytest.mark.django_db(transaction=True)

SHOTS = Path("/work/wt/shots13b")
HANDS = [("B", 20), ("A", 50), ("B", 10), ("A", 60)]  # A reaches 110 at hand 4


def keep(page, name: str) -> None:
    path = screenshot(page, name)
    if path is not None and SHOTS.is_dir():
        shutil.copy(path, SHOTS / path.name)


def disputed_game(setup):
    match = setup.competition.matches.filter(key="W1-0").select_related(
        "entry_a__player", "entry_b__player").get()
    player_a, player_b = match.entry_a.player.user, match.entry_b.player.user
    game = start_game(match.pk, actor=player_a)
    for number, (winner, points) in enumerate(HANDS, start=1):
        record_hand(game.pk, HandEntry("knock", winner, points, expected_number=number),
                    actor=player_a)
    flag_hand(game.hands.get(number=2).pk, actor=player_b, reason="My gin for 90, not A's 50")
    report_result(match.pk, actor=player_a)
    dispute_result(match.pk, actor=player_b, comment="Hand 2 was my gin")
    return match, game


@pytest.mark.parametrize("phone", [True, False], ids=["phone", "laptop"])
def test_organizer_corrects_hand_2_of_a_disputed_game(site, phone):
    setup = knockout_club(4)
    match, game = disputed_game(setup)
    name_b = match.entry_b.player.name
    size = "phone" if phone else "laptop"

    olga = site.open(phone=phone)
    site.sign_in(olga, "olga")
    olga.goto(f"/clubs/{setup.club.slug}/manage/")
    expect(olga.locator("#flagged-hands")).to_contain_text("My gin for 90, not A's 50")
    keep(olga, f"hands-1-dashboard-flag-{size}")

    olga.goto(f"/games/{game.pk}/")
    expect(olga.locator("#hand-2")).to_contain_text("My gin for 90")
    keep(olga, f"hands-2-scoresheet-{size}")
    olga.get_by_role("link", name="Edit hand 2").click()
    expect(olga.get_by_role("heading", level=1)).to_contain_text("Correct hand 2")
    expect(olga.get_by_label("Points")).to_have_value("50")
    keep(olga, f"hands-3-form-prefilled-{size}")

    olga.locator("label", has_text=name_b).first.click()
    olga.locator("label", has_text=re.compile(r"^Gin$")).click()
    olga.get_by_label("Points").fill("90")
    olga.get_by_label("Why is the hand corrected?").fill("B's gin, both players agree")
    olga.get_by_role("button", name="Save the correction").click()
    expect(olga).to_have_url(re.compile(rf"/games/{game.pk}/"))
    expect(olga.get_by_role("status")).to_contain_text("Hand 2 corrected")
    expect(olga.locator(".scoreboard")).to_contain_text("110")
    keep(olga, f"hands-4-corrected-{size}")

    olga.goto(f"/matches/{match.pk}/")
    history = olga.locator("#history-h + *")
    expect(history).to_contain_text("A knock, 50 points")
    expect(history).to_contain_text("B gin, 90 points")
    keep(olga, f"hands-5-history-{size}")
    # The phone's page keeps to its width: nothing scrolls sideways but the tables' own boxes.
    width = olga.evaluate("document.documentElement.scrollWidth")
    assert width <= (390 if phone else 1280)
