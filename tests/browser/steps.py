"""What a person does in the browser, in the site's words: open my match, start a game, enter a
hand by tapping, report, confirm, dispute, resolve."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

try:
    from playwright.sync_api import expect
except ImportError:  # the conftest skips every browser test then, with the reason
    expect = None

if TYPE_CHECKING:
    from playwright.sync_api import BrowserContext, Page, Route


def open_my_match(page: Page, opponent: str) -> None:
    """From the home page, the match against `opponent` in 'Your matches to play'."""
    page.goto("/")
    to_play = page.get_by_role("region", name="Your matches to play")
    to_play.get_by_role("link", name=re.compile(rf"\b{opponent}\b")).click()
    expect(page.get_by_role("heading", level=1)).to_contain_text(opponent)


def start_game(page: Page, number: int = 1) -> None:
    page.get_by_role("button", name=f"Start game {number}").click()
    expect(page).to_have_url(re.compile(r"/games/\d+/$"))


def enter_hand(page: Page, number: int, winner: str, outcome: str, points: int) -> None:
    """Tap who won and how, type the points, enter the hand; wait for the next hand's form."""
    form = page.locator("form.hand-form")
    form.locator("label.choice").filter(has_text=re.compile(rf"^{winner}$")).click()
    form.locator("label.choice").filter(has_text=re.compile(rf"^{outcome}$")).click()
    form.get_by_label("Points").fill(str(points))
    form.get_by_role("button", name=f"Enter hand {number}").click()
    expect(page.get_by_role("status")).to_contain_text(f"Hand {number} entered.")


def back_to_match(page: Page) -> None:
    page.get_by_role("link", name=re.compile("Back to the match")).click()
    expect(page).to_have_url(re.compile(r"/matches/\d+/$"))


def report(page: Page) -> None:
    page.get_by_role("button", name="Report the result").click()
    expect(page.get_by_role("status")).to_contain_text("Result reported.")


def open_result_to_confirm(page: Page, opponent: str) -> None:
    page.goto("/")
    waiting = page.get_by_role("region", name="Results to confirm")
    waiting.get_by_role("link", name=re.compile(rf"\b{opponent}\b")).click()


def confirm(page: Page) -> None:
    page.get_by_role("button", name="Confirm the result").click()
    expect(page.get_by_role("status")).to_contain_text("Result confirmed.")


def dispute(page: Page, why: str) -> None:
    page.get_by_text("Dispute the result").click()
    page.get_by_label("What is wrong with the result?").fill(why)
    page.get_by_role("button", name="Dispute", exact=True).click()
    expect(page.get_by_role("status")).to_contain_text("Result disputed.")


def resolve(page: Page, decision: str, comment: str) -> None:
    form = page.locator("form", has=page.get_by_role("heading", name="Resolve the dispute"))
    form.locator("label.choice").filter(has_text=decision).click()
    form.get_by_label("Comment").fill(comment)
    form.get_by_role("button", name="Resolve").click()
    expect(page.get_by_role("status")).to_contain_text("Dispute upheld")


def bracket_round(page: Page, name: str):
    """The column of the bracket for the round named."""
    return page.locator(".bracket-round").filter(
        has=page.locator(".bracket-round-name", has_text=re.compile(rf"^{name}$"))
    )


def create_knockout(page: Page, club_slug: str, name: str, players: list[str]) -> None:
    """The organizer's way: a new single-elimination competition, its players ticked and entered,
    then started with the seeds as listed."""
    page.goto(f"/clubs/{club_slug}/manage/")
    page.get_by_role("link", name="New competition").first.click()
    page.get_by_label("Name", exact=True).fill(name)
    page.get_by_label("Season", exact=True).select_option(label="2026")
    page.locator("label.choice").filter(has_text=re.compile("^Single elimination$")).click()
    page.get_by_role("button", name="Create the competition").click()
    expect(page.get_by_role("heading", level=1)).to_contain_text(f"Entries: {name}")
    for player in players:
        page.get_by_role("checkbox", name=player, exact=True).check()
    page.get_by_role("button", name="Enter the ticked players").click()
    expect(page.get_by_role("heading", name=re.compile("^Entered"))).to_contain_text(
        f"({len(players)})")
    page.get_by_role("button", name=f"Start {name}").click()
    expect(page.get_by_role("heading", level=1)).to_contain_text(name)


# By keyboard alone --------------------------------------------------------------------------------

# The focused element is marked: an outline or a shadow of its own, or (a radio or checkbox drawn
# as a big label) on the span after it.
FOCUS_SHOWN = """() => {
    const shown = (e) => {
        if (!e) return false;
        const style = getComputedStyle(e);
        return (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0)
            || style.boxShadow !== 'none';
    };
    const active = document.activeElement;
    return active !== document.body && (shown(active) || shown(active.nextElementSibling));
}"""


def focused(page: Page, selector: str, text: str = "") -> bool:
    """Whether the focused element matches the CSS `selector` (and, given, says `text`)."""
    return page.evaluate("""([s, text]) => !!document.activeElement
        && document.activeElement.matches(s)
        && document.activeElement.textContent.trim() === (text || document.activeElement
                                                                    .textContent.trim())""",
                         [selector, text])


def tab_to(page: Page, selector: str, text: str = "", *, most: int = 120,
           back: bool = False) -> None:
    """Tab (Shift+Tab when `back`), as a person would, until the element `selector` (saying
    `text`, given) has the focus, and check that the focus shows there."""
    for _ in range(most):
        if focused(page, selector, text):
            assert page.evaluate(FOCUS_SHOWN), f"the focus on {selector} does not show"
            return
        page.keyboard.press("Shift+Tab" if back else "Tab")
    raise AssertionError(f"Tab never reached {selector}")


def type_keys(page: Page, text: str) -> None:
    for key in text:
        page.keyboard.press(key)


NETWORK = "**/*"


def _unreachable(route: Route) -> None:
    route.abort("internetdisconnected")


def go_offline(context: BrowserContext) -> None:
    """The phone loses its connection: the browser says so (`navigator.onLine`) and no request
    leaves it, its service worker's included (Chromium's offline emulation alone lets a service
    worker's requests through)."""
    context.set_offline(True)
    context.route(NETWORK, _unreachable)


# The document being left stays offline until it is gone: it reads `navigator.onLine` false and
# hears no `online` event (a listener of its own, first at the window, stops the page's).
_STAY_OFFLINE = """() => {
    Object.defineProperty(navigator, "onLine", { configurable: true, get: () => false });
    addEventListener("online", (event) => event.stopImmediatePropagation(), true);
}"""


def reload_offline(page: Page) -> None:
    """Reload the page while offline (go_offline). As the reload begins, Chromium lifts its
    offline emulation from the document being left: after its `beforeunload`, `navigator.onLine`
    turns true there and it hears `online` (most likely as its DevTools session closes: Blink
    clears the offline override, which is its renderer process's, when a session's network
    agent is disabled), and a request it sends then is neither routed nor cut: it reaches the
    server. A phone without a connection tells the page no such thing: the document being left
    is kept offline until it is gone; the new one loads under the emulation as before."""
    page.evaluate(_STAY_OFFLINE)
    page.reload()


def go_online(context: BrowserContext) -> None:
    context.unroute(NETWORK, _unreachable)
    context.set_offline(False)
