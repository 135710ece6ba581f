"""An organizer imports a match's record on a phone, without JavaScript: a file with a hand the
engine refuses is named and nothing is entered; the right file enters every hand. The page has
no serious accessibility violation."""

from __future__ import annotations

import json

import pytest

from league.games.models import Game
from league.records.export import match_record, record_match
from tests.records.helpers import league_of, self_played

from .conftest import screenshot
from .steps import expect
from .test_accessibility import violations, with_axe

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.mark.parametrize("phone", [True, False], ids=["phone", "laptop"])
def test_an_organizer_imports_a_record_and_a_refused_hand_is_named(site, phone):
    club, competition = league_of(4)
    played, empty = competition.matches.order_by("pk")[:2]
    self_played(played)
    record = match_record(record_match(played.pk))
    wrong = json.loads(json.dumps(record))
    wrong["games"][0]["hands"][1]["points"] += 2
    wrong["games"][0]["hands"][1]["event_log"] = []

    checked = with_axe(site.open(phone=phone, bypass_csp=True))
    site.sign_in(checked, club.organizer.username)
    checked.goto(f"/matches/{empty.pk}/record/import/")
    assert violations(checked) == []

    page = site.open(phone=phone, javascript=False)
    site.sign_in(page, club.organizer.username)
    page.goto(f"/matches/{empty.pk}/")
    page.get_by_role("link", name="Import a match record").click()

    file = page.get_by_label("The match's record (a .json file)")
    file.set_input_files({"name": "record.json", "mimeType": "application/json",
                          "buffer": json.dumps(wrong).encode()})
    file.focus()
    page.keyboard.press("Tab")  # to the button, by keyboard
    page.keyboard.press("Enter")
    expect(page.get_by_role("alert")).to_contain_text("Game 1, hand 2:")
    screenshot(page, f"records-import-refused-{'phone' if phone else 'laptop'}")
    assert not Game.objects.filter(match=empty).exists()

    file = page.get_by_label("The match's record (a .json file)")
    file.set_input_files({"name": "record.json", "mimeType": "application/json",
                          "buffer": json.dumps(record).encode()})
    page.get_by_role("button", name="Import the record").click()
    expect(page.get_by_text("The record is imported")).to_be_visible()
    screenshot(page, f"records-imported-{'phone' if phone else 'laptop'}")
    assert Game.objects.filter(match=empty).count() == played.games.count()
