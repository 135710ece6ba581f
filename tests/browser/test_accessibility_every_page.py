"""Every page of the site, not only the main ones: each row of the permission table
(tests/security/access.py) that some role may open is opened by the first such role, in the
state its row builds, on a laptop and on a phone, and checked by axe-core: no serious or
critical violation; and with the text at twice its size (as a reader who set his browser's
text to 200% sees it), nothing runs off the side of the screen: no page scrolls sideways (a wide
table scrolls inside its own box). The admin (Django's own pages) and the files that are not
pages (CSV, calendars, PDFs) are left out, and the printed pages are not held to the screen's
width at double text (they are laid out for paper).

Each page is opened in a world of its own (its row may change the state it needs)."""

from __future__ import annotations

import pytest
from django.conf import settings

from tests.security.access import OK, TABLE
from tests.security.world import build_world

from .test_accessibility import violations, with_axe

pytestmark = pytest.mark.django_db(transaction=True)

# Who opens a page: the first of these roles that may.
OPENERS = ("organizer", "player", "opponent", "anonymous", "other_organizer", "staff")
NOT_OURS = ("admin:",)
PRINTED = ("print-",)
SIDEWAYS = """() => document.documentElement.scrollWidth - document.documentElement.clientWidth"""


def opener(name: str) -> str | None:
    access = TABLE[name]
    if name.startswith(NOT_OURS):
        return None
    return next((role for role in OPENERS if access.get.get(role) == OK), None)


PAGES = sorted(name for name in TABLE if opener(name))


@pytest.mark.parametrize("phone", [False, True], ids=["laptop", "phone"])
def test_every_page_has_no_serious_accessibility_violation(site, phone):
    found: dict[str, list] = {}
    opened = 0
    too_wide = []
    # Every world is built before the first page opens: a page left behind (polling its sheet,
    # its service worker keeping files) must not read while the next world is written.
    visits = []
    for name in PAGES:
        world = build_world()
        world.sign_in_everyone()
        role = opener(name)
        visits.append((name, role, TABLE[name].url(world), world.sessions.get(role)))
    page = with_axe(site.open(phone=phone, bypass_csp=True))
    for name, role, url, session in visits:
        page.context.clear_cookies()
        if role != "anonymous":
            page.context.add_cookies([{"name": settings.SESSION_COOKIE_NAME,
                                       "value": session, "url": site.url}])
        kind = page.request.get(url, max_redirects=0).headers.get("content-type", "")
        if not kind.startswith("text/html"):
            continue  # a file to download: a calendar, a CSV, a PDF
        page.goto(url)
        opened += 1
        if problems := violations(page):
            found[f"{name} ({role}) {url}"] = [
                f"{v['id']} ({v['impact']}): {v['help']} at {v['nodes']}" for v in problems]
        if not name.startswith(PRINTED):
            page.evaluate("document.documentElement.style.fontSize = '200%'")
            if (overflow := page.evaluate(SIDEWAYS)) > 1:
                too_wide.append(f"{name} {url}: {overflow}px too wide")
    assert opened > 50
    assert not found, "\n".join(f"{page}: {'; '.join(v)}" for page, v in found.items())
    assert not too_wide, "with the text at 200%: " + "; ".join(too_wide)
