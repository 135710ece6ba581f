"""Reads for a player's page: his recent results, each as one line from his side, his opponents,
and his head-to-head record against one of them. Each in a fixed number of queries whatever
the rows."""

from __future__ import annotations

from dataclasses import dataclass

from django.db import DEFAULT_DB_ALIAS, connections
from django.db.models import Prefetch, Q

from league.clubs.models import Club, Player, Season
from league.clubs.selectors import player_read
from league.competitions.base.selectors import matches_with_sides, with_sides
from league.competitions.models import Competition, Entry, Match, Round
from league.core.written_reads import (
    NO_QUERY,
    Columns,
    Read,
    answered,
    answered_together,
    marks,
    one_of,
    related,
    table,
)
from league.games.models import Game
from league.ratings.selectors import CurrentRating, HistoryPoint, history_read, rating_read
from league.stats.selectors import StatisticsSummary, summary_read

RECENT_MATCHES = 20


@dataclass(frozen=True, slots=True)
class ResultLine:
    """A match seen from one player's side."""

    match: Match
    opponent: Player | None  # None: a bye, or a seat still waiting for its player
    outcome: str  # "won", "lost", "drawn", or "" while the result is not confirmed
    games_for: int
    games_against: int
    points_for: int | None  # game points (the games' final totals); None without the games
    points_against: int | None


@dataclass(frozen=True, slots=True)
class PlayerPage:
    player: Player
    entries: list[Entry]
    results: list[ResultLine]  # confirmed, newest first
    next_matches: list[Match]
    opponents: list[Player]  # everyone met in a confirmed match, by name
    rating: CurrentRating | None = None  # None before his first rated week
    history: tuple[HistoryPoint, ...] = ()  # his rating after each week he played in
    statistics: StatisticsSummary | None = None


def player_page(pk: int, club_id: int) -> PlayerPage:
    """Nine queries in three round trips, each written out (league.core.written_reads): the
    player and club, his entries (with their competitions and seasons), his rating, its history
    and his statistics, asked together; then together his results, his next matches (each with
    its round and competition) and his opponents; then both lists' sides (with_sides).
    `club_id`: his club, as the page found it (his statistics are read in it; read again in his
    own, should it not be)."""
    player, entries, rating, history, statistics = answered_together(
        player_read(pk), Read(ENTRIES_SQL, [pk], _entries), rating_read(pk), history_read(pk),
        summary_read(pk, club_id))
    if player.club_id != club_id:
        statistics = answered(summary_read(pk, player.club_id))
    for entry in entries:
        related(entry, player=player)
    entry_ids = [e.pk for e in entries]
    results, upcoming, opponents = answered_together(
        his_matches_read(entry_ids, [Match.Status.CONFIRMED], "m.confirmed_at DESC, m.id DESC",
                         RECENT_MATCHES),
        his_matches_read(entry_ids, Match.OPEN_FOR_PLAY, "m.scheduled_at, m.id"),
        _opponents_read(entry_ids))
    with_sides(*results, *upcoming)
    return PlayerPage(
        player,
        entries,
        [result_line(match, player.pk) for match in results],
        upcoming,
        opponents,
        rating,
        history,
        statistics,
    )


# His entries with their competitions and seasons, newest competition first: written out as his
# matches are (below), for the same reason.
HIS_ENTRY, ENTERED = Columns(Entry, "e"), Columns(Competition, "c")
ENTERED_SEASON = Columns(Season, "s")
ENTRIES_SQL = f"""
SELECT {HIS_ENTRY.sql}, {ENTERED.sql}, {ENTERED_SEASON.sql} FROM {table(Entry)} e
JOIN {table(Competition)} c ON c.id = e.competition_id
JOIN {table(Season)} s ON s.id = c.season_id
WHERE e.player_id = %s
ORDER BY c.created_at DESC, e.id
"""


def _entries(rows: list[tuple]) -> list[Entry]:
    """His entries of ENTRIES_SQL's rows, the newest competition first, each with its
    competition and its season."""
    entries = []
    for row in rows:
        entry = HIS_ENTRY.instance(row)
        competition = ENTERED.instance(row, len(HIS_ENTRY))
        related(competition, season=ENTERED_SEASON.instance(row, len(HIS_ENTRY) + len(ENTERED)))
        related(entry, competition=competition)
        entries.append(entry)
    return entries


# A player's matches as his page shows them, read in SQL written out (league.core.
# written_reads): built by the ORM with their rounds, competitions and sides, these reads cost
# the page several times what the database took to answer them. The sides come in a query of
# their own (with_sides): PostgreSQL takes longer to plan the matches joined to four more
# tables than to run that query.
MATCH, ROUND = Columns(Match, "m"), Columns(Round, "r")
CLUB_SHOWN = ("id", "name", "slug", "time_zone", "is_public")
COMPETITION = Columns(Competition, "c", ("id", "season_id", "name", "format", "status"))
PLAYER = Columns(Player, "p", ("id", "club_id", "name", "user_id"))
SEASON, CLUB = Columns(Season, "s", ("id", "club_id", "name")), Columns(Club, "k", CLUB_SHOWN)
HIS_MATCHES = """
SELECT {columns} FROM {match} m
JOIN {round} r ON r.id = m.round_id
JOIN {competition} c ON c.id = m.competition_id{clubs}
WHERE {his_side} AND m.status IN ({statuses})
ORDER BY {order}
"""
WITH_CLUBS = """
JOIN {season} s ON s.id = c.season_id
JOIN {club} k ON k.id = s.club_id"""
TABLES = {"match": table(Match), "round": table(Round), "competition": table(Competition),
          "entry": table(Entry), "player": table(Player), "season": table(Season),
          "club": table(Club)}


def his_matches(entry_ids: list[int], statuses, order: str, limit: int | None = None, *,
                clubs: bool = False) -> list[Match]:
    """The matches of these entries in these statuses, in this order (SQL of the match `m` and
    its round `r`), each with its round and competition and, with `clubs`, the competition's
    season and club (what a list of matches shows of them: names, the club's time zone and
    address; the rest read when used): one query, none without entries. Their sides:
    with_sides."""
    return answered(his_matches_read(entry_ids, statuses, order, limit, clubs=clubs))


def his_matches_read(entry_ids: list[int], statuses, order: str, limit: int | None = None, *,
                     clubs: bool = False) -> Read[list[Match]]:
    """`his_matches`, as a read a page asks together with its others."""
    if not entry_ids:
        return Read(NO_QUERY, [], lambda rows: [])
    sql, params, parts = _his_matches_query(entry_ids, statuses, order, limit, clubs=clubs)
    return Read(sql, params, lambda rows: _matches_of(rows, parts))


def _his_matches_query(entry_ids: list[int], statuses, order: str, limit: int | None = None, *,
                       clubs: bool = False) -> tuple[str, list, tuple]:
    """his_matches' query, its parameters and the parts of its rows."""
    parts = (MATCH, ROUND, COMPETITION, SEASON, CLUB) if clubs else (MATCH, ROUND, COMPETITION)
    his_side, side_params = either_side(entry_ids)
    sql = HIS_MATCHES.format(
        **TABLES, columns=", ".join(part.sql for part in parts), order=order,
        clubs=WITH_CLUBS.format(**TABLES) if clubs else "",
        his_side=his_side, statuses=marks(statuses))
    params = [*side_params, *(str(status) for status in statuses)]
    if limit is not None:
        sql += " LIMIT %s"
        params.append(limit)
    return sql, params, parts


def either_side(entry_ids: list[int]) -> tuple[str, list]:
    """The condition that one of these entries plays the match `m` (on either side), and its
    parameters (written_reads.one_of)."""
    side_a, params_a = one_of("m.entry_a_id", entry_ids)
    side_b, params_b = one_of("m.entry_b_id", entry_ids)
    return f"({side_a} OR {side_b})", [*params_a, *params_b]


def _matches_of(rows: list[tuple], parts: tuple) -> list[Match]:
    """The matches of his_matches' rows, with what each row read of them."""
    db, kept, matches = connections[DEFAULT_DB_ALIAS], {}, []
    for row in rows:
        match, round_, competition, *club = _parts(row, parts, db, kept)
        if club:
            season, club = club
            related(season, club=club)
            related(competition, season=season)
        related(match, round=round_, competition=competition)
        matches.append(match)
    return matches


def _parts(row: tuple, parts, db, kept: dict) -> list:
    """The row's models; its match and round built anew, its competition, season and club
    given again when an earlier row built them."""
    found, start = [], 0
    for part in parts:
        found.append(part.instance(row, start, db, None if part in (MATCH, ROUND) else kept))
        start += len(part)
    return found


OPPONENTS = """
SELECT {columns} FROM {player} p WHERE p.id IN (
  SELECT e.player_id FROM {match} m JOIN {entry} e ON e.id = m.entry_b_id
  WHERE m.status = %s AND {side_a}
  UNION
  SELECT e.player_id FROM {match} m JOIN {entry} e ON e.id = m.entry_a_id
  WHERE m.status = %s AND {side_b})
ORDER BY p.name, p.id
"""


def _opponents_read(entry_ids: list[int]) -> Read[list[Player]]:
    """Everyone met in a confirmed match, by the player's entries' ids, by name; none without
    entries. One list of ids (a UNION), each player then found by his id: an OR of the two
    lists reads every player of the site."""
    if not entry_ids:
        return Read(NO_QUERY, [], lambda rows: [])
    confirmed = str(Match.Status.CONFIRMED)
    side_a, params_a = one_of("m.entry_a_id", entry_ids)
    side_b, params_b = one_of("m.entry_b_id", entry_ids)
    return Read(OPPONENTS.format(**TABLES, columns=PLAYER.sql, side_a=side_a, side_b=side_b),
                [confirmed, *params_a, confirmed, *params_b],
                lambda rows: [PLAYER.instance(row, 0) for row in rows])


def result_line(match: Match, player_id: int) -> ResultLine:
    mine, theirs = (
        (match.entry_a, match.entry_b)
        if match.entry_a and match.entry_a.player_id == player_id
        else (match.entry_b, match.entry_a)
    )
    as_a = mine is match.entry_a
    games = getattr(match, "game_list", None)
    totals = _game_points(games, as_a) if games is not None else (None, None)
    return ResultLine(
        match=match,
        opponent=theirs.player if theirs else None,
        outcome=_outcome(match, mine),
        games_for=match.games_a if as_a else match.games_b,
        games_against=match.games_b if as_a else match.games_a,
        points_for=totals[0],
        points_against=totals[1],
    )


def _outcome(match: Match, mine: Entry | None) -> str:
    if match.status != Match.Status.CONFIRMED:
        return ""
    if match.winner_id is None:
        return "drawn" if match.kind == Match.Kind.PLAYED else "lost"
    return "won" if mine is not None and match.winner_id == mine.pk else "lost"


def _game_points(games: list[Game], as_a: bool) -> tuple[int, int]:
    a = sum(g.total_a for g in games)
    b = sum(g.total_b for g in games)
    return (a, b) if as_a else (b, a)


@dataclass(frozen=True, slots=True)
class HeadToHead:
    """A player's confirmed matches against one opponent, newest first."""

    opponent: Player
    lines: list[ResultLine]

    def _count(self, outcome: str) -> int:
        return sum(1 for line in self.lines if line.outcome == outcome)

    @property
    def won(self) -> int:
        return self._count("won")

    @property
    def lost(self) -> int:
        return self._count("lost")

    @property
    def drawn(self) -> int:
        return self._count("drawn")

    @property
    def points_for(self) -> int:
        return sum(line.points_for or 0 for line in self.lines)

    @property
    def points_against(self) -> int:
        return sum(line.points_against or 0 for line in self.lines)


def head_to_head(player: Player, opponent: Player) -> HeadToHead:
    """Two queries: the confirmed matches between the two, and their games."""
    games = Game.objects.order_by("number")
    matches = (
        matches_with_sides()
        .select_related("competition")
        .filter(status=Match.Status.CONFIRMED)
        .filter(
            Q(entry_a__player=player, entry_b__player=opponent)
            | Q(entry_a__player=opponent, entry_b__player=player)
        )
        .prefetch_related(Prefetch("games", queryset=games, to_attr="game_list"))
        .order_by("-confirmed_at", "-pk")
    )
    return HeadToHead(opponent, [result_line(match, player.pk) for match in matches])
