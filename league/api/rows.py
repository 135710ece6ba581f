"""The longest lists, a club's players and a competition's matches, shown from rows read with
`values()` rather than through the serializers field by field: the same answer as
`PlayerSerializer` and `MatchSerializer` give (tests/api/test_rows.py compares them), written
in a tenth of the time. A date or time is written by the serializers' own fields."""

from __future__ import annotations

from collections.abc import Iterable

from rest_framework import serializers

from league.clubs.models import Player
from league.competitions.models import Entry
from league.core.written_reads import fetched, marks, table
from league.ratings.selectors import CurrentRating

_DATE = serializers.DateField()
_MOMENT = serializers.DateTimeField()

PLAYER_COLUMNS = ("id", "name", "club__slug", "retired_at")
MATCH_COLUMNS = ("id", "competition_id", "round_id", "round__number", "round__bracket", "key",
                 "entry_a_id", "entry_b_id", "status", "kind", "winner_id", "games_a", "games_b",
                 "scheduled_at", "table", "play_by", "confirmed_at")


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


# Written out (league.core.written_reads): a cold page of matches asks for it.
SIDES_SQL = (f"SELECT e.id, e.player_id, p.name FROM {table(Entry)} e "
             f"JOIN {table(Player)} p ON p.id = e.player_id WHERE e.id IN ({{ids}})")


def sides_of(rows: list[dict]) -> dict[int, dict]:
    """The entries of these matches' sides as `SideSerializer` shows them: one query, none
    without any."""
    ids = list({row[side] for row in rows for side in ("entry_a_id", "entry_b_id")} - {None})
    if not ids:
        return {}
    found = fetched(SIDES_SQL.format(ids=marks(ids)), ids)
    return {pk: {"entry": pk, "player": player, "name": name} for pk, player, name in found}


def matches(rows: list[dict]) -> list[dict]:
    """Rows of MATCH_COLUMNS as `MatchSerializer` shows them, with their sides (one query)."""
    sides = sides_of(rows)
    shown = []
    for row in rows:
        a, b, winner = row["entry_a_id"], row["entry_b_id"], row["winner_id"]
        shown.append({
            "id": row["id"], "competition": row["competition_id"], "round": row["round_id"],
            "round_number": row["round__number"], "bracket": row["round__bracket"],
            "key": row["key"], "side_a": sides.get(a) if a is not None else None,
            "side_b": sides.get(b) if b is not None else None, "status": row["status"],
            "kind": row["kind"],
            "winner": None if winner is None else ("A" if winner == a else "B"),
            "games_a": row["games_a"], "games_b": row["games_b"],
            "scheduled_at": _moment(row["scheduled_at"]), "table": row["table"],
            "play_by": _date(row["play_by"]), "confirmed_at": _moment(row["confirmed_at"]),
        })
    return shown
