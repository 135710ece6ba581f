"""Browser tests: Playwright (sync API) driving Debian's Chromium against pytest-django's live
server. Without Chromium or the playwright package, every test here is skipped with one line
saying why (so `make test` passes on a laptop without them).

Never `playwright install`: the tests use the system's Chromium only. Debian's headless shell
(/usr/bin/chromium-headless-shell, the same Blink without the desktop browser around it, which
Playwright itself runs headless) when it is there: it takes less than half the processor time of
the whole browser for the same pages. Otherwise Debian's /usr/bin/chromium; another path in
BROWSER_TESTS_CHROMIUM.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from tests.conftest import signed_in_session

# Playwright's sync API runs an event loop in this thread; Django's ORM calls made by the test
# (factories, services) would otherwise be refused as "async unsafe".
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

HEADLESS_SHELL = Path("/usr/bin/chromium-headless-shell")


def _chromium() -> Path:
    given = os.environ.get("BROWSER_TESTS_CHROMIUM", "").strip()
    if given:
        return Path(given)
    return HEADLESS_SHELL if HEADLESS_SHELL.exists() else Path("/usr/bin/chromium")


CHROMIUM = _chromium()
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
SCREENSHOTS = Path(__file__).resolve().parents[2] / "test-output" / "screenshots"
LAPTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}
PASSWORD = "cards-on-the-table"

try:
    from playwright.sync_api import Error as PlaywrightError
    from playwright.sync_api import expect, sync_playwright
except ImportError:  # pragma: no cover - depends on the machine
    expect = sync_playwright = None
    PlaywrightError = Exception


def _missing() -> str:
    if sync_playwright is None:
        return "the playwright package is not installed (pip install playwright==1.65.2)"
    if not CHROMIUM.exists():
        return f"{CHROMIUM} is missing (apt-get install -y chromium-headless-shell)"
    return ""


MISSING = _missing()
HERE = Path(__file__).resolve().parent


def pytest_collection_modifyitems(config, items) -> None:
    """Mark the tests of this folder `browser` (`-m "not browser"` leaves them out), and skip
    them all, with the reason, when Chromium or Playwright is missing."""
    skip = pytest.mark.skip(reason=f"browser tests skipped: {MISSING}") if MISSING else None
    for item in items:
        if HERE in Path(item.path).resolve().parents:
            item.add_marker(pytest.mark.browser)
            if skip is not None:
                item.add_marker(skip)


@pytest.fixture(scope="session")
def browser() -> Iterator:
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, headless=True
        )
        yield browser
        browser.close()


@dataclass(frozen=True)
class Kind:
    """What a browser context is made with and cannot change afterwards."""

    phone: bool = False
    javascript: bool = True
    bypass_csp: bool = False

    @property
    def viewport(self) -> dict[str, int]:
        return PHONE if self.phone else LAPTOP


# The events Playwright listens to on every page itself; any other was added by a test.
PLAYWRIGHTS_OWN_EVENTS = frozenset({"close", "crash"})


@dataclass
class PagePool:
    """Pages kept open from one test to the next, by kind, in one test process.

    A page in a fresh context costs Chromium a new renderer: about 250 ms of processor time up
    to its first page loaded here, against 80 ms for a load in a page already open and 15 ms to
    empty it. A page goes back to the pool only when it can be handed on as a fresh one would
    be: an empty document, no cookie or storage of the site left, no listener or route a test
    added, the screen's media and size as made. A page of a context that bypasses the content
    security policy (the accessibility checks add a script to every document it opens) is never
    kept, nor is one that cannot be emptied: those contexts are closed.
    """

    origin: str
    browser: object
    free: dict[Kind, list] = field(default_factory=dict)

    def take(self, kind: Kind):
        kept = self.free.get(kind)
        if kept:
            return kept.pop()
        context = self.browser.new_context(
            viewport=kind.viewport,
            java_script_enabled=kind.javascript,
            base_url=self.origin,
            is_mobile=kind.phone,
            has_touch=kind.phone,
            bypass_csp=kind.bypass_csp,
        )
        context.set_default_timeout(10_000)
        return context.new_page()

    def give_back(self, page, kind: Kind) -> None:
        if kind.bypass_csp or not self._emptied(page, kind):
            page.context.close()
            return
        self.free.setdefault(kind, []).append(page)

    def _emptied(self, page, kind: Kind) -> bool:
        """The page's document, cookies and storage emptied, its media and size as made. The
        document is emptied where it is, not left for about:blank: a load of another site
        takes another renderer, and the next test's first load would take a third."""
        if page.is_closed() or len(page.context.pages) != 1:
            return False
        if set(page._impl_obj.event_names()) - PLAYWRIGHTS_OWN_EVENTS:
            return False  # a test listens to it (a dialog, a request): not handed on
        try:
            page.unroute_all()
            page.set_content("")
            page.context.clear_cookies()
            devtools = page.context.new_cdp_session(page)
            devtools.send("Storage.clearDataForOrigin",
                          {"origin": self.origin, "storageTypes": "all"})
            devtools.detach()
            page.emulate_media(media="null")
            page.set_viewport_size(kind.viewport)
        except PlaywrightError:  # a page that cannot be emptied is closed instead
            return False
        return True

    def close(self) -> None:
        for pages in self.free.values():
            for page in pages:
                page.context.close()
        self.free.clear()


@pytest.fixture(scope="session")
def page_pool(live_server, browser) -> Iterator[PagePool]:
    pool = PagePool(live_server.url, browser)
    yield pool
    pool.close()


@dataclass
class Site:
    """The live server, and pages of it that open as in a fresh browser context."""

    pool: PagePool
    opened: list = field(default_factory=list)

    @property
    def url(self) -> str:
        return self.pool.origin

    def open(self, *, phone: bool = False, javascript: bool = True, bypass_csp: bool = False):
        """A page of its own context (its own cookies), as new: a page a test before left is
        handed on only emptied (PagePool). bypass_csp lets a test inject a script (axe) that the
        site's content security policy would refuse."""
        kind = Kind(phone, javascript, bypass_csp)
        page = self.pool.take(kind)
        self.opened.append((page, kind))
        return page

    def sign_in(self, page, username: str) -> None:
        """Signed in as `username` without going through the sign-in form (the flows that are
        about signing in use sign_in_by_form): a session made on the server and its cookie given
        to the page's context; then the home page, whose header names the signed-in user."""
        from django.conf import settings
        from django.contrib.auth import get_user_model

        key = signed_in_session(get_user_model().objects.get(username=username))
        page.context.add_cookies([{"name": settings.SESSION_COOKIE_NAME, "value": key,
                                   "url": self.url}])
        page.goto("/")
        expect(page.locator(".nav-user")).to_have_text(username)

    def sign_in_by_form(self, page, username: str, password: str = PASSWORD) -> None:
        page.goto("/accounts/login/")
        page.get_by_label("Username").fill(username)
        page.get_by_label("Password").fill(password)
        page.get_by_role("button", name="Sign in").click()
        page.wait_for_url(re.compile(r"^(?!.*/accounts/login/).*$"))

    def close(self) -> None:
        for page, kind in self.opened:
            self.pool.give_back(page, kind)
        self.opened.clear()


@pytest.fixture
def site(page_pool) -> Iterator[Site]:
    site = Site(page_pool)
    yield site
    site.close()


def screenshots_taken() -> bool:
    """Whether the tests save their screenshots: BROWSER_SCREENSHOTS=1 or 0 says; unset, they are
    saved in a run of one process (a developer running some browser tests to look at the pages)
    and not by the workers of `make test`'s parallel run (a full-page screenshot takes a good
    part of a second, and nothing a test checks depends on it)."""
    given = os.environ.get("BROWSER_SCREENSHOTS", "").strip()
    if given:
        return given not in ("0", "false", "no")
    return "PYTEST_XDIST_WORKER" not in os.environ


def screenshot(page, name: str, folder: Path = SCREENSHOTS) -> Path | None:
    """Save a full-page screenshot under test-output/screenshots/ (gitignored), or `folder`, to
    look at; None when screenshots are not taken (screenshots_taken)."""
    if not screenshots_taken():
        return None
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.png"
    # A full-page capture stretches the window to the page's height and back. Chromium's headless
    # shell can come back from it with a scroll position it restores at the next change of focus:
    # a click on a button below the focused field then scrolls the page between the button's
    # mousedown and mouseup, so the click lands on the form and nothing is sent. Scrolling back
    # to where the page was, at once, leaves it nothing to restore. (A person takes no such
    # capture: without screenshots the same steps submit the form.)
    where = page.evaluate("[window.scrollX, window.scrollY]")
    page.screenshot(path=str(path), full_page=True)
    page.evaluate("([x, y]) => window.scrollTo(x, y)", where)
    return path
