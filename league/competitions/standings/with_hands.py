"""A league's or a Swiss's table with every row's hands won, for a reader that shows them
whatever the tiebreaks (the read API). The competition's page asks for its table without them
(the hands are counted only where a tiebreak needs them), and so its table is kept
(league.competitions.standings.kept). Here that table is taken as the page takes it (its kept
rows while current) and the hands each entry won are read beside it in one query, instead of
counting the whole table again for the hands alone.

An entry's hands won are those the table would count: the hands with a winner in the finished
games of its confirmed matches played at the table (a walkover, a forfeit or a bye has none;
services.as_match_result)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from functools import cache

from league.competitions.models import Competition, Entry, Match, Seat
from league.core.written_reads import fetched

from .services import competition_standings, games_and_hands
from .shown import StandingsTable

HANDS_OF_ENTRIES = """SELECT CASE WHEN h.winner = %s THEN m.entry_a_id ELSE m.entry_b_id END,
       COUNT(*)
FROM {match} m
JOIN {game} g ON g.match_id = m.id AND g.winner IN (%s, %s)
JOIN {hand} h ON h.game_id = g.id AND h.winner IN (%s, %s)
WHERE m.competition_id = %s AND m.status = %s AND m.kind = %s
  AND m.entry_a_id IS NOT NULL AND m.entry_b_id IS NOT NULL
GROUP BY 1"""


@cache
def _hands_of_entries_sql() -> str:
    return HANDS_OF_ENTRIES.format(**games_and_hands())


def hands_of_entries(competition: Competition) -> dict[int, int]:
    """The hands each entry won in the competition's confirmed matches played at the table, by
    entry id (none: no hand won). One query."""
    seats = list(Seat.values)
    params = [Seat.A, *seats, *seats, competition.pk, Match.Status.CONFIRMED, Match.Kind.PLAYED]
    return dict(fetched(_hands_of_entries_sql(), params))


def standings_with_hands(competition: Competition, entries: Sequence[Entry],
                         kept: tuple[str, object] | None) -> StandingsTable:
    """competition_standings with the hands won on every row: the table as the competition's
    page has it (`entries` with their players, `kept` its kept table as read with the
    competition), and the hands read beside it when its tiebreaks did not count them."""
    found = competition_standings(competition, hands=False, entries=entries, kept=kept)
    if all(row.hands_won is not None for row in found.rows):
        return found
    won = hands_of_entries(competition)
    return replace(found, rows=tuple(replace(row, hands_won=won.get(row.entry_id, 0))
                                     for row in found.rows))
