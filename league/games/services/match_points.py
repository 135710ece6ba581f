"""A match's points (Match.points_a, points_b): each side's total over its finished games.

Kept in the transaction of every write that finishes a game, re-scores a finished game or
removes games, after the match's row was locked (every action on a match and its games locks
it first), so that the standings and a player's statistics read them off the match.
"""

from __future__ import annotations

from django.db import transaction
from django.db.models import F, OuterRef, Subquery, Sum, Value
from django.db.models.functions import Coalesce

from league.competitions.models import Match
from league.games.models import Game


def _side(points: str):
    finished = (Game.objects.filter(match=OuterRef("pk"), status=Game.Status.FINISHED)
                .order_by().values("match").annotate(points=Sum(points)).values("points"))
    return Coalesce(Subquery(finished), Value(0))


def keep_match_points(match_id: int) -> None:
    """The match's points counted again from its games: one query."""
    Match.objects.filter(pk=match_id).update(points_a=_side("total_a"), points_b=_side("total_b"))


def repair_club_points(club_id: int) -> int:
    """Every match of the club whose points are not its games' counted again (the repair of a
    club: none, when every write kept them); how many were."""
    with transaction.atomic():
        wrong = list(Match.objects.filter(competition__season__club_id=club_id)
                     .annotate(a=_side("total_a"), b=_side("total_b"))
                     .exclude(points_a=F("a"), points_b=F("b"))
                     .select_for_update(of=("self",)).values_list("pk", flat=True))
        Match.objects.filter(pk__in=wrong).update(points_a=_side("total_a"),
                                                  points_b=_side("total_b"))
    return len(wrong)
