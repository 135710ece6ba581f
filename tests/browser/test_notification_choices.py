"""The notification choices: a row per kind, its name then its three choices, each radio beside
its own label, on a phone and on a laptop; chosen and saved without JavaScript."""

from __future__ import annotations

import pytest

from league.notifications.models import Channel, Kind, Preference

from .club import user
from .conftest import screenshot

pytestmark = pytest.mark.django_db(transaction=True)

LAYOUT = """() => [...document.querySelectorAll("fieldset.preference")].map(set => ({
  legend: set.querySelector("legend").getBoundingClientRect().toJSON(),
  choices: [...set.querySelectorAll("label")].map(label => ({
    label: label.getBoundingClientRect().toJSON(),
    radio: label.querySelector("input[type=radio]").getBoundingClientRect().toJSON()}))}))"""


def middle(box: dict) -> float:
    return box["top"] + box["height"] / 2


def rows_of(page) -> list[dict]:
    rows = page.evaluate(LAYOUT)
    assert len(rows) == len(Kind.values)
    return rows


def assert_each_radio_beside_its_label(row: dict) -> None:
    for choice in row["choices"]:
        radio, label = choice["radio"], choice["label"]
        assert abs(middle(radio) - middle(label)) < 2  # on the label's line, not above it
        assert radio["width"] < 40 and label["width"] > radio["width"] + 30  # its text beside it
        assert label["height"] < 60


@pytest.mark.parametrize("phone", [False, True], ids=["laptop", "phone"])
def test_each_kind_is_a_row_with_its_radios_beside_their_labels(site, phone):
    user("noor")
    page = site.open(phone=phone, javascript=False)
    site.sign_in(page, "noor")
    page.goto("/notifications/choices/")
    screenshot(page, f"notification-choices-{'phone' if phone else 'laptop'}")
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]
    for row in rows_of(page):
        assert_each_radio_beside_its_label(row)
        first = row["choices"][0]["label"]
        assert row["legend"]["top"] <= first["top"] + 2  # the kind's name first
        if phone:  # the name above, its choices below it (two lines at most)
            assert first["top"] >= row["legend"]["bottom"] - 2
            assert len({round(c["label"]["top"]) for c in row["choices"]}) <= 2
        else:  # the name, then the three choices on its line
            assert first["left"] >= row["legend"]["right"] - 2
            assert len({round(c["label"]["top"]) for c in row["choices"]}) == 1
            assert abs(middle(first) - middle(row["legend"])) < 14


def test_a_choice_is_saved_without_javascript(site):
    noor = user("noor")
    page = site.open(phone=True, javascript=False)
    site.sign_in(page, "noor")
    page.goto("/notifications/choices/")
    page.get_by_role("group", name=Kind.LADDER_MOVED_DOWN.label).get_by_label("Nothing").check()
    page.get_by_role("button", name="Save").click()
    page.get_by_text("Your choices are saved.").wait_for()
    assert Preference.objects.get(user=noor, kind=Kind.LADDER_MOVED_DOWN).channel == (
        Channel.NOTHING)
