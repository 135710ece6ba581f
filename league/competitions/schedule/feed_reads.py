"""The calendar feeds' matches, written out (league.core.written_reads): each match with its
round, competition, season and club, then the sides and the winner with their players in one
query (with_sides), read only when there are matches. Built by the ORM, the feed's nested
subqueries cost more to compile and to plan than PostgreSQL took to run them.

A match is an event when it has a time or a play-by date (its own or its round's) and is no bye
(league.competitions.schedule.ical): the feeds read no other, however many there are. The feed's
competitions and their rounds with a play-by date are read first, in one query, so that the
matches are found by those rounds' ids and by the index of the dated matches of each
competition (match_dated_in_competition): tested on each match, every match of the feed's
competitions would be read.
"""

from __future__ import annotations

from league.clubs.models import Club, Season
from league.competitions.base import match_rows
from league.competitions.base.selectors import entry_ids_of_players, with_sides
from league.competitions.models import ClubNight, Competition, Entry, Match, Round
from league.core.written_reads import Columns, fetched, marks, related, table

# The feed's competitions ({which}), each with its rounds that have a play-by date (NULL: none).
DATED_ROUNDS_SQL = f"""
SELECT c.id, r.id FROM {table(Competition)} c
LEFT JOIN {table(Round)} r ON r.competition_id = c.id AND r.play_by IS NOT NULL
WHERE {{which}}
"""
OF_COMPETITION = "c.id = %s"
OF_CLUB = (f"c.season_id IN (SELECT s.id FROM {table(Season)} s WHERE s.club_id = %s) "
           f"AND c.status <> %s")
OF_PLAYER = f"c.id IN (SELECT e.competition_id FROM {table(Entry)} e WHERE e.player_id = %s)"

EVENTS_SQL = f"""
SELECT {match_rows.COLUMNS} FROM {table(Match)} m {match_rows.JOINS}
WHERE {{which}} AND m.kind <> %s
  AND (m.scheduled_at IS NOT NULL OR m.play_by IS NOT NULL{{by_round}})
ORDER BY {{order}}
"""
IN_ROUND_ORDER = "r.bracket, r.number, m.id"
BY_TIME = "m.scheduled_at, r.number, m.id"  # the untimed where the database puts NULLs


def feed_matches_of_competition(competition: Competition) -> list[Match]:
    """Every dated match of the competition, in bracket and round order: two queries (its
    rounds with a date, the matches), and one for the sides when there are matches."""
    _, rounds = _dated_rounds(OF_COMPETITION, [competition.pk])
    return _events("m.competition_id = %s", [competition.pk], rounds, IN_ROUND_ORDER)


def feed_matches_of_club(club: Club) -> list[Match]:
    """Every dated match of the club's competitions not finished, by time: two queries (those
    competitions with their rounds with a date, the matches), one without such a competition,
    and one for the sides when there are matches."""
    competitions, rounds = _dated_rounds(OF_CLUB, [club.pk, Competition.Status.FINISHED])
    if not competitions:
        return []
    return _events(f"m.competition_id IN ({marks(competitions)})", competitions, rounds,
                   BY_TIME)


def feed_matches_of_player(player) -> list[Match]:
    """Every dated match of the player, across competitions, by time: three queries (his
    entries' ids, his competitions' rounds with a date, the matches by his entries), one
    without an entry, and one for the sides when there are matches."""
    entries = entry_ids_of_players([player.pk])
    if not entries:
        return []
    _, rounds = _dated_rounds(OF_PLAYER, [player.pk])
    sides = marks(entries)
    return _events(f"(m.entry_a_id IN ({sides}) OR m.entry_b_id IN ({sides}))",
                   [*entries, *entries], rounds, BY_TIME)


def _dated_rounds(which: str, params: list) -> tuple[list[int], list[int]]:
    """The ids of the competitions `which` selects, and of their rounds with a play-by date."""
    competitions, rounds = {}, []
    for competition, round_ in fetched(DATED_ROUNDS_SQL.format(which=which), params):
        competitions[competition] = None
        if round_ is not None:
            rounds.append(round_)
    return list(competitions), rounds


def _events(which: str, params: list, rounds: list[int], order: str) -> list[Match]:
    by_round = f" OR m.round_id IN ({marks(rounds)})" if rounds else ""
    sql = EVENTS_SQL.format(which=which, by_round=by_round, order=order)
    kept: dict = {}  # a competition, season, club and round met on many rows: built once
    matches = [match_rows.match_of_row(row, kept=kept)
               for row in fetched(sql, [*params, Match.Kind.BYE, *rounds])]
    with_sides(*matches)
    return matches


# The club nights of a club's competitions not finished (OF_CLUB), each with its competition,
# season and club, by time.
NIGHT = Columns(ClubNight, "n")
CLUB_NIGHTS_SQL = f"""
SELECT {NIGHT.sql}, {match_rows.COMPETITION_COLUMNS} FROM {table(ClubNight)} n
{match_rows.competition_joins("n")}
WHERE {OF_CLUB}
ORDER BY n.starts_at, n.id
"""


def feed_nights_of_club(club: Club) -> list[ClubNight]:
    """The club nights of the club's competitions not finished, by time, each with its
    competition, season and club: one query."""
    kept: dict = {}  # a competition met on many nights: built once
    nights = []
    for row in fetched(CLUB_NIGHTS_SQL, [club.pk, Competition.Status.FINISHED]):
        night = NIGHT.instance(row)
        related(night, competition=match_rows.competition_of_row(row, len(NIGHT), kept))
        nights.append(night)
    return nights


def unfinished_competitions(club_id: int) -> list[int]:
    """The ids of the club's competitions not finished (OF_CLUB), for its feed's version: one
    query."""
    sql = f"SELECT c.id FROM {table(Competition)} c WHERE {OF_CLUB}"
    return [pk for (pk,) in fetched(sql, [club_id, Competition.Status.FINISHED])]
