"""The pairings of a 24-player Swiss round printed to PDF by Chromium: one sheet, twelve tables,
none of the site's header; and the printed pages and notifications as they look."""

from __future__ import annotations

import io
import shutil
from pathlib import Path

import pytest
from pypdf import PdfReader

from league.clubs.models import Player
from league.competitions.formats.competitions import create_competition, register_players
from league.competitions.formats.draws import start_competition
from league.competitions.models import Competition
from league.notifications.models import Kind, Notification

from .club import riverside
from .conftest import screenshot

pytestmark = pytest.mark.django_db(transaction=True)

SHOTS = Path("/work/wt/shots14b")
# Twenty-four names long enough to test the line width of a printed table.
NAMES = [f"{first} {last}" for first, last in zip(
    ["Adelaide", "Bartholomew", "Cordelia", "Desmond", "Evangeline", "Fitzgerald", "Gwendolyn",
     "Horatio", "Isadora", "Jeremiah", "Katharina", "Leopold", "Maximilian", "Nathaniel",
     "Ophelia", "Percival", "Quentin", "Rosalind", "Sebastian", "Theodora", "Ulysses",
     "Valentina", "Wilhelmina", "Xavier"],
    ["Abernathy", "Blackwood", "Castellanos", "Devereaux", "Ellingsworth", "Fairweather",
     "Grimaldi", "Hollingsworth", "Ingersoll", "Jablonski", "Kowalczyk", "Lindqvist",
     "Montgomery", "Nakamura", "Oyelaran", "Pennington", "Quarterman", "Rasmussen",
     "Szczepanski", "Thorvaldsen", "Underwood", "Vanderbilt", "Whitcombe", "Yamamoto"],
    strict=True)]


def keep(page, name: str) -> None:
    path = screenshot(page, name)
    if path is not None and SHOTS.is_dir():
        shutil.copy(path, SHOTS / path.name)


@pytest.fixture
def swiss():
    setup = riverside(0)
    competition = create_competition(setup.club.seasons.get(), actor=setup.organizer,
                                     name="Thursday Swiss", format=Competition.Format.SWISS,
                                     swiss_rounds=5)
    players = [Player.objects.create(club=setup.club, name=n) for n in NAMES]
    register_players(competition, players, actor=setup.organizer)
    start_competition(competition.pk, actor=setup.organizer)
    return setup, competition


def test_the_pairings_of_24_players_print_on_one_sheet(site, swiss):
    _, competition = swiss
    round_ = competition.rounds.get(number=1)
    page = site.open()
    page.goto(f"/rounds/{round_.pk}/print/")
    pdf = PdfReader(io.BytesIO(page.pdf(format="A4")))
    assert len(pdf.pages) == 1
    printed = pdf.pages[0].extract_text()
    assert all(name in printed for name in NAMES)
    assert "Table" in printed and "12" in printed
    for chrome in ("Gin League:", "Sign in", "Rulings", "Print this page"):
        assert chrome not in printed


@pytest.mark.parametrize("phone", [False, True], ids=["laptop", "phone"])
def test_the_printed_pages_and_notifications_as_they_look(site, swiss, phone):
    setup, competition = swiss
    round_ = competition.rounds.get(number=1)
    match = round_.matches.order_by("pk").first()
    size = "phone" if phone else "laptop"
    page = site.open(phone=phone)
    for url, name in ((f"/rounds/{round_.pk}/print/", "pairings"),
                      (f"/matches/{match.pk}/print/", "scoresheet"),
                      (f"/competitions/{competition.pk}/print/", "standings")):
        page.goto(url)
        keep(page, f"print-{name}-{size}")
        page.emulate_media(media="print")
        keep(page, f"print-{name}-{size}-as-printed")
        assert not page.locator(".site-header").is_visible()
        page.emulate_media(media="screen")
    for n, kind in enumerate((Kind.ROUND_PAIRED, Kind.RESULT_TO_CONFIRM)):
        Notification.objects.create(user=setup.organizer, kind=kind, key=f"shot:{n}",
                                    text=f"{Kind(kind).label}: Thursday Swiss, Round 1.",
                                    link=f"/matches/{match.pk}/")
    site.sign_in(page, "olga")
    page.goto("/notifications/")
    assert page.locator(".nav-notifications .badge").inner_text() == "2"
    keep(page, f"notifications-{size}")
    page.goto("/notifications/choices/")
    keep(page, f"notification-choices-{size}")
