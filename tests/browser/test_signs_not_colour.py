"""A win is shown by more than a colour: the winner's name carries a tick on screen and the word
"won" for a screen reader, in a list of matches, in the bracket and on the match's score."""

from __future__ import annotations

import pytest
from django.test import TestCase

from league.competitions.results.services import confirm_result, report_result

from .club import knockout_club
from .steps import expect
from .test_accessibility import play_hands

pytestmark = pytest.mark.django_db(transaction=True)

def test_the_winner_of_a_match_is_marked_by_a_tick_and_in_words(site):
    ko = knockout_club()
    ada, hal = ko.players["Ada"].user, ko.players["Hal"].user
    match = ko.match_of("Ada")
    play_hands(match, ada, [("A", "gin", 60), ("A", "knock", 45)])
    with TestCase.captureOnCommitCallbacks(execute=True):
        report_result(match.pk, actor=ada)
        confirm_result(match.pk, actor=hal)
    page = site.open(phone=True)
    page.goto(ko.competition.get_absolute_url())
    line = page.locator(f'a.match-line[href="{match.get_absolute_url()}"]')
    winner = line.locator(".won")
    expect(winner).to_contain_text("Ada")
    expect(winner.locator(".visually-hidden")).to_have_text(" (won)")
    assert winner.evaluate("el => getComputedStyle(el, '::after').content") == '" ✓"'
    bracket_winner = page.locator(".bracket-side.won .name").first
    assert bracket_winner.evaluate("el => getComputedStyle(el, '::before').content") == '"✓ "'
    page.goto(match.get_absolute_url())
    side = page.locator(".scoreboard .side.won > a")
    expect(side).to_have_text("Ada")
    assert side.evaluate("el => getComputedStyle(el, '::after').content") == '" ✓"'
