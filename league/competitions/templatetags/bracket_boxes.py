"""A bracket's boxes, drawn in Python: a bracket of 64 players has 63 boxes, and a box as two
included templates costs the page more than everything else it draws.

`bracket_box slot seeds`: one box (a match, a bye, or a match not drawn), as
templates/includes/bracket.html places it. Names and links are escaped by format_html.
"""

from __future__ import annotations

from django import template
from django.urls import reverse
from django.utils.html import format_html
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
        return _match_box(view, seeds)
    if slot.bye_player is not None:
        return format_html(
            '<div class="bracket-match bye">'
            '<span class="bracket-side won"><span class="seed">{}</span>'
            '<span class="name">{}</span></span>'
            '<span class="bracket-side nobody"><span class="seed"></span>'
            '<span class="name">{}</span></span></div>',
            seeds.get(slot.bye_player.pk) or "", slot.bye_player.name, gettext("bye"))
    return mark_safe('<div class="bracket-match nobody" aria-hidden="true">'
                     '<span class="bracket-side"><span class="name">—</span></span>'
                     '<span class="bracket-side"><span class="name">—</span></span></div>')


def _match_box(view, seeds) -> SafeString:
    match = view.match
    if match.status != CONFIRMED:
        said = format_html(": {}", match.get_status_display().lower())
    elif match.winner_id:
        winner = view.a if view.a.won else view.b
        name = winner.player.name if winner.player is not None else ""
        said = format_html(": {}", gettext("%(name)s won") % {"name": name})
    else:
        said = ""
    return format_html(
        '<a class="bracket-match box-{}" href="{}">{}{}<span class="visually-hidden">{}</span></a>',
        match.status, reverse("match", args=[match.pk]),
        _side(view.a, match, match.games_a, seeds, first=True),
        _side(view.b, match, match.games_b, seeds), said)


def _side(side, match, games: int, seeds, *, first: bool = False) -> SafeString:
    classes = "bracket-side" + (" won" if side.won else "") + ("" if side.player else " nobody")
    if side.player:
        seed = seeds.get(side.player.pk) or ""
        name = format_html("{}<span class=\"visually-hidden\"> {}</span>", side.player.name,
                           gettext("v")) if first else side.player.name
    else:
        seed = ""
        name = (gettext("not needed") if match.status == VOID
                else gettext("bye") if match.kind == BYE else gettext("to be decided"))
    played = match.status == CONFIRMED and match.kind == PLAYED
    shown = games if played else "✓" if side.won else ""
    return format_html('<span class="{}"><span class="seed">{}</span><span class="name">{}</span>'
                       '<span class="games">{}</span></span>', classes, seed, name, shown)
