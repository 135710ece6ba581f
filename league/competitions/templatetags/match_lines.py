"""A match in a list, drawn in Python: the two players, the result or its state, a link to its
page. A player's page, the home page and a competition's rounds list a line for each match,
and as an included template each line cost more than the rest of its list item.

`{% match_line match %}`: the line of a match whose sides (`entry_a`, `entry_b` with their
players) are read; `{% match_items matches %}`: a list item with the line of each match, their
words and their pages' address looked up once for the list (`lines_of`). Names and words are
escaped (html.escape, as Django's templates escape).
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from django import template
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext

from league.competitions.models import Match
from league.core.links import links
from league.core.words import for_each_language, in_one_language

register = template.Library()


@for_each_language()
def _words() -> dict[str, str]:
    """The line's words, escaped: looked up once per language, not on each line of a list."""
    return {"undecided": escape(gettext("To be decided")), "v": escape(gettext("v")),
            "bye": escape(gettext("bye")), "won": escape(gettext("(won)"))}


@register.simple_tag
def match_line(match: Match) -> SafeString:
    return mark_safe(lines_of([match])[0])


@register.simple_tag
@in_one_language
def match_items(matches: Sequence[Match]) -> SafeString:
    return mark_safe("".join(f"<li>{line}</li>" for line in lines_of(matches)))


@in_one_language
def lines_of(matches: Sequence[Match]) -> list[str]:
    """The line of each match, as HTML."""
    words = _words()
    addresses = links("match", [match.pk for match in matches])
    return [_line(match, address, words)
            for match, address in zip(matches, addresses, strict=True)]


def _line(match: Match, address: str, words: dict[str, str]) -> str:
    undecided, versus = words["undecided"], words["v"]
    winner = match.winner_id
    a = _side(match.entry_a, winner is not None and winner == match.entry_a_id, words)
    if match.entry_b is not None:
        b = _side(match.entry_b, winner is not None and winner == match.entry_b_id, words)
    else:
        b = words["bye"] if match.kind == Match.Kind.BYE else undecided
        b = f'<span class="muted">{b}</span>'
    if match.status != Match.Status.CONFIRMED:
        result = (f'<span class="badge status-{escape(match.status)}">'
                  f"{escape(match.get_status_display())}</span>")
    elif match.kind == Match.Kind.PLAYED:
        result = f"{match.games_a}–{match.games_b}"
    else:
        result = escape(match.get_kind_display())
    return (f'<a class="match-line" href="{escape(address)}">'
            f'<span class="players">{a} <span class="muted">{versus}</span> {b}</span> '
            f'<span class="result">{result}</span></a>')


def _side(entry, won: bool, words: dict[str, str]) -> str:
    name = escape(entry.player.name) if entry is not None else words["undecided"]
    if not won:
        return f"<span>{name}</span>"
    return f'<span class="won">{name}<span class="visually-hidden"> {words["won"]}</span></span>'
