"""The organizer enters a club night's results from paper, on a phone: players without accounts,
each match's game from its final totals, the result counting at once and the bracket moving."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from league.clubs.models import Player
from league.competitions.models import Match

from .club import knockout_club
from .conftest import screenshot
from .steps import expect

pytestmark = pytest.mark.django_db(transaction=True)

SHOTS = Path("/work/wt/shots13")


def keep(page, name: str) -> None:
    path = screenshot(page, name)
    if path is not None and SHOTS.is_dir():
        shutil.copy(path, SHOTS / path.name)


@pytest.mark.parametrize("phone", [True, False], ids=["phone", "laptop"])
def test_organizer_enters_a_match_from_its_paper_totals(site, phone):
    setup = knockout_club(4)
    Player.objects.filter(club=setup.club).update(user=None)
    match = setup.competition.matches.filter(key="W1-0").select_related(
        "entry_a__player", "entry_b__player").get()
    name_a, name_b = match.entry_a.player.name, match.entry_b.player.name
    size = "phone" if phone else "laptop"

    olga = site.open(phone=phone)
    site.sign_in(olga, "olga")
    olga.goto(f"/competitions/{setup.competition.pk}/manage/")
    olga.get_by_role("link", name="From paper").first.click()
    expect(olga.get_by_role("heading", level=1)).to_have_text("From a paper scoresheet")
    keep(olga, f"paper-1-empty-{size}")

    olga.get_by_label(f"{name_a}'s points").fill("90")
    olga.get_by_label(f"{name_b}'s points").fill("40")
    olga.get_by_label("Hands played").fill("6")
    olga.get_by_role("button", name="Enter the totals of game 1").click()
    expect(olga.locator(".errorlist")).to_contain_text("Nobody reached 100")
    keep(olga, f"paper-2-refused-{size}")

    olga.get_by_label(f"{name_a}'s points").fill("104")
    olga.get_by_role("button", name="Enter the totals of game 1").click()
    expect(olga.get_by_role("status")).to_contain_text("Game 1 entered: 104–40 in 6 hands.")
    keep(olga, f"paper-3-game-entered-{size}")

    olga.get_by_role("button", name="Record 1–0").click()
    expect(olga).to_have_url(re.compile(rf"/matches/{match.pk}/$"))
    expect(olga.get_by_role("status")).to_contain_text("it counts at once")
    expect(olga.locator(".scoreboard .side.won")).to_contain_text(name_a)
    keep(olga, f"paper-4-match-confirmed-{size}")

    match.refresh_from_db()
    assert match.status == Match.Status.CONFIRMED
    final = setup.competition.matches.get(key="W2-0")
    assert match.entry_a_id in (final.entry_a_id, final.entry_b_id)
