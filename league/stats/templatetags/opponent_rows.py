"""A player's head-to-head table's rows, drawn in Python: one row per opponent met, each with a
link and a plural, which as template nodes cost the statistics page as much as the rest of it.

`{% opponent_rows table %}`: the <tr> of each opponent (league.stats.meetings.Opponent), as
templates/stats/player_stats.html places them. Everything shown is escaped (html.escape, as
Django's templates escape).
"""

from __future__ import annotations

from html import escape

from django import template
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import ngettext

from league.core.links import links

register = template.Library()


@register.simple_tag
def opponent_rows(table) -> SafeString:
    rows = list(table.rows)
    addresses = links("player", [row.player_id for row in rows])
    return mark_safe("\n".join(_row(row, address)
                               for row, address in zip(rows, addresses, strict=True)))


def _row(row, address: str) -> str:
    drawn = ""
    if row.drawn:
        said = ngettext("%(n)s drawn", "%(n)s drawn", row.drawn) % {"n": row.drawn}
        drawn = f' <span class="muted small">({escape(said)})</span>'
    return (f'<tr><th scope="row"><a href="{escape(address)}">{escape(row.name)}</a></th>'
            f'<td class="num">{row.meetings}</td><td class="num">{row.won}</td>'
            f'<td class="num">{row.lost}{drawn}</td>'
            f'<td class="num">{row.points_for}–{row.points_against}</td></tr>')
