"""A player's lists drawn in Python: his next matches, each with where and when it is played
(his page, and the home page's matches to play across his clubs), and the opponents he can pick
for a head-to-head record. A league player has twenty next matches and as many opponents; as
template nodes, each item's words, date and conditions cost more than the rest of its list.

Names and words are escaped (html.escape, as Django's templates escape); dates are written in
the page's language and time zone, as the `date` filter writes them, or in each match's club's
time zone, named after the time (`zoned`).
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from zoneinfo import ZoneInfo

from django import template
from django.template.defaultfilters import date as format_date
from django.utils import timezone
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext

from league.competitions.models import Match
from league.competitions.templatetags.match_lines import lines_of
from league.core.words import in_one_language

register = template.Library()


@register.simple_tag
@in_one_language
def next_match_items(matches: Sequence[Match], zoned: bool = False) -> SafeString:
    """One list item per match: its line (match_lines.lines_of), then its competition and round, and when
    it is played (its time and table) or by when. `zoned`: matches of several clubs, each time
    written in its club's time zone (competition.season.club read), followed by the zone's
    name."""
    return mark_safe("".join(f"<li>{line}{_when(match, zoned)}</li>"
                             for match, line in zip(matches, lines_of(matches), strict=True)))


def _when(match: Match, zoned: bool = False) -> str:
    said = f"{escape(match.competition.name)}, {escape(str(match.round))}"
    if match.scheduled_at:
        if zoned:
            zone = match.competition.season.club.time_zone
            at = timezone.localtime(match.scheduled_at, ZoneInfo(zone))
            said += f" · {escape(format_date(at, 'D j M, H:i'))} ({escape(zone)})"
        else:
            at = timezone.localtime(match.scheduled_at)
            said += " · " + escape(format_date(at, "D j M, H:i"))
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
