"""The ratings partials as tags: {% load rating_tags %}, then

    {% rating_badge rating %}                     a CurrentRating (or None) from the selectors
    {% rating_chart history %}                    the points of selectors.rating_history
    {% win_chances chances name_a name_b %}       selectors.win_probability's WinChances
    {% rating_badge ratings|rating_of:player.pk %}  in a list, from selectors.ratings_for
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape

from django import template
from django.template.defaultfilters import floatformat
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext, ngettext

from league.ratings.charts import history_chart
from league.ratings.selectors import CurrentRating, HistoryPoint, WinChances

register = template.Library()


@register.simple_tag
def rating_badge(rating: CurrentRating | None) -> SafeString:
    """A player's rating: the number, its uncertainty (Glicko-2: plus or minus twice the RD, the
    95% interval) and a provisional mark, with the whole reading in its title. Drawn in Python:
    the club page lists twenty, and as an included template they cost more than the rest of
    its ratings table. Words and numbers are escaped."""
    if rating is None:
        unrated = escape(gettext("unrated"))
        return mark_safe(f'<span class="rating-badge unrated">{unrated}</span>')
    return mark_safe(
        f'<span class="rating-badge{" provisional" if rating.provisional else ""}" '
        f'title="{_reading(rating)}">{escape(floatformat(rating.rating, 0))}{_margin(rating)}'
        f"{_provisional_mark(rating)}</span>")


def _reading(rating: CurrentRating) -> str:
    """The badge's title: the system, the interval, the games, why it is provisional."""
    title = escape(gettext("%(system)s rating") % {"system": escape(str(rating.system.label))})
    interval = rating.interval
    if interval:
        low, high = (escape(floatformat(end, 0)) for end in interval)
        between = gettext("95%% sure between %(low)s and %(high)s")
        title += ", " + escape(between % {"low": low, "high": high})
    games = rating.total_games
    title += ", " + escape(ngettext("after %(games)s rated game", "after %(games)s rated games",
                                    games) % {"games": games})
    if rating.provisional:
        until = (gettext("provisional until it has more games and a narrower interval")
                 if interval else gettext("provisional until it has more games"))
        title += ": " + escape(until)
    if rating.open_week:
        moves = gettext("this week's results count as if the week closed now, until it closes")
        title += "; " + escape(moves)
    return title


def _margin(rating: CurrentRating) -> str:
    if rating.margin is None:
        return ""
    return f'<span class="rating-margin"> ±{escape(floatformat(rating.margin, 0))}</span>'


def _provisional_mark(rating: CurrentRating) -> str:
    if not (rating.provisional or rating.open_week):
        return ""
    provisional = escape(gettext("provisional"))
    return f' <span class="rating-provisional">{provisional}</span>'


@register.inclusion_tag("ratings/history_chart.html")
def rating_chart(history: Sequence[HistoryPoint]) -> dict:
    return {"chart": history_chart(history)}


@register.inclusion_tag("ratings/win_probability.html")
def win_chances(chances: WinChances | None, name_a: str, name_b: str) -> dict:
    return {"chances": chances, "name_a": name_a, "name_b": name_b}


@register.filter
def rating_of(ratings: Mapping[int, CurrentRating], player_id: int) -> CurrentRating | None:
    """A player's rating from ratings_for's dict (templates cannot index by a variable)."""
    return ratings.get(player_id)
