"""A league's or a Swiss's table kept between its results (KeptStandings), so that its page
need not count it again on a first visit.

A kept table is a memo: its rows, and a digest of everything they were counted from. The
inputs are what the table counts of each match (its sides, round and kind, whether it is
confirmed, void or still open, and once confirmed its winner and points: a game started or a
result reported elsewhere leaves the table current), the hands won where a tiebreak counts
them, its entries in seed order with who has withdrawn, its points system and tiebreaks, and
the code that counts a table (this package and the algorithms': a release that counts
differently never reads a table an older one kept). The page takes the digest of the inputs
as they are now and shows the kept rows only when it is theirs; otherwise it counts the table
afresh. So a table kept before any change (a result, a correction, a withdrawal, a changed
tiebreak) is simply not read, and whichever writer keeps a table last cannot make the page
show a stale one.

What the table counts of the matches and their rounds is written by the database as one text
(`counted_text`): the page takes its digest without reading the matches themselves, which it
reads only to count a table afresh.

The statistics follow-up of a result keeps the tables of its competitions
(`services.keep_standings`), once for a burst of results in one club.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from hashlib import blake2b
from pathlib import Path

from django.db import connection
from django.utils import timezone

from league.competitions.algorithms.standings import Row
from league.competitions.algorithms.tiebreaks import Tiebreak
from league.competitions.models import KeptStandings, Match, Round
from league.core.written_reads import Read, fetched, table

HERE = Path(__file__).resolve().parent
ALGORITHMS = HERE.parent / "algorithms"


@cache
def _counting_code() -> bytes:
    """A digest of the code that counts a table, read once per process."""
    code = blake2b(digest_size=16)
    for path in [*sorted(ALGORITHMS.glob("*.py")), HERE / "services.py", Path(__file__)]:
        code.update(path.read_bytes())
    return code.digest()


def counting_code() -> str:
    """The digest of the code that counts a table, as a kept table records it."""
    return _counting_code().hex()


def digest_of(*inputs) -> str:
    """The digest of a table's inputs (plain values: numbers, strings, tuples, lists, dicts in
    a fixed order, dataclasses and enums), with the counting code's."""
    found = blake2b(_counting_code(), digest_size=16)
    found.update(repr(inputs).encode())
    return found.hexdigest()


# What a table counts of a match, as a line of text: its id, sides, round and kind, then "c"
# with the winner and both sides' points once it is confirmed, "v" when it is void, "o" while it
# is open. What it counts of a round, its number and bracket, is in a line of its own: the
# rounds' lines follow the matches', so the matches are read without a join to their rounds.
_LINE = """CAST(m.id AS TEXT) || ',' || COALESCE(CAST(m.entry_a_id AS TEXT), '') || ','
    || COALESCE(CAST(m.entry_b_id AS TEXT), '') || ',' || CAST(m.round_id AS TEXT) || ','
    || m.kind || ',' || CASE
    WHEN m.status = %s THEN 'c,' || COALESCE(CAST(m.winner_id AS TEXT), '') || ','
        || CAST(m.points_a AS TEXT) || ',' || CAST(m.points_b AS TEXT)
    WHEN m.status = %s THEN 'v' ELSE 'o' END"""
_ROUND_LINE = "'r' || CAST(r.id AS TEXT) || ',' || CAST(r.number AS TEXT) || ',' || r.bracket"
# Each list of lines joined in id order: the order of a subquery, which PostgreSQL and SQLite
# follow without promising it (an order inside the aggregate costs PostgreSQL more, and SQLite
# before 3.44 has none). Another order would give another digest: the table would be counted
# afresh, never shown stale.
_COUNTED_TEXT = """SELECT
    (SELECT {aggregate}(line, ';') FROM (SELECT {line} AS line FROM {match} m
        WHERE m.competition_id = %s ORDER BY m.id) matches),
    (SELECT {aggregate}(line, ';') FROM (SELECT {round_line} AS line FROM {round} r
        WHERE r.competition_id = %s ORDER BY r.id) rounds)"""
_AGGREGATE = {"postgresql": "string_agg", "sqlite": "group_concat"}


def counted_text(competition_id: int) -> str:
    """What the competition's table counts of its matches and its rounds, one line per match
    then one per round, each in id order, written by the database: one query and one row,
    whatever the number of matches. On PostgreSQL the matches' lines are read from an index
    alone (match_counted_lines: 0.48 to 0.33 ms for a division of 380 matches at the
    federation's size)."""
    return _joined(fetched(_counted_sql(), _counted_params(competition_id))[0])


def counted_text_read(competition_id: int) -> Read[str | None]:
    """`counted_text` of a competition that keeps a table, as a read its page asks with its
    others; None, and no match read, when it keeps none."""
    sql = (f"{_counted_sql()} WHERE EXISTS "
           f"(SELECT 1 FROM {table(KeptStandings)} k WHERE k.competition_id = %s)")
    return Read(sql, [*_counted_params(competition_id), competition_id],
                lambda rows: _joined(rows[0]) if rows else None)


def _counted_sql() -> str:
    return _COUNTED_TEXT.format(aggregate=_AGGREGATE[connection.vendor], line=_LINE,
                                round_line=_ROUND_LINE, match=table(Match), round=table(Round))


def _counted_params(competition_id: int) -> list:
    return [Match.Status.CONFIRMED, Match.Status.VOID, competition_id, competition_id]


def _joined(row: tuple) -> str:
    return ";".join(text for text in row if text)


def _value(value: Fraction | None) -> list[int] | None:
    return None if value is None else [value.numerator, value.denominator]


def encoded(rows: tuple[Row, ...]) -> list[list]:
    """The rows as JSON values: each row's fields in order, tiebreaks by name, fractions as
    [numerator, denominator]."""
    return [[r.rank, r.player, r.played, r.won, r.drawn, r.lost, r.byes, r.match_points,
             r.game_points_for, r.game_points_against, r.hands_won, r.hands_lost,
             [[t.value, _value(v)] for t, v in r.tiebreaks],
             r.separated_by.value if r.separated_by else None, r.shared_rank,
             r.head_to_head_partial] for r in rows]


def decoded(data: list[list]) -> tuple[Row, ...]:
    """The rows `encoded` gave."""
    rows = []
    for (rank, player, played, won, drawn, lost, byes, match_points, points_for,
         points_against, hands_won, hands_lost, tiebreaks, separated_by, shared_rank,
         partial) in data:
        rows.append(Row(
            rank=rank, player=player, played=played, won=won, drawn=drawn, lost=lost,
            byes=byes, match_points=match_points, game_points_for=points_for,
            game_points_against=points_against, hands_won=hands_won, hands_lost=hands_lost,
            tiebreaks=tuple((Tiebreak(t), None if v is None else Fraction(*v))
                            for t, v in tiebreaks),
            separated_by=Tiebreak(separated_by) if separated_by else None,
            shared_rank=shared_rank, head_to_head_partial=partial))
    return tuple(rows)


def kept_rows(kept: tuple[str, list] | None, digest: str) -> tuple[Row, ...] | None:
    """The rows of a kept table (its digest and rows, as read with its competition, the JSON
    read by the field), when they were counted from these inputs; None otherwise."""
    if kept is None or kept[0] != digest:
        return None
    return decoded(kept[1])


def keep(competition_id: int, digest: str, rows: tuple[Row, ...]) -> None:
    """The table kept, in place of the one kept before (one statement, whichever writer is
    first)."""
    KeptStandings.objects.bulk_create(
        [KeptStandings(competition_id=competition_id, digest=digest, code=counting_code(),
                       rows=encoded(rows), counted_at=timezone.now())],
        update_conflicts=True, unique_fields=["competition"],
        update_fields=["digest", "code", "rows", "counted_at"])
