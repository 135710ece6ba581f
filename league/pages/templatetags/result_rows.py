"""The rows of a table of matches seen from one player's side, drawn in Python: a player's page
lists twenty, and as template nodes each row (six cells, three links, a date in the club's zone)
cost more than the rest of the page's body.

`{% result_rows lines points %}`: the <tr> of each line (league.pages.player_selectors.
ResultLine), as templates/includes/result_table.html places them; `points` adds the game points.
Everything shown is escaped (html.escape, as Django's templates escape).
"""

from __future__ import annotations

from datetime import date
from html import escape

from django import template
from django.template.defaultfilters import date as format_date
from django.utils import timezone
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext, pgettext

from league.competitions.models import Match
from league.core.links import links
from league.core.words import for_each_language, in_one_language

register = template.Library()


def outcome_words() -> dict[str, str]:
    """A result seen from the player's side, in the page's language."""
    return {"won": pgettext("a match's result for one player", "Won"),
            "lost": pgettext("a match's result for one player", "Lost"),
            "drawn": pgettext("a match's result for one player", "Drawn")}


@for_each_language()
def _words() -> tuple[dict[str, str], dict[str, str]]:
    """The rows' words and outcomes, escaped: looked up once per language, not on every page."""
    words = {key: escape(text) for key, text in (
        ("date", gettext("Date")), ("opponent", gettext("Opponent")),
        ("result", gettext("Result")), ("games", gettext("Games")),
        ("points", gettext("Game points")), ("competition", gettext("Competition")),
        ("bye", gettext("bye")), ("undecided", gettext("To be decided")),
        ("open", gettext("open the match")), ("day", gettext("j M Y")))}
    return words, {key: escape(text) for key, text in outcome_words().items()}


@for_each_language(maxsize=4096)
def _day(day: date, shape: str) -> str:
    """A day as the rows write it ("7 Dec 2026"), escaped."""
    return escape(format_date(day, shape))


@register.simple_tag
@in_one_language
def result_rows(lines, points: bool = False) -> SafeString:
    words, outcomes = _words()
    lines = list(lines)
    # each page's addresses in one call: per row, the lookups of the language and the URLconf
    # cost as much as the rest of the row
    addresses = zip(links("player", [line.opponent.pk if line.opponent else 0 for line in lines]),
                    links("match", [line.match.pk for line in lines]),
                    links("competition", [line.match.competition_id for line in lines]),
                    strict=True)
    return mark_safe("\n".join(_row(line, words, outcomes, points, *found)
                                for line, found in zip(lines, addresses, strict=True)))


def _row(line, words: dict, outcomes: dict, points: bool, player_address: str,
         match_address: str, competition_address: str) -> str:
    match = line.match
    day = _day(timezone.localdate(match.confirmed_at), words["day"]) if match.confirmed_at else "—"
    if line.opponent is not None:
        opponent = (f'<a href="{escape(player_address)}">'
                    f"{escape(line.opponent.name)}</a>")
    else:
        nobody = words["bye" if match.kind == Match.Kind.BYE else "undecided"]
        opponent = f'<span class="muted">{nobody}</span>'
    said = outcomes[line.outcome] if line.outcome else escape(match.get_status_display())
    if match.kind != Match.Kind.PLAYED:
        said += f' <span class="small">({escape(match.get_kind_display().lower())})</span>'
    result = (f'<a class="outcome outcome-{escape(line.outcome or "open")}" '
              f'href="{escape(match_address)}">{said}'
              f'<span class="visually-hidden">: {words["open"]}</span></a>')
    game_points = ""
    if points:
        shown = ("—" if line.points_for is None
                 else f"{line.points_for}–{line.points_against}")
        game_points = f'<td class="num" data-label="{words["points"]}">{shown}</td>'
    return (
        f'<tr><td data-label="{words["date"]}">{day}</td>'
        f'<td data-label="{words["opponent"]}">{opponent}</td>'
        f'<td data-label="{words["result"]}">{result}</td>'
        f'<td class="num" data-label="{words["games"]}">{line.games_for}–{line.games_against}</td>'
        f"{game_points}"
        f'<td class="wrap" data-label="{words["competition"]}">'
        f'<a href="{escape(competition_address)}">'
        f"{escape(match.competition.name)}</a> "
        f'<span class="muted small">{escape(str(match.round))}</span></td></tr>')
