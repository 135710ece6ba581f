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
    from playwright.sync_api import expect, sync_playwright
except ImportError:  # pragma: no cover - depends on the machine
    expect = sync_playwright = None


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


@dataclass
class Site:
    """The live server and a way to open its pages in a fresh browser context."""

    url: str
    browser: object
    contexts: list = field(default_factory=list)

    def open(self, *, phone: bool = False, javascript: bool = True, bypass_csp: bool = False):
        """A page in a fresh context (its own cookies). bypass_csp lets a test inject a script
        (axe) that the site's content security policy would refuse."""
        context = self.browser.new_context(
            viewport=PHONE if phone else LAPTOP,
            java_script_enabled=javascript,
            base_url=self.url,
            is_mobile=phone,
            has_touch=phone,
            bypass_csp=bypass_csp,
        )
        context.set_default_timeout(10_000)
        self.contexts.append(context)
        return context.new_page()

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
        for context in self.contexts:
            context.close()


@pytest.fixture
def site(live_server, browser) -> Iterator[Site]:
    site = Site(live_server.url, browser)
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
    page.screenshot(path=str(path), full_page=True)
    return path
