"""The head-to-head table's rows on a player's statistics page: one per opponent, his name linked
to his page and escaped, his record against him, and the matches drawn said in the reader's
language."""

from django.template import engines
from django.utils import translation

from league.stats.meetings import HeadToHeadTable, Opponent

ROWS = engines["django"].from_string("{% load opponent_rows %}{% opponent_rows table %}")


def rows(*opponents: Opponent) -> str:
    return ROWS.render({"table": HeadToHeadTable(list(opponents))})


def test_each_opponent_is_a_row_linked_to_his_page():
    shown = rows(Opponent(7, "Bea", 3, 2, 0, 1, 310, 205), Opponent(9, "Cid", 1, 0, 0, 1, 90, 100))
    assert shown.split("\n") == [
        '<tr><th scope="row"><a href="/players/7/">Bea</a></th><td class="num">3</td>'
        '<td class="num">2</td><td class="num">1</td><td class="num">310–205</td></tr>',
        '<tr><th scope="row"><a href="/players/9/">Cid</a></th><td class="num">1</td>'
        '<td class="num">0</td><td class="num">1</td><td class="num">90–100</td></tr>']


def test_a_name_is_escaped():
    assert "<a href=\"/players/4/\">&lt;b&gt;Ann &amp; Bo&lt;/b&gt;</a>" in rows(
        Opponent(4, "<b>Ann & Bo</b>", 1, 1, 0, 0, 100, 0))


def test_the_matches_drawn_are_said_in_the_readers_language():
    drawn = Opponent(5, "Dot", 4, 1, 2, 1, 300, 280)
    assert '<td class="num">1 <span class="muted small">(2 drawn)</span></td>' in rows(drawn)
    with translation.override("de"):
        assert "(2 unentschieden)" in rows(drawn)


def test_no_opponent_no_row():
    assert rows() == ""
