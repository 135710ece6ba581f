"""The standings table's rows as the template tag draws them: escaped names, the rank marks, the
tiebreak that put a row ahead, a withdrawn entry, byes counted as wins in a Swiss."""

from types import SimpleNamespace

import pytest
from django.urls import reverse

from league.competitions.algorithms.tiebreaks import Tiebreak
from league.competitions.templatetags.standings_rows import standings_rows

pytestmark = pytest.mark.django_db


def row(pk, name, rank, *, withdrawn=False, byes=0, wins="2"):
    return SimpleNamespace(
        rank=rank, player=SimpleNamespace(pk=pk, name=name), withdrawn=withdrawn, played=3,
        won=2, drawn=0, lost=1, byes=byes, match_points=6, game_points_for=250,
        game_points_against=180,
        tiebreaks=(SimpleNamespace(tiebreak=Tiebreak.WINS, label="number of wins", shown=wins),))


def table(*, started=True, byes_count_as_wins=False):
    return SimpleNamespace(tiebreaks=((Tiebreak.WINS, "number of wins"),), started=started,
                           byes_count_as_wins=byes_count_as_wins)


def line(r, *, ahead_of="", ahead_on="", tied=False):
    return SimpleNamespace(row=r, ahead_of=ahead_of, ahead_on=ahead_on, tied=tied)


def test_a_row_escapes_the_name_links_the_player_and_shows_every_figure():
    html = standings_rows(table(), [line(row(7, '<Ann & "Bo">', 1))])
    assert f'<a href="{reverse("player", args=[7])}">&lt;Ann &amp; &quot;Bo&quot;&gt;</a>' in html
    assert '<td class="num">1</td>' in html
    assert '<td class="num points">6</td>' in html
    assert "Game pts 250–180 · Number of wins 2</span>" in html
    assert '<td class="num wide-only">250–180</td><td class="num tiebreak wide-only">2</td>' in html
    assert "<abbr" not in html and "badge" not in html and "tiebreak-note" not in html


def test_rows_level_on_everything_are_marked_and_the_separating_tiebreak_is_named():
    first = line(row(1, "Ann", 1), ahead_of="Bo <2>", ahead_on="number of wins")
    second = line(row(2, "Bo <2>", 1), tied=True)
    html = standings_rows(table(), [first, second])
    assert '<span class="tiebreak-note">ahead of Bo &lt;2&gt; on number of wins</span>' in html
    assert html.count('<abbr title="Level with another row">=</abbr>1') == 1


def test_a_withdrawn_entry_is_shaded_and_badged():
    html = standings_rows(table(), [line(row(3, "Cy", 4, withdrawn=True))])
    assert html.startswith('<tr class="withdrawn">')
    assert '</a> <span class="badge">withdrawn</span>' in html


def test_before_any_result_no_rank_is_shown():
    html = standings_rows(table(started=False), [line(row(3, "Cy", 1))])
    assert '<td class="num"><span title="No result yet">–</span></td>' in html


def test_a_swiss_counts_its_byes_in_played_and_won():
    html = standings_rows(table(byes_count_as_wins=True), [line(row(3, "Cy", 1, byes=1))])
    assert '<td class="num">4</td><td class="num">3</td><td class="num">0</td>' in html
