"""A club night run from the tables, on a phone: a player without an account keeps his
scoresheet from the table's QR link and his opponent verifies the result on the same page; the
organizer's desk shows a table's change without a reload; a revoked or expired link refuses,
and a link of one match writes no other; the venue screen."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.utils import timezone

from league.clubs.models import Player
from league.competitions.models import Match, TableLink
from league.competitions.nights.attendance import set_present
from league.competitions.nights.pairing import pair_night_round
from league.competitions.nights.table_links import (
    actor_of,
    issue_table_link,
    revoke_table_link,
    token_of,
)
from league.games.services import HandEntry, start_game
from league.games.services.table import enter_hand_at_table, start_game_at_table

from .conftest import screenshot
from .steps import expect
from .test_club_night import tuesday_swiss

pytestmark = pytest.mark.django_db(transaction=True)
SIZES = [True, False]
IDS = ["phone", "laptop"]


@pytest.fixture(autouse=True)
def pages_not_handed_on(site):
    """This module's pages are closed at its tests' end, not handed on by the PagePool: a page
    emptied after these (no-store) pages kept their content security policy, and the next test
    that writes its own document with a script (the accessibility check's) was refused."""
    yield
    for page, _kind in site.opened:
        if not page.is_closed():
            page.close()


def paired_night(size: int = 4):
    """Tuesday's Swiss with everyone present, two players without an account, round 1 paired
    at its tables."""
    setup, competition, night = tuesday_swiss(size)
    Player.objects.filter(club=setup.club, name__in=["Cy", "Dot"]).update(user=None)
    set_present(night.pk, actor=setup.organizer,
                present=set(competition.entries.values_list("pk", flat=True)))
    round_ = pair_night_round(night.pk, actor=setup.organizer)
    matches = list(round_.matches.filter(kind=Match.Kind.PLAYED).order_by("table"))
    return setup, competition, night, matches


def tap(form, text: str) -> None:
    form.locator("label.choice").filter(has_text=re.compile(rf"^{re.escape(text)}$")).click()


def enter_hand(page, number: int, winner: str, outcome: str, points: int) -> None:
    form = page.locator("form.hand-form")
    tap(form, winner)
    tap(form, outcome)
    form.get_by_label("Points").fill(str(points))
    form.get_by_role("button", name=f"Enter hand {number}").click()
    expect(page.get_by_role("status")).to_contain_text(f"Hand {number} entered.")


@pytest.mark.parametrize("phone", SIZES, ids=IDS)
def test_a_player_without_an_account_keeps_the_sheet_and_his_opponent_verifies(site, phone):
    setup, _competition, _night, matches = paired_night()
    match = matches[0]
    token = token_of(issue_table_link(match.pk, actor=setup.organizer))
    a, b = match.entry_a.player.name, match.entry_b.player.name
    size = "phone" if phone else "laptop"

    table = site.open(phone=phone)  # nobody signed in: the phone at the table
    table.goto(f"/t/{token}/")
    expect(table.get_by_role("heading", level=1)).to_contain_text(f"Table {match.table}")
    table.get_by_role("button", name="Start game 1").click()
    expect(table.get_by_role("status")).to_contain_text("Game 1 started")
    enter_hand(table, 1, a, "Gin", 60)
    screenshot(table, f"table-1-playing-{size}")
    enter_hand(table, 2, a, "Knock", 45)
    report = table.get_by_role("region", name="Report the result")
    tap(report, a)
    report.get_by_role("button", name=re.compile(rf"Report: {a} wins 1–0")).click()
    verify = table.get_by_role("region", name=f"{b}, check the result")
    expect(verify).to_contain_text(f"{a} reported: {a} wins, 1–0")
    screenshot(table, f"table-2-verify-{size}")
    verify.get_by_label("Your name").fill(a)  # the reporter cannot verify his own result
    verify.get_by_role("button", name=f"I, {b}, confirm this result").click()
    expect(table.locator(".errorlist")).to_contain_text("Type your name as the sheet shows it")
    table.get_by_role("region", name=f"{b}, check the result").get_by_label("Your name").fill(b)
    table.get_by_role("button", name=f"I, {b}, confirm this result").click()
    expect(table.get_by_role("status")).to_contain_text("Result confirmed: it counts")
    expect(table.get_by_role("region", name="Result confirmed")).to_contain_text(f"{a} won, 1–0")
    screenshot(table, f"table-3-confirmed-{size}")
    match.refresh_from_db()
    assert match.status == Match.Status.CONFIRMED and match.winner.player.name == a


@pytest.mark.parametrize("phone", SIZES, ids=IDS)
def test_the_desk_shows_a_table_change_without_a_reload(site, phone):
    setup, _competition, night, matches = paired_night(6)
    size = "phone" if phone else "laptop"
    olga = site.open(phone=phone)
    site.sign_in(olga, "olga")
    olga.goto(f"/nights/{night.pk}/")
    first = olga.locator(f"#desk-table-{matches[0].table}")
    expect(first).to_contain_text("Not started")
    olga.evaluate("window.deskNotReloaded = true")

    actor = actor_of(issue_table_link(matches[0].pk, actor=setup.organizer))
    game = start_game_at_table(actor)
    enter_hand_at_table(actor, game.pk, HandEntry("gin", "B", 57, expected_number=1))

    expect(first).to_contain_text("Game 1: 0–57", timeout=15_000)
    expect(first).to_contain_text("Playing")
    assert olga.evaluate("window.deskNotReloaded === true")
    screenshot(olga, f"desk-1-live-{size}")

    # The organizer enters another table's result in the one short form.
    second = olga.locator(f"#desk-table-{matches[1].table}")
    second.get_by_text("Enter the result").click()
    tap(second, matches[1].entry_b.player.name)
    second.get_by_label(f"Games {matches[1].entry_b.player.name}").fill("1")
    second.get_by_role("button", name=f"Enter table {matches[1].table}'s result").click()
    expect(olga.get_by_role("status")).to_contain_text(f"Table {matches[1].table}: the result is in")
    expect(olga.locator(f"#desk-table-{matches[1].table}")).to_contain_text("Confirmed")
    screenshot(olga, f"desk-2-entered-{size}")


def test_a_revoked_or_expired_link_refuses_and_opens_no_other_match(site):
    setup, _competition, _night, (mine, other) = paired_night()
    token = token_of(issue_table_link(mine.pk, actor=setup.organizer))
    table = site.open(phone=True)
    table.goto(f"/t/{token}/")
    expect(table.get_by_role("button", name="Start game 1")).to_be_visible()

    # Another match's scoresheet: the link is no sign-in, nothing there may be entered.
    game = start_game(other.pk, actor=setup.organizer)
    table.goto(f"/games/{game.pk}/")
    expect(table.locator("form.hand-form")).to_have_count(0)
    expect(table.locator("#scoresheet")).to_contain_text("Sign in to enter hands")

    table.goto(f"/t/{token}/")
    revoke_table_link(mine.pk, actor=setup.organizer)
    table.get_by_role("button", name="Start game 1").click()
    expect(table.get_by_role("alert")).to_contain_text("withdrawn by the organizer")
    screenshot(table, "table-4-revoked-phone")
    assert not mine.games.exists()

    fresh = issue_table_link(mine.pk, actor=setup.organizer)
    TableLink.objects.filter(pk=fresh.pk).update(expires_at=timezone.now() - timedelta(minutes=1))
    table.goto(f"/t/{token_of(fresh)}/")
    expect(table.get_by_role("alert")).to_contain_text("expired")


@pytest.mark.parametrize("phone", SIZES, ids=IDS)
def test_the_venue_screen_shows_the_tables_then_the_standings(site, phone):
    setup, _competition, night, matches = paired_night(8)
    actor = actor_of(issue_table_link(matches[0].pk, actor=setup.organizer))
    game = start_game_at_table(actor)
    enter_hand_at_table(actor, game.pk, HandEntry("knock", "A", 23, expected_number=1))
    size = "phone" if phone else "laptop"
    screen = site.open(phone=phone)
    screen.goto(f"/nights/{night.pk}/screen/")
    expect(screen.get_by_role("heading", level=2)).to_contain_text("who plays where")
    expect(screen.locator(".screen-pairings tbody tr")).to_have_count(4)
    screenshot(screen, f"screen-1-pairings-{size}")
    screen.goto(f"/nights/{night.pk}/screen/?show=standings")
    expect(screen.get_by_role("heading", level=2)).to_have_text("Standings")
    screenshot(screen, f"screen-2-standings-{size}")


@pytest.mark.parametrize("phone", SIZES, ids=IDS)
def test_the_printed_sheet_and_table_card_carry_the_table_link(site, phone):
    _setup, _competition, _night, matches = paired_night()
    size = "phone" if phone else "laptop"
    olga = site.open(phone=phone)
    site.sign_in(olga, "olga")
    round_pk = matches[0].round_id
    olga.goto(f"/rounds/{round_pk}/print/table-cards/")
    card = olga.get_by_role("region", name=f"Table {matches[0].table}")
    expect(card).to_contain_text("no sign-in needed")
    expect(card.locator("svg")).to_be_visible()
    screenshot(olga, f"print-table-cards-{size}")
    olga.goto(f"/rounds/{round_pk}/print/scoresheets/")
    caption = olga.locator(".sheet-qr figcaption").first
    expect(caption).to_contain_text("no sign-in needed")
    url = re.search(r"https?://\S+/t/[\w-]+/", caption.inner_text()).group(0)
    screenshot(olga, f"print-scoresheets-{size}")

    table = site.open(phone=phone)
    table.goto(url)
    expect(table.get_by_role("heading", level=1)).to_contain_text(f"Table {matches[0].table}")
    expect(table.get_by_role("button", name="Start game 1")).to_be_visible()


def test_the_table_page_and_the_venue_screen_have_no_serious_accessibility_violation(site):
    from .test_accessibility import violations

    setup, _competition, night, matches = paired_night()
    token = token_of(issue_table_link(matches[0].pk, actor=setup.organizer))
    page = site.open(phone=True, bypass_csp=True)
    page.goto(f"/t/{token}/")
    page.get_by_role("button", name="Start game 1").click()
    expect(page.locator("form.hand-form")).to_be_visible()
    assert violations(page) == []
    page.goto(f"/nights/{night.pk}/screen/")
    assert violations(page) == []


@pytest.mark.parametrize("javascript", [True, False], ids=["js", "no-js"])
def test_the_venue_screen_turns_to_the_standings_by_itself(site, monkeypatch, javascript):
    from league.competitions.views import screen as venue

    monkeypatch.setattr(venue, "SHOW_SECONDS", 1)
    _setup, _competition, night, _matches = paired_night()
    screen = site.open(javascript=javascript)
    screen.goto(f"/nights/{night.pk}/screen/")
    expect(screen.get_by_role("heading", level=2)).to_contain_text("who plays where")
    expect(screen).to_have_url(re.compile(r"\?show=standings$"), timeout=5_000)
    expect(screen.get_by_role("heading", level=2)).to_have_text("Standings")
    expect(screen).to_have_url(re.compile(r"\?show=pairings$"), timeout=5_000)
