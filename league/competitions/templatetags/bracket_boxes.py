"""A bracket's boxes, drawn in Python: a bracket of 64 players has 63 boxes, and a box as two
included templates costs the page more than everything else it draws.

`bracket_box slot seeds`: one box (a match, a bye, or a match not drawn), as
templates/includes/bracket.html places it. Names, links and words are escaped
(html.escape, as Django's templates escape).
"""

from __future__ import annotations

from html import escape

from django import template
from django.urls import reverse
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext

register = template.Library()

CONFIRMED, VOID, PLAYED, BYE = "confirmed", "void", "played", "bye"


@register.simple_tag
def bracket_box(slot, seeds) -> SafeString:
    """The box of a bracket slot (league.competitions.views.bracket_layout.Slot); `seeds`:
    {player id: seed}."""
    view = slot.view
    if view is not None:
        return mark_safe(_match_box(view, seeds))
    if slot.bye_player is not None:
        seed = seeds.get(slot.bye_player.pk) or ""
        return mark_safe(
            '<div class="bracket-match bye">'
            f'<span class="bracket-side won"><span class="seed">{seed}</span>'
            f'<span class="name">{escape(slot.bye_player.name)}</span></span>'
            '<span class="bracket-side nobody"><span class="seed"></span>'
            f'<span class="name">{escape(gettext("bye"))}</span></span></div>')
    return mark_safe('<div class="bracket-match nobody" aria-hidden="true">'
                     '<span class="bracket-side"><span class="name">—</span></span>'
                     '<span class="bracket-side"><span class="name">—</span></span></div>')


def _match_box(view, seeds) -> str:
    match = view.match
    if match.status != CONFIRMED:
        said = f": {escape(match.get_status_display().lower())}"
    elif match.winner_id:
        winner = view.a if view.a.won else view.b
        name = winner.player.name if winner.player is not None else ""
        said = f': {escape(gettext("%(name)s won") % {"name": name})}'
    else:
        said = ""
    link = escape(reverse("match", args=[match.pk]))
    return (f'<a class="bracket-match box-{escape(match.status)}" href="{link}">'
            f'{_side(view.a, match, match.games_a, seeds, first=True)}'
            f'{_side(view.b, match, match.games_b, seeds)}'
            f'<span class="visually-hidden">{said}</span></a>')


def _side(side, match, games: int, seeds, *, first: bool = False) -> str:
    classes = "bracket-side" + (" won" if side.won else "") + ("" if side.player else " nobody")
    if side.player:
        seed = seeds.get(side.player.pk) or ""
        name = escape(side.player.name)
        if first:
            name += f'<span class="visually-hidden"> {escape(gettext("v"))}</span>'
    else:
        seed = ""
        name = escape(gettext("not needed") if match.status == VOID
                      else gettext("bye") if match.kind == BYE else gettext("to be decided"))
    played = match.status == CONFIRMED and match.kind == PLAYED
    shown = games if played else "✓" if side.won else ""
    return (f'<span class="{classes}"><span class="seed">{seed}</span><span class="name">{name}'
            f'</span><span class="games">{shown}</span></span>')
