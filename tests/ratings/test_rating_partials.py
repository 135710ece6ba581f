"""The ratings partials render: badge, history chart, win chances."""

from datetime import date

import pytest
from django.template import Context, Template
from django.template.defaultfilters import floatformat
from django.utils import translation
from hypothesis import given
from hypothesis import strategies as st

from league.clubs.models import Club
from league.ratings.charts import history_chart
from league.ratings.selectors import CurrentRating, HistoryPoint, WinChances
from league.ratings.templatetags.rating_tags import rating_badge, whole


def current(rating=1612.4, rd=48.0, provisional=False, system=Club.RatingSystem.GLICKO2,
            games=31, open_week=False):
    return CurrentRating(7, system, rating, rd, 0.06 if rd else None, games, date(2025, 3, 3), 0,
                         provisional, open_week)


def test_badge_shows_rating_and_interval():
    assert rating_badge(current()) == (
        '<span class="rating-badge" title="Glicko-2 rating, 95% sure between 1516 and 1708, '
        'after 31 rated games">1612<span class="rating-margin"> ±96</span></span>')


def test_badge_marks_a_provisional_rating():
    html = rating_badge(current(rd=180.0, provisional=True, games=1))
    assert 'class="rating-badge provisional"' in html
    assert ('after 1 rated game: provisional until it has more games and a narrower interval"'
            in html)
    assert html.endswith(' <span class="rating-provisional">provisional</span></span>')


def test_badge_of_a_week_not_closed_says_it_moves_until_it_closes():
    html = rating_badge(current(open_week=True))
    assert 'class="rating-badge"' in html
    assert ("; this week&#x27;s results count as if the week closed now, until it closes\""
            in html)
    assert '<span class="rating-provisional">provisional</span>' in html


def test_elo_badge_has_no_interval():
    html = rating_badge(current(rd=None, system=Club.RatingSystem.ELO, provisional=True))
    assert 'title="Elo rating, after 31 rated games: provisional until it has more games"' in html
    assert "±" not in html


def test_badge_of_an_unrated_player():
    assert rating_badge(None) == '<span class="rating-badge unrated">unrated</span>'


def test_badge_in_the_page_language_with_its_number_format():
    with translation.override("de"):
        html = rating_badge(current(rating=1612.5, games=2))
        words = translation.ngettext("after %(games)s rated game", "after %(games)s rated games",
                                     2) % {"games": 2}
    assert words != "after 2 rated games" and words in html
    assert ">1613<" in html  # half away from zero, as the template's floatformat


@given(st.one_of(st.floats(-5000, 5000).filter(lambda x: x == 0 or abs(x) >= 0.001),
                 st.integers(-5000, 5000).map(lambda n: n + 0.5)))
def test_a_badge_number_is_written_as_floatformat_writes_it(number):
    """Rounded half up to a whole number, in every language, halves and negatives included (a
    rating, its margin and interval: Django writes a float far below a thousandth in its
    exponent form, which no rating is)."""
    for language in ("en", "es", "de"):
        with translation.override(language):
            assert whole(number) == floatformat(number, 0)


def test_history_chart_renders_svg():
    history = [HistoryPoint(date(2025, 1, 6), 1480.0, 200.0, 2, 2, True),
               HistoryPoint(date(2025, 1, 20), 1530.5, 120.0, 3, 5, False)]
    html = Template("{% load rating_tags %}{% rating_chart history %}").render(
        Context({"history": history})
    )
    chart = history_chart(history)
    assert "<svg" in html and f'points="{chart.line}"' in html
    assert html.count("<circle") == 2
    assert chart.dots[0].label in html
    assert f'aria-label="{chart.summary}"' in html


def test_history_chart_without_games():
    html = Template("{% load rating_tags %}{% rating_chart history %}").render(
        Context({"history": ()})
    )
    assert "No rated games yet" in html and "<svg" not in html


@pytest.mark.parametrize("provisional", [False, True])
def test_win_chances_line(provisional):
    chances = WinChances(1, 2, Club.RatingSystem.GLICKO2, 0.6374, provisional)
    html = Template("{% load rating_tags %}{% win_chances chances 'Ann' 'Bob' %}").render(
        Context({"chances": chances})
    )
    assert "Ann 64%" in html and "36% Bob" in html
    assert '<rect width="64"' in html
    assert ("provisional ratings" in html) is provisional


def test_badges_in_a_list_from_ratings_for():
    ratings = {7: current(rating=1701.0)}
    html = Template(
        "{% load rating_tags %}{% for id in ids %}{% rating_badge ratings|rating_of:id %}"
        "{% endfor %}"
    ).render(Context({"ratings": ratings, "ids": [7, 8]}))
    assert "1701" in html and "unrated" in html
