"""A newcomer's whole way in, on a laptop and on a phone: sign up, confirm the email from the
mail, start a club, paste twelve players, create a round-robin league, start it, see its
fixtures. A screenshot of every page of the way (SHOTS)."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from django.core import mail

from league.clubs.models import Club
from league.competitions.models import Match

from .conftest import screenshot
from .steps import expect

pytestmark = pytest.mark.django_db(transaction=True)
SHOTS = Path(os.environ.get("JOURNEY_SHOTS", Path(__file__).resolve().parents[2]
                            / "test-output" / "journey"))
PLAYERS = ["Ann Archer", "Bob Baker", "Cat Carver", "Dan Dyer", "Eve Evans", "Fay Fisher",
           "Gus Glover", "Hal Hunter", "Ivy Inman", "Jo Joiner", "Kit Keeper", "Lu Lander"]


def shot(page, size: str, step: str) -> None:
    screenshot(page, f"{size}-{step}", SHOTS)


@pytest.mark.parametrize("phone", [False, True], ids=["1280x900", "390x844"])
def test_a_newcomer_starts_a_club_and_its_first_league(site, phone):
    size = "390x844" if phone else "1280x900"
    page = site.open(phone=phone)

    page.goto("/")
    shot(page, size, "01-home")
    page.get_by_role("link", name="Sign up to start a club").click()
    page.get_by_label("Email").fill("sec@example.org")
    page.get_by_label("Username").fill("secretary")
    page.get_by_label("Password", exact=True).fill("gin-and-big-gin-31")
    page.get_by_label("Password (again)").fill("gin-and-big-gin-31")
    shot(page, size, "02-sign-up")
    page.get_by_role("button", name="Sign up").click()

    # The confirmation mail: its link, opened and confirmed.
    link = re.search(r"https?://[^/\s]+(/accounts/confirm-email/\S+/)", mail.outbox[-1].body)
    page.goto(link.group(1))
    shot(page, size, "03-confirm-email")
    page.get_by_role("button", name="Confirm").click()

    page.goto("/clubs/new/")
    page.get_by_label("Club name").fill("Tuesday Gin")
    page.get_by_label("Short description").fill("Tuesdays at eight, at the library.")
    page.get_by_label("Time zone").select_option("Europe/London")
    shot(page, size, "04-start-a-club")
    page.get_by_role("button", name="Start the club").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Organize Tuesday Gin")
    expect(page.get_by_role("link", name="Organize", exact=True)).to_be_visible()
    shot(page, size, "05-organize-empty")

    page.get_by_role("link", name=re.compile("^Add many players")).click()
    page.get_by_label("Players, one a line").fill("\n".join(PLAYERS))
    page.get_by_role("button", name="Show what will be added").click()
    expect(page.get_by_role("heading", name="To be added (12)")).to_be_visible()
    shot(page, size, "06-players-preview")
    page.get_by_role("button", name="Add 12 players").click()
    expect(page.get_by_text("12 players added to Tuesday Gin.")).to_be_visible()

    page.get_by_role("link", name="New competition").first.click()
    page.get_by_label("Name", exact=True).fill("Winter League")
    page.get_by_label("New season's name").fill("2026")
    page.locator("label.choice").filter(has_text="League (round robin)").click()
    shot(page, size, "07-new-league")
    page.get_by_role("button", name="Create the competition").click()
    expect(page.get_by_role("heading", level=1)).to_contain_text("Entries: Winter League")
    for player in PLAYERS:
        page.get_by_role("checkbox", name=player, exact=True).check()
    page.get_by_role("button", name="Enter the ticked players").click()
    expect(page.get_by_role("heading", name=re.compile("^Entered"))).to_contain_text("(12)")
    shot(page, size, "08-entries")
    page.get_by_role("button", name="Start Winter League").click()
    expect(page.get_by_role("heading", level=1)).to_contain_text("Winter League")
    shot(page, size, "09-league-fixtures")

    club = Club.objects.get(name="Tuesday Gin")
    assert club.organizers.get().username == "secretary"
    # A round robin of twelve: each plays the eleven others once.
    assert Match.objects.filter(competition__season__club=club).count() == 66
    expect(page.get_by_text("Ann Archer").first).to_be_visible()
