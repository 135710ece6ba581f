"""The organizer enters a Hollywood match from paper on a laptop and a phone: a hand refused and
its row marked, then the hands in one go, the columns derived; the result recorded at once."""

from __future__ import annotations

import pytest

from league.competitions.models import Competition, Match

from .club import knockout_club
from .conftest import screenshot
from .steps import expect

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.mark.parametrize("phone", [False, True], ids=["laptop", "phone"])
def test_organizer_enters_a_hollywood_match_hand_by_hand_from_paper(site, phone):
    setup = knockout_club(2, format=Competition.Format.LEAGUE, name="Hollywood Night")
    Competition.objects.filter(pk=setup.competition.pk).update(
        match_format=Competition.MatchFormat.HOLLYWOOD,
        hollywood={"columns": 3, "target": None, "winner_by": "total_points"})
    match = setup.competition.matches.select_related("entry_a__player").get(
        kind=Match.Kind.PLAYED)
    size = "phone" if phone else "laptop"
    olga = site.open(phone=phone)
    site.sign_in(olga, "olga")
    olga.goto(f"/matches/{match.pk}/paper/")
    expect(olga.get_by_role("heading", name="Hollywood game 1")).to_be_visible()
    name_a = match.entry_a.player.name
    rows = [("A", "gin", "30")] * 2 + [("B", "knock", "12"), ("", "dead_hand", "")] + \
        [("A", "gin", "30")] * 4
    rows[1] = ("A", "gin", "10")  # a gin below its bonus: refused
    for n, (winner, how, points) in enumerate(rows, start=1):
        if winner:
            olga.get_by_label(f"Hand {n}: who won").select_option(winner)
        olga.get_by_label(f"Hand {n}: how").select_option(how)
        if points:
            olga.get_by_label(f"Hand {n}: points").fill(points)
    olga.get_by_role("button", name="Enter the hands of game 1").click()
    expect(olga.locator(".form-errors")).to_contain_text("Hand 2:")
    screenshot(olga, f"paper-hollywood-refused-{size}")
    olga.get_by_label("Hand 2: points").fill("30")
    olga.get_by_role("button", name="Enter the hands of game 1").click()
    expect(olga.locator("#paper-body")).to_contain_text("columns won 3–0")
    screenshot(olga, f"paper-hollywood-entered-{size}")
    olga.get_by_role("button", name="Record").click()
    match.refresh_from_db()
    assert match.status == Match.Status.CONFIRMED
    assert match.winner.player.name == name_a
