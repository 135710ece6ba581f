"""The longest lists, a club's players and a competition's matches, shown from rows read with
`values()` rather than through the serializers field by field: the same answer as
`PlayerSerializer` and `MatchSerializer` give (tests/api/test_rows.py compares them), written
in a tenth of the time. A date or time is written by the serializers' own fields."""

from __future__ import annotations

from collections.abc import Iterable

from rest_framework import serializers

from league.clubs.models import Player
from league.competitions.models import Entry, Round
from league.core.written_reads import fetched, one_of, table
from league.ratings.selectors import CurrentRating

_DATE = serializers.DateField()
_MOMENT = serializers.DateTimeField()

PLAYER_COLUMNS = ("id", "name", "club__slug", "retired_at")
# A match's own columns: its round's number and bracket come with its sides (sides_of), so
# that counting a competition's matches (a page's total) reads their index alone.
MATCH_COLUMNS = ("id", "competition_id", "round_id", "key", "entry_a_id", "entry_b_id",
                 "status", "kind", "winner_id", "games_a", "games_b", "scheduled_at", "table",
                 "play_by", "confirmed_at")


def _date(value):
    return None if value is None else _DATE.to_representation(value)


def _moment(value):
    return None if value is None else _MOMENT.to_representation(value)


def rating(current: CurrentRating | None) -> dict | None:
    """A current rating as `RatingSerializer` shows it."""
    if current is None:
        return None
    return {"system": str(current.system.value), "rating": float(current.rating),
            "rd": None if current.rd is None else float(current.rd),
            "volatility": None if current.volatility is None else float(current.volatility),
            "total_games": int(current.total_games), "as_of": _date(current.as_of),
            "provisional": bool(current.provisional), "open_week": bool(current.open_week)}


def players(rows: Iterable[dict], ratings: dict[int, CurrentRating]) -> list[dict]:
    """Rows of PLAYER_COLUMNS, with each player's current rating, as `PlayerSerializer` shows."""
    return [{"id": row["id"], "name": row["name"], "club": row["club__slug"],
             "retired": row["retired_at"] is not None, "rating": rating(ratings.get(row["id"]))}
            for row in rows]


# Written out (league.core.written_reads): a cold page of matches asks for it. The sides'
# entries with their players' names, and the matches' rounds with their numbers and brackets,
# in one query.
SIDES_SQL = (f"SELECT 'entry', e.id, e.player_id, p.name FROM {table(Entry)} e "
             f"JOIN {table(Player)} p ON p.id = e.player_id WHERE {{entries}} "
             f"UNION ALL SELECT 'round', r.id, r.number, r.bracket FROM {table(Round)} r "
             f"WHERE {{rounds}}")


def sides_of(rows: list[dict]) -> tuple[dict[int, dict], dict[int, tuple[int, str]]]:
    """The entries of these matches' sides as `SideSerializer` shows them, and their rounds'
    (number, bracket) by id: one query, none without any match."""
    ids = list({row[side] for row in rows for side in ("entry_a_id", "entry_b_id")} - {None})
    rounds = list({row["round_id"] for row in rows})
    if not rounds:
        return {}, {}
    # An empty IN () is not SQL: a NULL id finds no entry.
    entries, entry_params = one_of("e.id", ids) if ids else ("e.id IN (NULL)", [])
    among, round_params = one_of("r.id", rounds)
    found = fetched(SIDES_SQL.format(entries=entries, rounds=among), [*entry_params, *round_params])
    sides, numbered = {}, {}
    for kind, pk, player_or_number, name_or_bracket in found:
        if kind == "entry":
            sides[pk] = {"entry": pk, "player": player_or_number, "name": name_or_bracket}
        else:
            numbered[pk] = (player_or_number, name_or_bracket)
    return sides, numbered


def matches(rows: list[dict]) -> list[dict]:
    """Rows of MATCH_COLUMNS as `MatchSerializer` shows them, with their sides and rounds (one
    query)."""
    sides, rounds = sides_of(rows)
    shown = []
    for row in rows:
        a, b, winner = row["entry_a_id"], row["entry_b_id"], row["winner_id"]
        shown.append({
            "id": row["id"], "competition": row["competition_id"], "round": row["round_id"],
            "round_number": rounds[row["round_id"]][0], "bracket": rounds[row["round_id"]][1],
            "key": row["key"], "side_a": sides.get(a) if a is not None else None,
            "side_b": sides.get(b) if b is not None else None, "status": row["status"],
            "kind": row["kind"],
            "winner": None if winner is None else ("A" if winner == a else "B"),
            "games_a": row["games_a"], "games_b": row["games_b"],
            "scheduled_at": _moment(row["scheduled_at"]), "table": row["table"],
            "play_by": _date(row["play_by"]), "confirmed_at": _moment(row["confirmed_at"]),
        })
    return shown
