"""The ratings partials as tags: {% load rating_tags %}, then

    {% rating_badge rating %}                     a CurrentRating (or None) from the selectors
    {% rating_chart history %}                    the points of selectors.rating_history
    {% win_chances chances name_a name_b %}       selectors.win_probability's WinChances
    {% rating_badge ratings|rating_of:player.pk %}  in a list, from selectors.ratings_for
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from django import template

from league.ratings.charts import history_chart
from league.ratings.selectors import CurrentRating, HistoryPoint, WinChances

register = template.Library()


@register.inclusion_tag("ratings/badge.html")
def rating_badge(rating: CurrentRating | None) -> dict:
    return {"rating": rating}


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
