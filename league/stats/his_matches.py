"""A player's counted matches (league.stats.counted: confirmed, played at the table, both seats
filled; the club's competitions, or one season's), read once in the order their results were
confirmed, each seen from his side: the statistics page counts his form, his longest winning run
and his record against each opponent from them (league.stats.meetings).

One query, written out: the three reads the ORM built for these cost the page ten times what
the database took to answer them. It grows with the player's matches, not with the site's:
his matches are found through his entries' ids (the entry columns' indexes), and each match
carries its points (league.games.services.match_points): no game is read.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from league.clubs.models import Player, Season
from league.competitions.models import Competition, Entry, Match
from league.core.written_reads import Columns, fetched, marks, table

from .counted import entries_of


@dataclass(frozen=True, slots=True)
class MatchSeen:
    """A counted match from one player's side."""

    match_id: int
    confirmed_at: datetime | None
    outcome: str  # "won", "drawn", "lost"
    games_for: int
    games_against: int
    points_for: int  # the hand points of its finished games (0 without any)
    points_against: int
    opponent_id: int
    opponent: str  # his name


MATCHES = """
SELECT m.id, m.confirmed_at, m.entry_a_id, m.winner_id, m.games_a, m.games_b,
       pa.id, pa.name, pb.id, pb.name, m.points_a, m.points_b
FROM {match} m
JOIN {entry} ea ON ea.id = m.entry_a_id
JOIN {player} pa ON pa.id = ea.player_id
JOIN {entry} eb ON eb.id = m.entry_b_id
JOIN {player} pb ON pb.id = eb.player_id
WHERE m.status = %s AND m.kind = %s
  AND m.competition_id IN ({competitions})
  AND (m.entry_a_id IN ({entries}) OR m.entry_b_id IN ({entries}))
ORDER BY m.confirmed_at, m.id
"""

# The club's competitions, or the season's: found first, then their matches by competition.
OF_SEASON = "SELECT c.id FROM {competition} c WHERE c.season_id = %s"
OF_CLUB = ("SELECT c.id FROM {competition} c JOIN {season} s ON s.id = c.season_id "
           "WHERE s.club_id = %s")


def matches_seen(player: Player, season: Season | None) -> list[MatchSeen]:
    """His counted matches (of the season; all time without one), oldest result first, ties by
    match id: one query, none for a player entered nowhere."""
    entries = entries_of(player)
    if not isinstance(entries, list):
        entries = list(entries.values_list("pk", flat=True))
    if not entries:
        return []
    tables = {"match": table(Match), "entry": table(Entry), "player": table(Player),
              "competition": table(Competition), "season": table(Season)}
    scope = (OF_SEASON if season is not None else OF_CLUB).format(**tables)
    # One placeholder per entry, not an array (written_reads.one_of): planned for an array, the
    # club's competitions looked cheaper to read than his entries' index.
    sql = MATCHES.format(**tables, competitions=scope, entries=marks(entries))
    params = [Match.Status.CONFIRMED.value, Match.Kind.PLAYED.value,
              season.pk if season is not None else player.club_id, *entries, *entries]
    mine = set(entries)
    return [_seen(row, mine) for row in fetched(sql, params)]


# The confirmation time, as the field reads it (SQLite's made aware).
CONFIRMED_AT = Columns(Match, "m", ["confirmed_at"])


def _seen(row: tuple, mine: set[int]) -> MatchSeen:
    pk, _, entry_a, winner, games_a, games_b, a_id, a_name, b_id, b_name, points_a, points_b = row
    confirmed_at = CONFIRMED_AT.values(row, 1)[0]
    outcome = "drawn" if winner is None else "won" if winner in mine else "lost"
    if entry_a in mine:
        return MatchSeen(pk, confirmed_at, outcome, games_a, games_b, points_a, points_b,
                         b_id, b_name)
    return MatchSeen(pk, confirmed_at, outcome, games_b, games_a, points_b, points_a,
                     a_id, a_name)
