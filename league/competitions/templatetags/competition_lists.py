"""Long lists of and about competitions, drawn in Python: a competition page's entries, its
rounds (as a select's options or as links) and its ruleset's settings, and a club's
competitions. A league division lists forty rounds, a knockout sixty-four entries and a club
thirty competitions a season; drawn by the template, with a translated word, an address and a
condition for each item, these lists cost more than the rest of their pages' bodies.

Names and words are escaped (html.escape, as Django's templates escape); numbers are written
as the templates write them (the site shows no thousands separators).
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from django import template
from django.urls import reverse
from django.utils.safestring import SafeString, mark_safe
from django.utils.text import capfirst
from django.utils.translation import gettext

from league.competitions.models import Competition, Entry, Round
from league.core.links import link, links
from league.core.words import in_one_language

register = template.Library()


@register.filter
def round_label(round_: Round) -> str:
    """A round as the competition page names it (`{{ round|round_label }}` in a heading): a
    round of a later bracket without a name of its own says its bracket ("Losers' bracket:
    Round 2"). Not escaped."""
    if not round_.name and round_.bracket != Round.Bracket.MAIN:
        return f"{round_.get_bracket_display()}: {round_}"
    return str(round_)


@register.simple_tag
def entry_items(entries: Sequence[Entry]) -> SafeString:
    """One list item per entry: the player's name linking his page, his seed, and whether he
    has withdrawn. The entries come with their players."""
    withdrawn, seeded = escape(gettext("withdrawn")), gettext("seed %(seed)s")
    addresses = links("player", [entry.player_id for entry in entries])
    items = []
    for entry, address in zip(entries, addresses, strict=True):
        item = f'<li><a href="{escape(address)}">{escape(entry.player.name)}</a>'
        if entry.seed:
            seed = escape(seeded % {"seed": entry.seed})
            item += f' <span class="muted">{seed}</span>'
        if entry.withdrawn_at:
            item += f' <span class="muted">{withdrawn}</span>'
        items.append(f"{item}</li>")
    return mark_safe("".join(items))


@register.simple_tag
@in_one_language
def round_options(rounds: Sequence[Round], shown: Round | None,
                  current: Round | None) -> SafeString:
    """The round picker's options: the round shown selected, the round being played said."""
    playing = escape(gettext("(being played)"))
    shown_pk, current_pk = _pk(shown), _pk(current)
    options = []
    for round_ in rounds:
        selected = " selected" if round_.pk == shown_pk else ""
        now = f" {playing}" if round_.pk == current_pk else ""
        options.append(f'<option value="{round_.pk}"{selected}>'
                       f"{escape(round_label(round_))}{now}</option>")
    return mark_safe("".join(options))


@register.simple_tag
@in_one_language
def round_links(rounds: Sequence[Round], competition_pk: int, shown: Round | None,
                current: Round | None) -> SafeString:
    """A link to each round's fixtures (htmx swaps only the fixtures; without JavaScript, the
    page reloads at them): the round shown is the current page, the round being played says
    "now"."""
    page = escape(link("competition", competition_pk))
    now = escape(gettext("now"))
    now = f' <span class="now">{now}</span>'
    shown_pk, current_pk = _pk(shown), _pk(current)
    found = []
    for round_ in rounds:
        pk = round_.pk
        current_page = ' aria-current="page"' if pk == shown_pk else ""
        found.append(
            f'<a id="round-{pk}" href="{page}?round={pk}#fixtures-h" '
            f'hx-get="{page}?round={pk}" hx-target="#fixtures" hx-swap="outerHTML" '
            f'hx-push-url="true"{current_page}>{escape(round_label(round_))}'
            f'{now if pk == current_pk else ""}</a>')
    return mark_safe("".join(found))


@register.simple_tag
def setting_rows(settings: Sequence) -> SafeString:
    """The ruleset's settings (league.competitions.views.ruleset_summary.Setting) as table rows,
    each name linking its section of the rules page."""
    rules = escape(reverse("gameplay:rules"))
    return mark_safe("".join(
        f'<tr><td><a href="{rules}#{escape(setting.section)}">{escape(capfirst(setting.name))}'
        f"</a></td><td>{escape(setting.value)}</td></tr>" for setting in settings))


@register.simple_tag
@in_one_language
def competition_items(competitions: Sequence[Competition]) -> SafeString:
    """One list item per competition: its name linking its page, its format and its status."""
    addresses = links("competition", [competition.pk for competition in competitions])
    return mark_safe("".join(
        f'<li class="row-between"><span><a href="{escape(address)}">{escape(competition.name)}'
        f'</a> <span class="muted">{escape(competition.get_format_display())}</span></span> '
        f'<span class="badge status-{escape(competition.status)}">'
        f"{escape(competition.get_status_display())}</span></li>"
        for competition, address in zip(competitions, addresses, strict=True)))


@register.simple_tag
@in_one_language
def running_items(competitions: Sequence[Competition]) -> SafeString:
    """One list item per running competition of a club (the home page's "your clubs"): its name
    linking its page, its season (competition.season read) and its format."""
    addresses = links("competition", [competition.pk for competition in competitions])
    return mark_safe("".join(
        f'<li><a href="{escape(address)}">{escape(competition.name)}</a> <span class="muted">'
        f"{escape(competition.season.name)} · {escape(competition.get_format_display())}"
        "</span></li>" for competition, address in zip(competitions, addresses, strict=True)))


def _pk(round_: Round | None) -> int | None:
    return None if round_ is None else round_.pk
