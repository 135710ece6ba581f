"""A bracket's boxes as the template tags draw them: a match with its sides, seeds, games and
winner; a bye; a match not drawn; names escaped; a column's groups of boxes."""

from types import SimpleNamespace

import pytest
from django.urls import reverse

from league.competitions.models import Match
from league.competitions.templatetags.bracket_boxes import bracket_box, bracket_groups

pytestmark = pytest.mark.django_db


def player(pk, name):
    return SimpleNamespace(pk=pk, name=name)


def box(status, kind=Match.Kind.PLAYED, a=None, b=None, won="", games=(0, 0)):
    match = Match(pk=41, status=status, kind=kind, games_a=games[0], games_b=games[1],
                  winner_id=1 if won else None)
    view = SimpleNamespace(match=match, a=SimpleNamespace(player=a, won=won == "a"),
                           b=SimpleNamespace(player=b, won=won == "b"))
    return SimpleNamespace(view=view, bye_player=None)


def test_a_confirmed_match_shows_both_sides_their_seeds_games_and_the_winner():
    html = bracket_box(box(Match.Status.CONFIRMED, a=player(1, "<Ann>"), b=player(2, "Bo & Cy"),
                           won="b", games=(1, 2)), {1: 1, 2: 8})
    assert html.startswith(f'<a class="bracket-match box-confirmed" '
                           f'href="{reverse("match", args=[41])}">')
    assert ('<span class="bracket-side"><span class="seed">1</span><span class="name">&lt;Ann&gt;'
            '<span class="visually-hidden"> v</span></span><span class="games">1</span></span>'
            in html)
    assert ('<span class="bracket-side won"><span class="seed">8</span><span class="name">'
            'Bo &amp; Cy</span><span class="games">2</span></span>' in html)
    assert '<span class="visually-hidden">: Bo &amp; Cy won</span></a>' in html


def test_an_open_match_says_its_state_and_who_is_still_to_be_decided():
    html = bracket_box(box(Match.Status.SCHEDULED, a=player(1, "Ann")), {})
    assert '<span class="bracket-side nobody"><span class="seed"></span><span class="name">to be ' \
           'decided</span><span class="games"></span></span>' in html
    assert '<span class="visually-hidden">: scheduled</span>' in html


def test_a_walkover_shows_a_tick_and_a_void_match_its_missing_side_as_not_needed():
    walkover = bracket_box(box(Match.Status.CONFIRMED, Match.Kind.WALKOVER, a=player(1, "Ann"),
                               b=player(2, "Bo"), won="a"), {})
    assert '<span class="games">✓</span>' in walkover
    void = bracket_box(box(Match.Status.VOID, a=player(1, "Ann")), {})
    assert '<span class="name">not needed</span>' in void


def test_a_bye_and_a_slot_without_a_match():
    bye = bracket_box(SimpleNamespace(view=None, bye_player=player(3, "Cy")), {3: 2})
    assert bye == ('<div class="bracket-match bye"><span class="bracket-side won"><span '
                   'class="seed">2</span><span class="name">Cy</span></span><span '
                   'class="bracket-side nobody"><span class="seed"></span><span class="name">bye'
                   '</span></span></div>')
    empty = bracket_box(SimpleNamespace(view=None, bye_player=None), {})
    assert 'aria-hidden="true"' in empty and "—" in empty


def test_a_columns_groups_hold_their_boxes_as_each_box_is_drawn_alone():
    first = box(Match.Status.CONFIRMED, a=player(1, "Ann"), b=player(2, "Bo"), won="a",
                games=(2, 0))
    bye = SimpleNamespace(view=None, bye_player=player(3, "Cy"))
    empty = SimpleNamespace(view=None, bye_player=None)
    html = bracket_groups([[first, bye], [empty]], {1: 1, 3: 2})
    assert html == (
        '<li class="bracket-group"><ul>'
        f'<li class="bracket-slot">{bracket_box(first, {1: 1, 3: 2})}</li>'
        f'<li class="bracket-slot">{bracket_box(bye, {1: 1, 3: 2})}</li></ul></li>'
        f'<li class="bracket-group"><ul><li class="bracket-slot">{bracket_box(empty, {})}</li>'
        '</ul></li>')
    assert html.count(f'href="{reverse("match", args=[41])}"') == 1
