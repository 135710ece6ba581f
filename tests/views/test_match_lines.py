"""A match's line in a list, as the template tag draws it: both players and the winner marked,
the games of a confirmed match, the state of an open one, a bye, a seat still to be decided,
names escaped, words in the page's language."""

from types import SimpleNamespace

import pytest
from django.urls import reverse
from django.utils import translation

from league.competitions.models import Match
from league.competitions.templatetags.match_lines import match_items, match_line

pytestmark = pytest.mark.django_db


def entry(pk, name):
    return SimpleNamespace(pk=pk, player=SimpleNamespace(name=name))


def line(status=Match.Status.SCHEDULED, kind=Match.Kind.PLAYED, a=None, b=None, winner=None,
         games=(0, 0)):
    return match_line(made(status, kind, a, b, winner, games))


def made(status=Match.Status.SCHEDULED, kind=Match.Kind.PLAYED, a=None, b=None, winner=None,
         games=(0, 0), pk=57):
    match = Match(pk=pk, status=status, kind=kind, games_a=games[0], games_b=games[1],
                  entry_a_id=a.pk if a else None, entry_b_id=b.pk if b else None,
                  winner_id=winner.pk if winner else None)
    # the sides as the pages read them (with_sides), without the database
    match._state.fields_cache.update(entry_a=a, entry_b=b)
    return match


def test_a_confirmed_match_gives_the_games_and_marks_the_winner():
    ann, bo = entry(1, "Ann"), entry(2, "Bo")
    html = line(Match.Status.CONFIRMED, a=ann, b=bo, winner=bo, games=(1, 2))
    assert html == (
        f'<a class="match-line" href="{reverse("match", args=[57])}">'
        '<span class="players"><span>Ann</span> <span class="muted">v</span> '
        '<span class="won">Bo<span class="visually-hidden"> (won)</span></span></span> '
        '<span class="result">1–2</span></a>')


def test_an_open_match_shows_its_state_and_no_winner():
    html = line(Match.Status.REPORTED, a=entry(1, "Ann"), b=entry(2, "Bo"))
    assert '<span class="result"><span class="badge status-reported">Reported, awaiting confirmation</span>' in html
    assert 'class="won"' not in html


def test_a_walkover_gives_its_kind_not_games():
    ann, bo = entry(1, "Ann"), entry(2, "Bo")
    html = line(Match.Status.CONFIRMED, Match.Kind.WALKOVER, a=ann, b=bo, winner=ann)
    assert '<span class="result">Walkover</span>' in html
    assert '<span class="won">Ann<span class="visually-hidden"> (won)</span></span>' in html


def test_a_bye_and_a_seat_still_to_be_decided():
    bye = line(Match.Status.CONFIRMED, Match.Kind.BYE, a=entry(1, "Ann"))
    assert '<span class="muted">v</span> <span class="muted">bye</span>' in bye
    waiting = line(b=entry(2, "Bo"))
    assert '<span>To be decided</span> <span class="muted">v</span> <span>Bo</span>' in waiting
    nobody = line()
    assert nobody.count("To be decided") == 2


def test_names_are_escaped():
    html = line(a=entry(1, '<Ann & "Bo">'), b=entry(2, "Cy"))
    assert "<span>&lt;Ann &amp; &quot;Bo&quot;&gt;</span>" in html


def test_words_and_address_are_in_the_page_language():
    ann, bo = entry(1, "Ann"), entry(2, "Bo")
    with translation.override("es"):
        html = line(Match.Status.CONFIRMED, a=ann, b=bo, winner=ann, games=(2, 0))
        address, won = reverse("match", args=[57]), translation.gettext("(won)")
    assert won != "(won)"
    assert html.startswith(f'<a class="match-line" href="{address}">')
    assert f'<span class="visually-hidden"> {won}</span>' in html


def test_a_list_gives_each_match_its_own_line_and_address_in_order():
    ann, bo, cy = entry(1, "Ann"), entry(2, "Bo"), entry(3, "Cy")
    matches = [made(Match.Status.CONFIRMED, a=ann, b=bo, winner=ann, games=(2, 1), pk=71),
               made(a=bo, b=cy, pk=9), made(Match.Status.CONFIRMED, Match.Kind.BYE, a=cy, pk=8)]
    items = match_items(matches)
    assert items == "".join(f"<li>{match_line(match)}</li>" for match in matches)
    assert [reverse("match", args=[pk]) in item for pk, item in
            zip([71, 9, 8], items.split("</li>"), strict=False)] == [True, True, True]
    assert match_items([]) == ""
