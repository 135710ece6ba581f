"""A whole season's runs of results, every player's at once (season_count.py), by the database's
window functions (gaps and islands): the matches in the order their results were confirmed,
numbered once in all and once among the same kind of result; a run is the matches whose two
numbers differ by the same amount. One player's are counted from his outcomes (all_time.py).

A winning run is counted matches won one after another; an unbeaten run, won or drawn. A
result without play (a bye, a forfeit) neither extends nor breaks a run: it is not counted.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db import connection
from django.db.models import Case, CharField, F, IntegerField, QuerySet, Value, When

from league.clubs.models import Player

RUN = """
SELECT player, kept, COUNT(*) AS length FROM (
  SELECT player, kept,
         ROW_NUMBER() OVER (PARTITION BY player ORDER BY confirmed_at, id)
         - ROW_NUMBER() OVER (PARTITION BY player, kept ORDER BY confirmed_at, id) AS island
  FROM ({rows}) AS results
) AS numbered
WHERE kept = 1
GROUP BY player, kept, island
"""


@dataclass(frozen=True, slots=True)
class Run:
    player_id: int
    player_name: str
    length: int


def _rows(matches: QuerySet, side: str, keep: tuple[str, ...]) -> QuerySet:
    """One row per match seen from ``side``: its player, and 1 when his result is kept."""
    outcome = Case(When(winner__isnull=True, then=Value("drawn")),
                   When(winner=F(f"entry_{side}"), then=Value("won")),
                   default=Value("lost"), output_field=CharField())
    kept = Case(When(outcome__in=keep, then=Value(1)), default=Value(0), output_field=IntegerField())
    return (matches.order_by().annotate(player=F(f"entry_{side}__player_id"), outcome=outcome,
                                        kept=kept)
            .values("player", "id", "confirmed_at", "kept"))


def _longest(matches_a: QuerySet, matches_b: QuerySet, keep: tuple[str, ...],
             top: int) -> list[tuple]:
    """(player, name, longest run) of the players of seat A of ``matches_a`` and of seat B of
    ``matches_b``, the longest first, then by name."""
    union = _rows(matches_a, "a", keep).union(_rows(matches_b, "b", keep), all=True)
    rows, params = union.query.sql_with_params()
    sql = (f"SELECT runs.player, p.name, MAX(runs.length) AS longest "
           f"FROM ({RUN.format(rows=rows)}) AS runs "
           f"JOIN {Player._meta.db_table} AS p ON p.id = runs.player "
           f"GROUP BY runs.player, p.name ORDER BY longest DESC, p.name LIMIT %s")
    with connection.cursor() as cursor:
        cursor.execute(sql, [*params, top])
        return cursor.fetchall()
