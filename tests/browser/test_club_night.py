"""A club night on a phone: a player checks in on the night's page, the organizer ticks two
more present and pairs round 1 from them, the player sees his table and opponent and enters the
hands of his match from the link; the absent player has no match."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from league.competitions.formats.competitions import create_competition, register_players
from league.competitions.formats.draws import start_competition
from league.competitions.models import Competition, Match
from league.competitions.nights.services import open_night

from . import steps
from .club import riverside
from .conftest import screenshot
from .steps import expect

pytestmark = pytest.mark.django_db(transaction=True)

SHOTS = Path("/tmp/nights")


def keep(page, name: str) -> None:
    path = screenshot(page, name)
    if path is not None:
        SHOTS.mkdir(parents=True, exist_ok=True)
        shutil.copy(path, SHOTS / path.name)


def tuesday_swiss(size: int = 4):
    setup = riverside(size)
    competition = create_competition(setup.club.seasons.get(), actor=setup.organizer,
                                     name="Tuesday Swiss", format=Competition.Format.SWISS,
                                     swiss_rounds=2, match_format=Competition.MatchFormat.FIRST_TO,
                                     match_games=1)
    register_players(competition, setup.players.values(), actor=setup.organizer)
    start_competition(competition.pk, actor=setup.organizer, pair_first_round=False)
    return setup, competition, open_night(competition.pk, actor=setup.organizer)


@pytest.mark.parametrize("phone", [True, False], ids=["phone", "laptop"])
def test_a_player_checks_in_is_paired_and_enters_his_match(site, phone):
    setup, competition, night = tuesday_swiss(4)
    size = "phone" if phone else "laptop"

    ada = site.open(phone=phone)
    site.sign_in(ada, "ada")
    ada.goto(f"/clubs/{setup.club.slug}/")
    keep(ada, f"night-0-club-page-{size}")
    ada.get_by_role("link", name="Club night open now").click()
    expect(ada.get_by_role("heading", level=1)).to_contain_text("Club night")
    keep(ada, f"night-1-player-before-check-in-{size}")
    ada.get_by_role("button", name="Check in").click()
    expect(ada.get_by_role("status")).to_contain_text("Ada is checked in")
    expect(ada.get_by_role("button", name="I'm leaving")).to_be_visible()

    olga = site.open(phone=phone)
    site.sign_in(olga, "olga")
    olga.goto(f"/competitions/{competition.pk}/manage/")
    keep(olga, f"night-0-organizer-competition-page-{size}")
    olga.get_by_role("link", name="Club night open now").click()
    who = olga.get_by_role("region", name="Who is here")
    expect(who.get_by_role("checkbox", name=re.compile("Ada"))).to_be_checked()
    who.get_by_role("checkbox", name=re.compile("Bea")).check()
    who.get_by_role("checkbox", name=re.compile("Cy")).check()
    who.get_by_role("button", name="Save who is here").click()
    expect(olga.get_by_role("status")).to_contain_text("2 checked in")
    keep(olga, f"night-2-organizer-before-pairing-{size}")
    olga.get_by_role("button", name="Pair round 1 from the 3 present").click()
    expect(olga.get_by_role("status")).to_contain_text("Round 1 is paired")
    expect(olga.get_by_role("link", name="Printable pairings of Round 1")).to_be_visible()
    keep(olga, f"night-3-organizer-paired-{size}")

    ada_match = Match.objects.filter(competition=competition, kind=Match.Kind.PLAYED).get()
    assert {ada_match.entry_a.player.name, ada_match.entry_b.player.name} <= {"Ada", "Bea", "Cy"}
    assert not Match.objects.filter(competition=competition, entry_a__player__name="Dot").exists()
    assert not Match.objects.filter(competition=competition, entry_b__player__name="Dot").exists()
    playing = {ada_match.entry_a.player.name, ada_match.entry_b.player.name}
    me = "Ada" if "Ada" in playing else None
    if me is None:  # Ada has the bye: the two others play; follow one of them instead
        me = ada_match.entry_a.player.name
        ada = site.open(phone=phone)
        site.sign_in(ada, me.lower())
    opponent = (playing - {me}).pop()
    ada.goto(f"/nights/{night.pk}/")
    expect(ada.locator(".night-table")).to_contain_text(
        f"Round 1: table 1 against {opponent}")
    keep(ada, f"night-4-player-paired-{size}")
    ada.get_by_role("link", name="Your match: enter the hands").click()
    expect(ada).to_have_url(re.compile(rf"/matches/{ada_match.pk}/$"))
    steps.start_game(ada)
    steps.enter_hand(ada, 1, me, "Gin", 60)
    steps.enter_hand(ada, 2, me, "Knock", 45)
    expect(ada.get_by_role("heading", name=f"{me} wins game 1 by")).to_be_visible()
    steps.back_to_match(ada)
    steps.report(ada)
    ada_match.refresh_from_db()
    assert ada_match.status == Match.Status.REPORTED


@pytest.mark.parametrize("phone", [True, False], ids=["phone", "laptop"])
def test_the_night_page_has_no_serious_accessibility_violation(site, phone):
    from league.competitions.nights.attendance import check_in
    from league.competitions.nights.pairing import pair_night_round

    from .test_accessibility import violations

    setup, _competition, night = tuesday_swiss(4)
    for name in ("Ada", "Bea", "Cy"):
        check_in(night.pk, actor=setup.players[name].user)
    pair_night_round(night.pk, actor=setup.organizer)
    size = "phone" if phone else "laptop"
    for username in ("olga", "ada", "dot"):
        page = site.open(phone=phone, bypass_csp=True)
        site.sign_in(page, username)
        page.goto(f"/nights/{night.pk}/")
        expect(page.get_by_role("heading", level=1)).to_contain_text("Club night")
        keep(page, f"night-5-{username}-{size}")
        assert violations(page) == [], username


def test_a_player_checks_in_without_javascript(site):
    _setup, competition, night = tuesday_swiss(4)
    dot = site.open(phone=True, javascript=False)
    site.sign_in(dot, "dot")
    dot.goto(f"/nights/{night.pk}/")
    dot.get_by_role("button", name="Check in").click()
    expect(dot.get_by_role("status")).to_contain_text("Dot is checked in")
    assert competition.entries.get(player__name="Dot").check_ins.filter(left_at=None).exists()


@pytest.mark.parametrize("phone", [True, False], ids=["phone", "laptop"])
def test_the_organizer_enters_a_walk_in_and_settles_a_leavers_match(site, phone):
    from league.competitions.nights.attendance import check_in, check_out
    from league.competitions.nights.pairing import pair_night_round

    from .test_accessibility import violations

    setup, competition, night = tuesday_swiss(4)
    for name in ("Ada", "Bea", "Cy", "Dot"):
        check_in(night.pk, actor=setup.players[name].user)
    match = pair_night_round(night.pk, actor=setup.organizer).matches.order_by("pk").first()
    gone, other = match.entry_a.player.name, match.entry_b.player.name
    check_out(night.pk, actor=match.entry_a.player.user)
    size = "phone" if phone else "laptop"

    olga = site.open(phone=phone, bypass_csp=True)
    site.sign_in(olga, "olga")
    olga.goto(f"/nights/{night.pk}/")
    left = olga.get_by_role("region", name="Left with a match unplayed")
    expect(left).to_contain_text(f"{gone} left with the match of Round 1 against {other} unplayed.")
    walk = olga.get_by_role("region", name="A walk-in")
    walk.get_by_label("A newcomer's name").fill("Nina Newcomer")
    keep(olga, f"night-6-organizer-leaver-and-walk-in-{size}")
    assert violations(olga) == []
    walk.get_by_role("button", name="Enter and check in").click()
    expect(olga.get_by_role("status")).to_contain_text(
        "Nina Newcomer is entered and checked in: paired from the next round.")
    who = olga.get_by_role("region", name="Who is here")
    expect(who.get_by_role("checkbox", name=re.compile("Nina Newcomer"))).to_be_checked()
    left = olga.get_by_role("region", name="Left with a match unplayed")
    left.get_by_text(f"A forfeit by {gone}").click()
    left.get_by_role("button", name="Record it").click()
    expect(olga.get_by_role("status")).to_contain_text(f"Recorded as a forfeit: {gone} v {other}.")
    expect(olga.get_by_role("region", name="Left with a match unplayed")).to_have_count(0)
    keep(olga, f"night-7-organizer-after-{size}")
    match.refresh_from_db()
    assert (match.kind, match.winner_id) == (Match.Kind.FORFEIT, match.entry_b_id)
    assert competition.entries.get(player__name="Nina Newcomer").entered_late_at is not None
