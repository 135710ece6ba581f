"""A bracket's boxes, drawn in Python: a bracket of 64 players has 63 boxes, and a box as two
included templates costs the page more than everything else it draws.

`bracket_box slot seeds`: one box (a match, a bye, or a match not drawn), as
templates/includes/bracket.html places it; `bracket_groups column.groups seeds`: a tree
column's groups of boxes, each box in its list item. Names, links and words are escaped
(html.escape, as Django's templates escape).
"""

from __future__ import annotations

from html import escape
from typing import NamedTuple

from django import template
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext

from league.core.links import link, links
from league.core.words import for_each_language, in_one_language

register = template.Library()

CONFIRMED, VOID, PLAYED, BYE = "confirmed", "void", "played", "bye"


class Words(NamedTuple):
    """The words of the boxes, escaped, looked up once per language."""

    versus: str
    bye: str
    undecided: str
    not_needed: str
    won: str  # "%(name)s won", the name filled in and escaped after


@for_each_language()
def _words() -> Words:
    return Words(escape(gettext("v")), escape(gettext("bye")), escape(gettext("to be decided")),
                 escape(gettext("not needed")), gettext("%(name)s won"))


@register.simple_tag
@in_one_language
def bracket_groups(groups, seeds) -> SafeString:
    """A tree column's groups (lists of slots), each a list item holding its boxes' list."""
    words = _words()
    matches = [slot.view.match.pk for group in groups for slot in group if slot.view is not None]
    addresses = dict(zip(matches, links("match", matches), strict=True))
    return mark_safe("".join(
        '<li class="bracket-group"><ul>'
        + "".join(f'<li class="bracket-slot">{_box(slot, seeds, words, addresses)}</li>'
                  for slot in group)
        + "</ul></li>" for group in groups))


@register.simple_tag
def bracket_box(slot, seeds) -> SafeString:
    """The box of a bracket slot (league.competitions.views.bracket_layout.Slot); `seeds`:
    {player id: seed}."""
    addresses = {} if slot.view is None else {
        slot.view.match.pk: link("match", slot.view.match.pk)}
    return mark_safe(_box(slot, seeds, _words(), addresses))


def _box(slot, seeds, words: Words, addresses: dict[int, str]) -> str:
    view = slot.view
    if view is not None:
        return _match_box(view, seeds, words, addresses[view.match.pk])
    if slot.bye_player is not None:
        seed = seeds.get(slot.bye_player.pk) or ""
        return ('<div class="bracket-match bye">'
                f'<span class="bracket-side won"><span class="seed">{seed}</span>'
                f'<span class="name">{escape(slot.bye_player.name)}</span></span>'
                '<span class="bracket-side nobody"><span class="seed"></span>'
                f'<span class="name">{words.bye}</span></span></div>')
    return ('<div class="bracket-match nobody" aria-hidden="true">'
            '<span class="bracket-side"><span class="name">—</span></span>'
            '<span class="bracket-side"><span class="name">—</span></span></div>')


def _match_box(view, seeds, words: Words, address: str) -> str:
    match = view.match
    if match.status != CONFIRMED:
        said = f": {escape(match.get_status_display().lower())}"
    elif match.winner_id:
        winner = view.a if view.a.won else view.b
        name = winner.player.name if winner.player is not None else ""
        said = f": {escape(words.won % {'name': name})}"
    else:
        said = ""
    return (f'<a class="bracket-match box-{escape(match.status)}" href="{escape(address)}">'
            f'{_side(view.a, match, match.games_a, seeds, words, first=True)}'
            f'{_side(view.b, match, match.games_b, seeds, words)}'
            f'<span class="visually-hidden">{said}</span></a>')


def _side(side, match, games: int, seeds, words: Words, *, first: bool = False) -> str:
    classes = "bracket-side" + (" won" if side.won else "") + ("" if side.player else " nobody")
    if side.player:
        seed = seeds.get(side.player.pk) or ""
        name = escape(side.player.name)
        if first:
            name += f'<span class="visually-hidden"> {words.versus}</span>'
    else:
        seed = ""
        name = (words.not_needed if match.status == VOID
                else words.bye if match.kind == BYE else words.undecided)
    played = match.status == CONFIRMED and match.kind == PLAYED
    shown = games if played else "✓" if side.won else ""
    return (f'<span class="{classes}"><span class="seed">{seed}</span><span class="name">{name}'
            f'</span><span class="games">{shown}</span></span>')
