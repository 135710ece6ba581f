"""The new-competition form on a phone: the stages' fields show only once stages are chosen (with
JavaScript; without it they are all there, each under its legend)."""

from __future__ import annotations

import re

import pytest

from .club import riverside
from .conftest import screenshot
from .steps import expect

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_stages_fields_show_only_once_stages_are_chosen(site):
    riverside()
    olga = site.open(phone=True)
    site.sign_in(olga, "olga")
    olga.goto("/clubs/riverside/competitions/new/")
    groups = olga.get_by_label("Groups", exact=True)
    expect(groups).to_be_hidden()
    expect(olga.get_by_text("Group stages in between")).to_be_hidden()
    olga.locator("label.choice").filter(
        has_text=re.compile("^Round-robin groups first$")).click()
    expect(groups).to_be_visible()
    screenshot(olga, "competition-form-stages-chosen")
    olga.locator("label.choice").filter(
        has_text=re.compile("^One stage, in the format above$")).click()
    expect(groups).to_be_hidden()


def test_without_javascript_the_stages_fields_are_all_shown(site):
    riverside()
    olga = site.open(phone=True, javascript=False)
    site.sign_in(olga, "olga")
    olga.goto("/clubs/riverside/competitions/new/")
    expect(olga.get_by_label("Groups", exact=True)).to_be_visible()
