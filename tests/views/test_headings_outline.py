"""A screen reader's outline of every page: the pages the every-page accessibility test opens
(tests/browser/test_accessibility_every_page.py: each row of the permission table opened by the
first role that may), each with one h1, and no heading more than one level below the one before
it (an h2 straight to an h4 leaves the listener wondering what was skipped)."""

from __future__ import annotations

from html.parser import HTMLParser
from itertools import pairwise

import pytest

from tests.browser.test_accessibility_every_page import PAGES, opener
from tests.security.access import TABLE
from tests.security.world import build_world

pytestmark = pytest.mark.django_db


class Headings(HTMLParser):
    """The levels of the headings a page shows, in document order (hidden ones left out)."""

    def __init__(self) -> None:
        super().__init__()
        self.levels: list[int] = []
        self.hidden_depth = 0
        self.stack: list[bool] = []

    def handle_starttag(self, tag, attrs):
        if tag in VOID:
            return
        hidden = any(
            name in ("hidden", "aria-hidden") and value != "false" for name, value in attrs
        )
        self.stack.append(hidden)
        self.hidden_depth += hidden
        if len(tag) == 2 and tag[0] == "h" and tag[1] in "123456" and not self.hidden_depth:
            self.levels.append(int(tag[1]))

    def handle_endtag(self, tag):
        if tag in VOID or not self.stack:
            return
        self.hidden_depth -= self.stack.pop()


VOID = {
    "area",
    "base",
    "br",
    "col",
    "embed",
    "hr",
    "img",
    "input",
    "link",
    "meta",
    "source",
    "track",
    "wbr",
}


def outline_problems(html: str) -> list[str]:
    parser = Headings()
    parser.feed(html)
    levels = parser.levels
    problems = []
    if levels.count(1) != 1:
        problems.append(f"{levels.count(1)} h1")
    if levels and levels[0] != 1:
        problems.append(f"starts at h{levels[0]}")
    problems += [
        f"h{before} then h{after}" for before, after in pairwise(levels) if after > before + 1
    ]
    return problems


def test_a_skipped_level_and_a_second_h1_are_found():
    assert outline_problems("<h1>a</h1><h2>b</h2><h3>c</h3><h2>d</h2>") == []
    assert outline_problems("<h1>a</h1><h3>b</h3>") == ["h1 then h3"]
    assert outline_problems("<h1>a</h1><h1>b</h1>") == ["2 h1"]
    assert outline_problems("<h1>a</h1><div hidden><h4>x</h4></div><h2>b</h2>") == []


def test_every_page_has_one_h1_and_skips_no_heading_level():
    found = {}
    opened = 0
    for name in PAGES:
        world = build_world()
        role = opener(name)
        client = world.client(role) if role != "anonymous" else world.client("anonymous")
        url = TABLE[name].url(world)
        response = client.get(url)
        if response.status_code != 200 or not response["Content-Type"].startswith("text/html"):
            continue
        opened += 1
        if problems := outline_problems(response.content.decode()):
            found[f"{name} {url}"] = problems
    assert opened > 50
    assert not found, "\n".join(f"{page}: {', '.join(p)}" for page, p in found.items())
