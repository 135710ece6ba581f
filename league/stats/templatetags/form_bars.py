"""The form chart's bars, drawn in Python: each bar is a rectangle with its tooltip and a letter,
which as template nodes cost the statistics page more than the rest of its chart.

`{% form_bars chart %}`: the SVG of each bar of the chart (league.stats.charts.FormChart), as
templates/stats/form_chart.html places them. The tooltip and the letter are escaped
(html.escape, as Django's templates escape); the geometry is whole numbers.
"""

from __future__ import annotations

from html import escape

from django import template
from django.utils.safestring import SafeString, mark_safe

register = template.Library()

FILLS = {"won": "#2e7d32", "lost": "#b3261e"}
OTHER_FILL = "#55606a"  # a draw


@register.simple_tag
def form_bars(chart) -> SafeString:
    return mark_safe("\n".join(
        f'<rect x="{bar.x}" y="{bar.y}" width="{bar.width}" height="{bar.height}" '
        f'fill="{FILLS.get(bar.outcome, OTHER_FILL)}"><title>{escape(bar.label)}</title></rect>\n'
        f'<text x="{bar.x + 14}" y="{bar.letter_y}" text-anchor="middle" font-size="13" '
        f'font-weight="700" fill="#1d2327">{escape(bar.letter)}</text>'
        for bar in chart.bars))
