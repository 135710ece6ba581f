"""A standings table's rows, drawn in Python: each row is a dozen cells with links,
translations and a loop over the tiebreaks, which as template nodes cost the page more than the
rest of the table.

`standings_rows table lines`: the <tr> of each line (league.competitions.views.competitions.
TableLine) of the table, as templates/includes/standings_table.html places them. Everything
shown is escaped (html.escape, as Django's templates escape).
"""

from __future__ import annotations

from html import escape

from django import template
from django.utils.safestring import SafeString, mark_safe
from django.utils.text import capfirst
from django.utils.translation import gettext

from league.core.links import links

register = template.Library()


@register.simple_tag
def standings_rows(table, lines) -> SafeString:
    words = {key: escape(text) for key, text in (
        ("no result", gettext("No result yet")), ("level", gettext("Level with another row")),
        ("withdrawn", gettext("withdrawn")), ("game pts", gettext("Game pts")))}
    words["ahead"] = gettext("ahead of %(who)s on %(what)s")  # escaped once filled in
    labels = {tiebreak: escape(capfirst(str(label))) for tiebreak, label in table.tiebreaks}
    started, byes_won = table.started, table.byes_count_as_wins
    addresses = links("player", [line.row.player.pk for line in lines])
    return mark_safe("\n".join(_row(line, address, words, labels, started, byes_won)
                                for line, address in zip(lines, addresses, strict=True)))


def _row(line, address: str, words: dict, labels: dict, started: bool, byes_won: bool) -> str:
    row = line.row
    if not started:
        rank = f'<span title="{words["no result"]}">–</span>'
    elif line.tied:
        rank = f'<abbr title="{words["level"]}">=</abbr>{row.rank}'
    else:
        rank = str(row.rank)
    badge = f' <span class="badge">{words["withdrawn"]}</span>' if row.withdrawn else ""
    note = ""
    if line.ahead_on:
        said = words["ahead"] % {"who": line.ahead_of, "what": line.ahead_on}
        note = f'<span class="tiebreak-note">{escape(said)}</span>'
    figures = "".join(f" · {labels[v.tiebreak]} {escape(v.shown)}" for v in row.tiebreaks)
    values = "".join(f'<td class="num tiebreak wide-only">{escape(v.shown)}</td>'
                     for v in row.tiebreaks)
    played, won = (row.played + row.byes, row.won + row.byes) if byes_won else (row.played,
                                                                                 row.won)
    address = escape(address)
    points = f"{row.game_points_for}–{row.game_points_against}"
    shade = ' class="withdrawn"' if row.withdrawn else ""
    return (
        f'<tr{shade}><td class="num">{rank}</td>'
        f'<td class="player-cell"><a href="{address}">{escape(row.player.name)}</a>{badge} {note} '
        f'<span class="phone-only standings-figures">{words["game pts"]} {points}{figures}'
        f'</span></td><td class="num points">{row.match_points}</td><td class="num">{played}</td>'
        f'<td class="num">{won}</td><td class="num">{row.drawn}</td><td class="num">{row.lost}'
        f'</td><td class="num wide-only">{points}</td>{values}</tr>')
