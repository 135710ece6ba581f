"""The rule book at /rules/: docs/rules.md in the site's layout, with a section for every
irregularity of the rulings assistant and every setting of the ruleset summary."""

import re
from dataclasses import fields

import pytest
from django.urls import reverse

from gameplay.engine import Ruleset
from gameplay.engine.rulings import CATALOGUE, irregularity
from league.competitions.views.ruleset_summary import summarize

from .conftest import main_of


def _ids(html: str) -> set[str]:
    return set(re.findall(r'id="([^"]+)"', html))


@pytest.fixture
def page(client, db) -> str:
    response = client.get(reverse("gameplay:rules"))
    assert response.status_code == 200
    return response.content.decode()


def test_the_rule_book_is_served_inside_the_site_layout(page):
    assert '<nav class="nav" aria-label="Main">' in page
    assert '<meta name="viewport" content="width=device-width, initial-scale=1">' in page
    body = main_of(page)
    assert "<h1" in body and "<table tabindex=\"0\">" in body  # rendered markdown, the presets as a table
    assert "{#" not in body  # the anchors became ids, not text


def test_every_irregularity_has_its_section(page):
    ids = _ids(page)
    for item in CATALOGUE:
        assert item.section in ids, item.key


def test_every_setting_has_its_section(page):
    ids = _ids(page)
    summary = summarize(Ruleset().to_dict())
    assert len(summary.settings) == len(fields(Ruleset))
    for setting in summary.settings:
        assert setting.section in ids, setting.name


def test_the_game_sections_carry_stable_anchors(page):
    assert {"deal", "first-turn", "turn", "knock", "gin", "big-gin", "undercut", "layoffs",
            "dead-hand", "box-bonus", "game-bonus", "shutout", "hollywood", "oklahoma",
            "illegal-knock", "settings", "irregularities"} <= _ids(page)


def test_each_ruling_links_to_its_section(client, db):
    for item in CATALOGUE:
        html = client.get(reverse("gameplay:ruling", args=[item.key])).content.decode()
        assert f'href="{reverse("gameplay:rules")}#{item.section}"' in html, item.key
    listing = client.get(reverse("gameplay:rulings")).content.decode()
    assert f'href="/rules/#{CATALOGUE[0].section}"' in listing


def test_the_sources_are_named_in_words():
    for item in CATALOGUE:
        assert "000" not in item.source and "RULES.md" not in item.source, item.source
    assert irregularity("illegal_knock").source == "Hoyle, Irregularities: Illegal Knock, Incorrect Hand"
