"""An embed's matches, drawn in Python: a list item for each match of a round, with its table,
its sides (the winner in bold) and, once confirmed, its score. A bracket's embed lists every
match of the competition, and as an included template each item cost more than the rest of
the page. Names and words are escaped (html.escape, as Django's templates escape).

    {% load embed_matches %}<ul>{% embed_match_items round.match_list %}</ul>
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from django import template
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext

from league.competitions.models import Match
from league.core.words import for_each_language, in_one_language

register = template.Library()


@for_each_language()
def _words() -> dict[str, str]:
    """The items' words, escaped: looked up once per language, not on each item."""
    return {"undecided": escape(gettext("to be decided")), "v": escape(gettext("v")),
            "bye": escape(gettext("bye")), "table": gettext("Table %(table)s")}


@register.simple_tag
@in_one_language
def embed_match_items(matches: Sequence[Match]) -> SafeString:
    words = _words()
    return mark_safe("".join(_item(match, words) for match in matches))


def _item(match: Match, words: dict[str, str]) -> str:
    table = (f'<span class="muted">{words["table"] % {"table": escape(str(match.table))}}'
             "</span> " if match.table else "")
    a = escape(match.entry_a.player.name) if match.entry_a else words["undecided"]
    if match.entry_b:
        b = escape(match.entry_b.player.name)
    else:
        b = words["bye"] if match.kind == Match.Kind.BYE else words["undecided"]
    score = (f' <span class="muted">{match.games_a}–{match.games_b}</span>'
             if match.status == Match.Status.CONFIRMED else "")
    return (f"<li>{table}<span{_winner(match, match.entry_a_id)}>{a}</span> {words['v']} "
            f"<span{_winner(match, match.entry_b_id)}>{b}</span>{score}</li>\n")


def _winner(match: Match, entry_id: int | None) -> str:
    return ' class="winner"' if match.winner_id and match.winner_id == entry_id else ""
