"""Each player's latest rating row, found from the players rather than from their histories."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date

from django.db.models import OuterRef, QuerySet, Subquery

from league.clubs.models import Player

from .models import PlayerRating


def latest_rows(player_ids: Iterable[int], before: date | None = None) -> QuerySet:
    """The ids of each player's latest rating row (of a week before `before`, when given), as a
    subquery for `pk__in`. It is driven by the players: each row is one backward step of the
    (player, starts_on) index, so its cost is the number of players, not the length of their
    histories (comparing every row with its player's latest costs players times weeks). A
    player without a row gives NULL, which `pk__in` matches with nothing."""
    latest = PlayerRating.objects.filter(player=OuterRef("pk"))
    if before is not None:
        latest = latest.filter(starts_on__lt=before)
    return (
        Player.objects.filter(pk__in=list(player_ids))
        .annotate(row=Subquery(latest.order_by("-starts_on").values("pk")[:1]))
        .values("row")
    )
