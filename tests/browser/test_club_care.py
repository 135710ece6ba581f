"""The organizer's care of the club in a browser, on a laptop and on a phone: a player's page
(rename, retire, merge), the new-competition form showing only the chosen format's options
(all of them, grouped, without JavaScript), the sign-ups, a request to join. A screenshot of
every page (SHOTS)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from league.clubs.models import JoinRequest, Player
from league.competitions.entries.sign_ups import open_registration
from league.competitions.models import Competition
from tests.factories import (
    ClubFactory,
    CompetitionFactory,
    PlayerFactory,
    SeasonFactory,
    UserFactory,
)

from .conftest import screenshot
from .steps import expect

pytestmark = pytest.mark.django_db(transaction=True)
SHOTS = Path(os.environ.get("CLUB_CARE_SHOTS", Path(__file__).resolve().parents[2]
                            / "test-output" / "club-care"))


def shot(page, size: str, step: str) -> None:
    screenshot(page, f"{size}-{step}", SHOTS)


@pytest.fixture
def club():
    club = ClubFactory(name="Harbour Gin Club", slug="harbour")
    club.organizers.add(UserFactory(username="olive"))
    season = SeasonFactory(club=club, name="2026")
    PlayerFactory(club=club, name="Ann Archer", user=None)
    PlayerFactory(club=club, name="A. Archer", user=None)
    PlayerFactory(club=club, name="Bob Baker", user=UserFactory(username="bob"))
    swiss = CompetitionFactory(season=season, name="Summer Swiss", status="draft",
                               format=Competition.Format.SWISS, swiss_rounds=3)
    open_registration(swiss.pk, actor=club.organizers.get(), cap=16)
    JoinRequest.objects.create(club=club, user=UserFactory(username="nora"), name="Nora North")
    return club


@pytest.mark.parametrize("phone", [False, True], ids=["1280x900", "390x844"])
def test_the_organizer_cares_for_players_and_competitions(site, club, phone):
    size = "390x844" if phone else "1280x900"
    page = site.open(phone=phone)
    site.sign_in(page, "olive")
    page.goto("/clubs/harbour/manage/")
    shot(page, size, "01-dashboard-join-request")
    page.get_by_role("button", name="Accept Nora North").click()
    expect(page.get_by_text("Nora North is a player of Harbour Gin Club.")).to_be_visible()

    page.get_by_role("link", name="Rename, merge, retire Ann Archer").click()
    shot(page, size, "02-player")
    page.get_by_label("New name").fill("bob baker")
    page.get_by_role("button", name="Rename").click()
    expect(page.get_by_text("already has a player called bob baker")).to_be_visible()
    shot(page, size, "03-player-rename-clash")
    page.get_by_label("The other record of this person").select_option(label="A. Archer")
    page.get_by_label("I am sure: these are the same person").check()
    page.get_by_role("button", name="Merge into Ann Archer").click()
    expect(page.get_by_text("A. Archer is merged into Ann Archer")).to_be_visible()
    page.get_by_role("button", name="Retire Ann Archer").click()
    expect(page.get_by_text("Ann Archer is retired")).to_be_visible()
    shot(page, size, "04-player-retired")
    assert not Player.objects.filter(name="A. Archer").exists()

    page.goto("/clubs/harbour/competitions/new/")
    swiss_options = page.locator('fieldset[data-format="swiss"]')
    league_options = page.locator('fieldset[data-format="league"]')
    expect(swiss_options).to_be_hidden()
    expect(league_options).to_be_visible()
    page.get_by_label("Swiss", exact=True).check()
    expect(swiss_options).to_be_visible()
    expect(league_options).to_be_hidden()
    shot(page, size, "05-new-competition-swiss")

    swiss = Competition.objects.get(name="Summer Swiss")
    page.goto(f"/competitions/{swiss.pk}/entries/")
    shot(page, size, "06-entries-sign-ups")
    page.goto(f"/competitions/{swiss.pk}/edit/")
    shot(page, size, "07-edit-draft")


@pytest.mark.parametrize("phone", [False, True], ids=["1280x900", "390x844"])
def test_a_player_signs_up(site, club, phone):
    size = "390x844" if phone else "1280x900"
    page = site.open(phone=phone)
    site.sign_in(page, "bob")
    swiss = Competition.objects.get(name="Summer Swiss")
    page.goto(f"/competitions/{swiss.pk}/")
    page.get_by_role("link", name="Sign up or withdraw").click()
    page.get_by_role("button", name="Enter as Bob Baker").click()
    expect(page.get_by_text("You are entered as Bob Baker.")).to_be_visible()
    shot(page, size, "08-signed-up")
    page.goto("/clubs/harbour/join/")
    shot(page, size, "09-join-as-a-player")


def test_without_javascript_every_formats_options_show_under_its_name(site, club):
    page = site.open(javascript=False)
    site.sign_in(page, "olive")
    page.goto("/clubs/harbour/competitions/new/")
    for name in ("League (round robin)", "Single elimination", "Double elimination", "Swiss"):
        expect(page.locator("fieldset.format-options legend", has_text=name)).to_be_visible()
    shot(page, "1280x900", "10-new-competition-without-js")
