"""The ratings partials as tags: {% load rating_tags %}, then

    {% rating_badge rating %}                     a CurrentRating (or None) from the selectors
    {% board_rows ratings.top %}                  a ratings board's rows
    {% rating_chart history %}                    the points of selectors.rating_history
    {% win_chances chances name_a name_b %}       selectors.win_probability's WinChances
    {% rating_badge ratings|rating_of:player.pk %}  in a list, from selectors.ratings_for
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from decimal import ROUND_HALF_UP, Decimal
from html import escape

from django import template
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext, ngettext

from league.core.links import links
from league.core.words import for_each_language, in_one_language
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
        unrated = _words()["unrated"]
        return mark_safe(f'<span class="rating-badge unrated">{unrated}</span>')
    return mark_safe(
        f'<span class="rating-badge{" provisional" if rating.provisional else ""}" '
        f'title="{_reading(rating)}">{whole(rating.rating)}{_margin(rating)}'
        f"{_provisional_mark(rating)}</span>")


def _reading(rating: CurrentRating) -> str:
    """The badge's title: the system, the interval, the games, why it is provisional."""
    words = _words()
    title = _system_title(rating.system)
    interval = rating.interval
    if interval:
        low, high = (whole(end) for end in interval)
        title += ", " + escape(words["between"] % {"low": low, "high": high})
    title += ", " + _after_games(rating.total_games)
    if rating.provisional:
        title += ": " + (words["until narrower"] if interval else words["until more games"])
    if rating.open_week:
        title += "; " + words["open week"]
    return title


# The badge's words, looked up once for each language (the club page draws twenty badges):
# escaped, but for the interval's sentence, escaped once its numbers are in.
@for_each_language()
def _words() -> dict[str, str]:
    return {
        "between": gettext("95%% sure between %(low)s and %(high)s"),
        "until narrower": escape(gettext("provisional until it has more games and a narrower "
                                         "interval")),
        "until more games": escape(gettext("provisional until it has more games")),
        "open week": escape(gettext("this week's results count as if the week closed now, "
                                    "until it closes")),
        "provisional": escape(gettext("provisional")),
        "unrated": escape(gettext("unrated")),
    }


@for_each_language()
def _system_title(system) -> str:
    return escape(gettext("%(system)s rating") % {"system": escape(str(system.label))})


@for_each_language(maxsize=4096)
def _after_games(games: int) -> str:
    return escape(ngettext("after %(games)s rated game", "after %(games)s rated games",
                           games) % {"games": games})


def _margin(rating: CurrentRating) -> str:
    if rating.margin is None:
        return ""
    return f'<span class="rating-margin"> ±{whole(rating.margin)}</span>'


_ONE = Decimal(1)


def whole(number: float) -> str:
    """The number rounded half up to a whole one, as Django's `floatformat:0` writes it in every
    language the site speaks (it groups no thousands), about ten times faster: the club page
    writes eighty of them."""
    return str(int(Decimal(repr(number)).quantize(_ONE, ROUND_HALF_UP)))


def _provisional_mark(rating: CurrentRating) -> str:
    if not (rating.provisional or rating.open_week):
        return ""
    provisional = _words()["provisional"]
    return f' <span class="rating-provisional">{provisional}</span>'


@register.simple_tag
@in_one_language
def board_rows(rows: Sequence) -> SafeString:
    """A ratings board, a row per player (each with its `rank`, its `player`'s pk and name, and
    its `rating`, a CurrentRating): his rank, his name linking his page, his badge and his
    rated games. Drawn in Python: the club page's twenty rows of template nodes cost more than
    the rest of its page."""
    addresses = links("player", [row.player.pk for row in rows])
    lines = []
    for row, address in zip(rows, addresses, strict=True):
        shade = ' class="provisional-row"' if row.rating.provisional else ""
        lines.append(
            f'<tr{shade}><td class="num">{row.rank}</td><td><a href="{escape(address)}">'
            f"{escape(row.player.name)}</a></td><td>{rating_badge(row.rating)}</td>"
            f'<td class="num">{row.rating.total_games}</td></tr>')
    return mark_safe("\n".join(lines))


@register.simple_tag
def rating_chart(history: Sequence[HistoryPoint]) -> SafeString:
    """A player's rating history as an SVG drawn on the server: the rating ticks, the 95%
    interval's band (Glicko-2), the line and a dot per week (open while provisional, its reading
    as its tooltip), the first and last weeks; or a sentence when nothing is rated yet. Numbers
    are written without the language's separators (the SVG's own syntax); words are escaped."""
    chart = history_chart(history)
    if chart is None:
        nothing = escape(gettext("No rated games yet."))
        return mark_safe(f'<p class="empty">{nothing}</p>')
    ticks = "".join(
        f'<line x1="{chart.plot_left}" x2="{chart.plot_right}" y1="{_n(tick.at)}" '
        f'y2="{_n(tick.at)}" stroke="#d9d6cf" stroke-width="1"/>'
        f'<text x="{chart.plot_left - 6}" y="{_n(tick.at)}" text-anchor="end" '
        f'dominant-baseline="middle" font-size="11" fill="#55606a">{escape(tick.label)}</text>'
        for tick in chart.ratings)
    band = (f'<polygon class="rating-interval" points="{escape(chart.band)}" fill="#1d2327" '
            f'fill-opacity="0.1"/>' if chart.band else "")
    dots = "".join(
        f'<circle cx="{_n(dot.x)}" cy="{_n(dot.y)}" r="3.5" '
        f'fill="{"#ffffff" if dot.provisional else "#1d2327"}" stroke="#1d2327" '
        f'stroke-width="1.5"><title>{escape(dot.label)}</title></circle>' for dot in chart.dots)
    last = len(chart.weeks) - 1
    weeks = "".join(
        f'<text x="{_n(tick.at)}" y="{chart.plot_bottom + 18}" text-anchor="'
        f'{"start" if i == 0 < last else "end" if i == last > 0 else "middle"}" font-size="11" '
        f'fill="#55606a">{escape(tick.label)}</text>' for i, tick in enumerate(chart.weeks))
    caption = (gettext("The rating after each week played; the shaded band is the 95%% interval; "
                       "open dots are provisional ratings.") % {} if chart.band else
               gettext("The rating after each week played; open dots are provisional ratings."))
    return mark_safe(
        f'<figure class="rating-chart"><svg viewBox="0 0 {chart.width} {chart.height}" '
        f'width="100%" role="img" aria-label="{escape(chart.summary)}" '
        f'xmlns="http://www.w3.org/2000/svg">{ticks}{band}'
        f'<polyline class="rating-line" points="{escape(chart.line)}" fill="none" '
        f'stroke="#1d2327" stroke-width="2" stroke-linejoin="round"/>{dots}{weeks}</svg>'
        f'<figcaption class="muted small">{escape(caption)}</figcaption></figure>')


def _n(number: float) -> str:
    """A coordinate as SVG reads it, whatever the page's language: Python's own writing of the
    number (a point, no grouping), as Django's `localize(number, use_l10n=False)` writes it."""
    return str(number)


@register.inclusion_tag("ratings/win_probability.html")
def win_chances(chances: WinChances | None, name_a: str, name_b: str) -> dict:
    return {"chances": chances, "name_a": name_a, "name_b": name_b}


@register.filter
def rating_of(ratings: Mapping[int, CurrentRating], player_id: int) -> CurrentRating | None:
    """A player's rating from ratings_for's dict (templates cannot index by a variable)."""
    return ratings.get(player_id)
