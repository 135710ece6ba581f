"""A player page's lists drawn in Python: his next matches, each with where and when it is
played, and the opponents he can pick for a head-to-head record. A league player has twenty
next matches and as many opponents; as template nodes, each item's words, date and
conditions cost more than the rest of its list.

Names and words are escaped (html.escape, as Django's templates escape); dates are written in
the page's language and time zone, as the `date` filter writes them.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from django import template
from django.template.defaultfilters import date as format_date
from django.utils import timezone
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext

from league.competitions.models import Match
from league.competitions.templatetags.match_lines import match_line

register = template.Library()


@register.simple_tag
def next_match_items(matches: Sequence[Match]) -> SafeString:
    """One list item per match: its line (match_line), then its competition and round, and when
    it is played (its time and table) or by when."""
    return mark_safe("".join(f"<li>{match_line(match)}{_when(match)}</li>" for match in matches))


def _when(match: Match) -> str:
    said = f"{escape(match.competition.name)}, {escape(str(match.round))}"
    if match.scheduled_at:
        said += " · " + escape(format_date(timezone.localtime(match.scheduled_at), "D j M, H:i"))
        if match.table:
            said += ", " + gettext("table %(table)s") % {"table": escape(match.table)}
    elif match.round.play_by:
        said += " · " + gettext("play by %(day)s") % {
            "day": escape(format_date(match.round.play_by, "D j M"))}
    return f'<p class="muted small">{said}</p>'


@register.simple_tag
def opponent_options(opponents: Sequence, chosen: str) -> SafeString:
    """An option per opponent met (pk, name), the one chosen selected."""
    return mark_safe("".join(
        f'<option value="{opponent.pk}"{" selected" if chosen == str(opponent.pk) else ""}>'
        f"{escape(opponent.name)}</option>" for opponent in opponents))
