"""A player's results as the template tag draws their rows: the day in the club's zone, the
opponent, the outcome from his side in the page's language, games and game points, the
competition and round; a bye, a match still open, a walkover; names escaped."""

from datetime import UTC, datetime
from types import SimpleNamespace

import pytest
from django.urls import reverse
from django.utils import timezone, translation

from league.competitions.models import Competition, Match, Round
from league.pages.player_selectors import ResultLine
from league.pages.templatetags.result_rows import result_rows

pytestmark = pytest.mark.django_db

CONFIRMED = datetime(2026, 3, 14, 23, 30, tzinfo=UTC)


def line(outcome="won", kind=Match.Kind.PLAYED, status=Match.Status.CONFIRMED, opponent="Bo",
         confirmed_at=CONFIRMED, points=(None, None)):
    match = Match(pk=57, kind=kind, status=status, confirmed_at=confirmed_at, competition_id=9)
    match.competition = Competition(pk=9, name="Winter <League>")
    match.round = Round(pk=3, number=2)
    them = SimpleNamespace(pk=8, name=opponent) if opponent else None
    return ResultLine(match, them, outcome, 2, 1, *points)


def test_a_won_match_gives_the_day_opponent_outcome_games_and_competition():
    with timezone.override("Europe/London"):
        html = result_rows([line()])
    assert html == (
        '<tr><td data-label="Date">14 Mar 2026</td>'
        f'<td data-label="Opponent"><a href="{reverse("player", args=[8])}">Bo</a></td>'
        f'<td data-label="Result"><a class="outcome outcome-won" '
        f'href="{reverse("match", args=[57])}">Won<span class="visually-hidden">: open the match'
        '</span></a></td><td class="num" data-label="Games">2–1</td>'
        f'<td class="wrap" data-label="Competition"><a href="{reverse("competition", args=[9])}">'
        'Winter &lt;League&gt;</a> <span class="muted small">Round 2</span></td></tr>')


def test_the_day_is_the_clubs():
    with timezone.override("Australia/Sydney"):  # 10:30 the next morning there
        assert '<td data-label="Date">15 Mar 2026</td>' in result_rows([line()])


def test_game_points_when_asked_and_a_dash_without_games():
    html = result_rows([line(points=(120, 40)), line(outcome="lost")], points=True)
    assert '<td class="num" data-label="Game points">120–40</td>' in html
    assert '<td class="num" data-label="Game points">—</td>' in html
    assert "Game points" not in result_rows([line(points=(120, 40))])


def test_an_open_match_gives_its_state_and_a_bye_says_so():
    html = result_rows([line(outcome="", status=Match.Status.SCHEDULED, confirmed_at=None)])
    assert '<td data-label="Date">—</td>' in html
    assert 'class="outcome outcome-open"' in html and ">Scheduled<span" in html
    bye = result_rows([line(kind=Match.Kind.BYE, opponent=None)])
    assert '<span class="muted">bye</span>' in bye
    assert 'Won <span class="small">(bye)</span>' in bye


def test_a_walkover_names_its_kind_beside_the_outcome():
    html = result_rows([line(outcome="lost", kind=Match.Kind.WALKOVER)])
    assert 'Lost <span class="small">(walkover)</span>' in html


def test_the_outcome_is_in_the_page_language():
    for code in ("es", "de"):
        with translation.override(code):
            html = result_rows([line(), line(outcome="lost"), line(outcome="drawn")])
            words = [translation.pgettext("a match's result for one player", word)
                     for word in ("Won", "Lost", "Drawn")]
        assert all(word not in ("Won", "Lost", "Drawn") for word in words)
        assert all(f">{word}<span" in html for word in words)


def test_names_are_escaped():
    html = result_rows([line(opponent='<Ann & "Cy">')])
    assert ">&lt;Ann &amp; &quot;Cy&quot;&gt;</a>" in html
