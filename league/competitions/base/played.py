"""When a confirmed result was played: the moment the ratings place it in a week by.

A result is played when its last finished game was started (a game's start is a fact no
correction touches); a result without games, e.g. a walkover or one corrected from it, from its
first report (the oldest audit entry, never rewritten); a match with neither, from its
confirmation. The moment is stored on the match in the confirming (or correcting) transaction,
so that a week's results are an index range, not a computation over a club's whole history.
"""

from __future__ import annotations

from datetime import datetime

from django.db.models import Max, Min, Q

from league.competitions.models import Match


def played_moment(match_id: int) -> datetime | None:
    """The moment the match's result counts from, from its games, audit and confirmation: one
    query. The games are read through the match's `games` relation (the games app sits above
    this one), with the status their own model names finished."""
    finished = Match.games.rel.related_model.Status.FINISHED
    found = Match.objects.filter(pk=match_id).aggregate(
        game=Max("games__created_at", filter=Q(games__status=finished)),
        report=Min("audit__at"),
        confirmed=Max("confirmed_at"),
    )
    return found["game"] or found["report"] or found["confirmed"]


def record_played_at(match: Match) -> None:
    """Store when the confirmed result was played (two queries)."""
    match.played_at = played_moment(match.pk)
    Match.objects.filter(pk=match.pk).update(played_at=match.played_at)
