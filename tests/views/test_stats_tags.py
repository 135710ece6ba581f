"""The statistics page's form chart as its template tag draws it: each bar's rectangle, colour,
tooltip and letter; checked against the markup the page's template drew bar by bar, in every
shipped language."""

from datetime import UTC, datetime

import pytest
from django.template import Context, Template
from django.utils import translation

from league.stats.charts import form_chart
from league.stats.meetings import FormMatch

BARS = Template(
    "{% for bar in chart.bars %}<rect x=\"{{ bar.x }}\" y=\"{{ bar.y }}\" width=\"{{ bar.width }}\" "
    "height=\"{{ bar.height }}\" fill=\"{% if bar.outcome == 'won' %}#2e7d32{% elif bar.outcome == "
    "'lost' %}#b3261e{% else %}#55606a{% endif %}\"><title>{{ bar.label }}</title></rect>\n"
    "<text x=\"{{ bar.x|add:14 }}\" y=\"{{ bar.letter_y }}\" text-anchor=\"middle\" font-size=\"13\" "
    "font-weight=\"700\" fill=\"#1d2327\">{{ bar.letter }}</text>{% if not forloop.last %}\n"
    "{% endif %}{% endfor %}")
TAG = Template("{% load form_bars %}{% form_bars chart %}")


def chart():
    played = [("won", 2, 0, "Bo & <Co>"), ("lost", 1, 2, "Ann"), ("drawn", 1, 1, "Cid"),
              ("won", 5, 1, "Dot")]
    return form_chart([FormMatch(day, datetime(2026, 3, day, 20, tzinfo=UTC), outcome, ours,
                                 theirs, opponent)
                       for day, (outcome, ours, theirs, opponent) in enumerate(played, start=1)])


@pytest.mark.parametrize("language", ["en", "es", "de"])
def test_the_bars_are_drawn_as_the_template_drew_them(language):
    with translation.override(language):
        shown = chart()
        assert TAG.render(Context({"chart": shown})) == BARS.render(Context({"chart": shown}))


def test_the_tooltip_is_escaped_and_each_outcome_has_its_colour():
    drawn = TAG.render(Context({"chart": chart()}))
    assert "Bo &amp; &lt;Co&gt;" in drawn and "<Co>" not in drawn
    assert [drawn.count(f'fill="{colour}"') for colour in ("#2e7d32", "#b3261e", "#55606a")] == [
        2, 1, 1]
