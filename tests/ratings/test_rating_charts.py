"""The rating history chart: its geometry (SVG coordinates: y grows downwards) and its drawing."""

import re
from datetime import date, timedelta
from itertools import pairwise

import pytest
from django.utils import translation

from league.ratings.charts import HEIGHT, LEFT, RIGHT, WIDTH, history_chart
from league.ratings.selectors import HistoryPoint
from league.ratings.templatetags.rating_tags import rating_chart


def point(weeks_in, rating, rd=80.0, provisional=False):
    return HistoryPoint(date(2025, 1, 6) + timedelta(weeks=weeks_in), rating, rd, 2, 2,
                        provisional)


def coordinates(text):
    return [tuple(float(v) for v in pair.split(",")) for pair in text.split()]


def test_weeks_run_left_to_right_with_idle_weeks_kept_wide():
    chart = history_chart([point(0, 1500), point(1, 1520), point(3, 1510)])
    xs = [x for x, _ in coordinates(chart.line)]
    assert xs[0] == LEFT and xs[-1] == WIDTH - RIGHT
    assert xs[2] - xs[1] == pytest.approx(2 * (xs[1] - xs[0]), abs=0.2)  # rounded to 0.1


def test_higher_rating_is_drawn_higher():
    chart = history_chart([point(0, 1500), point(1, 1600)])
    (_, y_low), (_, y_high) = coordinates(chart.line)
    assert y_high < y_low


def test_interval_band_encloses_the_line():
    chart = history_chart([point(0, 1500, 200), point(1, 1560, 120), point(2, 1540, 90)])
    line = coordinates(chart.line)
    band = coordinates(chart.band)
    upper, lower = band[:3], list(reversed(band[3:]))
    for (x, y), (ux, uy), (lx, ly) in zip(line, upper, lower, strict=True):
        assert x == ux == lx
        assert uy < y < ly


def test_rating_ticks_cover_the_interval_inside_the_plot():
    chart = history_chart([point(0, 1500, 350), point(1, 1700, 150)])
    labels = [int(t.label) for t in chart.ratings]
    assert labels[0] <= 1500 - 700 and labels[-1] >= 1700 + 300
    assert len({b - a for a, b in pairwise(labels)}) == 1
    assert all(0 <= t.at <= HEIGHT for t in chart.ratings)


def test_single_week_is_centred_and_elo_has_no_band():
    chart = history_chart([point(0, 1516, rd=None)])
    ((x, _),) = coordinates(chart.line)
    assert x == (LEFT + WIDTH - RIGHT) / 2
    assert chart.band == ""
    assert [t.label for t in chart.weeks] == ["06 Jan 2025"]


def test_provisional_weeks_are_marked_and_described():
    chart = history_chart([point(0, 1400, 300, provisional=True), point(1, 1450)])
    assert [d.provisional for d in chart.dots] == [True, False]
    assert "provisional" in chart.dots[0].label and "± 600" in chart.dots[0].label
    assert "1400" in chart.summary and "1450" in chart.summary


def test_no_history_no_chart():
    assert history_chart([]) is None


@pytest.mark.django_db
def test_the_drawn_chart_has_a_dot_per_week_open_while_provisional_and_its_band():
    html = rating_chart([point(0, 1500), point(1, 1520, provisional=True), point(3, 1510)])
    assert html.count("<circle ") == 3
    assert html.count('fill="#ffffff"') == 1  # the provisional week's dot is open
    assert '<polygon class="rating-interval"' in html
    assert "the shaded band is the 95% interval" in html  # not "95%%"
    assert '<text x="70"' in html and 'text-anchor="start"' in html and 'text-anchor="end"' in html


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["de", "es"])
def test_the_drawn_chart_writes_its_coordinates_as_svg_reads_them_in_every_language(language):
    with translation.override(language):
        html = rating_chart([point(0, 1500.4), point(1, 1531.7)])
        assert "%%" not in html  # the translated caption's percent sign written once
    xs = [float(x) for x in re.findall(r'cx="([^"]+)"', html)]
    assert xs == [LEFT, WIDTH - RIGHT]  # "76.0", never "76,0"
    assert "rating after each week" not in html  # the caption in the page's language


def test_each_dots_reading_is_in_the_readers_language_with_the_plural_of_its_games():
    one_game = HistoryPoint(date(2025, 1, 6), 1500.0, 150.0, 1, 1, True)
    three_games = HistoryPoint(date(2025, 1, 13), 1520.0, None, 3, 4, False)
    with translation.override("de"):
        german = [dot.label for dot in history_chart([one_game, three_games]).dots]
    with translation.override("en"):
        english = [dot.label for dot in history_chart([one_game, three_games]).dots]
    assert german == ["Woche vom 06 Jan 2025: 1500 ± 300 nach 1 Partie, vorläufig",
                      "Woche vom 13 Jan 2025: 1520 nach 3 Partien"]
    assert english == ["Week of 06 Jan 2025: 1500 ± 300 after 1 game, provisional",
                       "Week of 13 Jan 2025: 1520 after 3 games"]
