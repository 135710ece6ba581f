"""Reads for a signed-in user's home page: his clubs with their running competitions, the results
waiting for his confirmation and his matches to play; and the public clubs any visitor finds.
Each runs a fixed number of queries whatever the site's size: what grows is his clubs and his
matches, found through his own rows' indexes.

His clubs and the results he has to confirm are written out in SQL (league.core.written_reads):
built by the ORM on each new version of his home, they cost the page several times what the
database took to answer them.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Q

from league.clubs.models import Club, Player, Season
from league.competitions.base.selectors import with_sides
from league.competitions.models import Competition, Match, ResultReport
from league.core.written_reads import (
    NO_QUERY,
    Columns,
    Read,
    answered,
    one_of,
    related,
    table,
)
from league.pages.player_selectors import either_side, his_matches, his_matches_read
from league.pages.selectors import LISTED_COMPETITION

# The clubs the home page lists at most when it finds clubs; a search narrows them.
CLUBS_FOUND = 12


@dataclass(frozen=True, slots=True)
class ClubSummary:
    club: Club
    running: list[Competition]


CLUB = Columns(Club, "cl")
RUNNING = LISTED_COMPETITION  # what the list shows of each
RUNNING_SEASON = Columns(Season, "s", ["id", "club_id", "name"])
# Each side by its own index (his players, his places as organizer): an OR across the two joins
# reads every player of the site.
HIS_CLUBS = f"""
SELECT {CLUB.sql} FROM {table(Club)} cl
WHERE cl.id IN (SELECT p.club_id FROM {table(Player)} p WHERE p.user_id = %s)
   OR cl.id IN (SELECT o.club_id FROM {table(Club.organizers.through)} o WHERE o.user_id = %s)
ORDER BY cl.name, cl.id
"""
RUNNING_IN = f"""
SELECT {RUNNING.sql}, {RUNNING_SEASON.sql} FROM {table(Competition)} c
JOIN {table(Season)} s ON s.id = c.season_id
WHERE c.status = %s AND {{clubs}}
ORDER BY c.created_at DESC, c.id
"""


def your_clubs(user) -> list[ClubSummary]:
    """The clubs the user plays in or organizes, by name, each with its running competitions
    (newest first, with their seasons). Two queries, one without clubs, none for a visitor."""
    if not user.is_authenticated:
        return []
    return answered(running_read(answered(his_clubs_read(user.pk))))


def his_clubs_read(user_id: int) -> Read[list[Club]]:
    """The clubs the user plays in or organizes, by name (`your_clubs`' first read)."""
    return Read(HIS_CLUBS, [user_id, user_id], lambda rows: [CLUB.instance(row) for row in rows])


def running_read(clubs: list[Club]) -> Read[list[ClubSummary]]:
    """These clubs, each with its running competitions (`your_clubs`' second read); no query
    without clubs."""
    if not clubs:
        return Read(NO_QUERY, [], lambda rows: [])
    among, params = one_of("s.club_id", [club.pk for club in clubs])

    def summaries(rows: list[tuple]) -> list[ClubSummary]:
        running: dict[int, list[Competition]] = {}
        for row in rows:
            competition = RUNNING.instance(row)
            season = RUNNING_SEASON.instance(row, len(RUNNING))
            related(competition, season=season)
            running.setdefault(season.club_id, []).append(competition)
        return [ClubSummary(club, running.get(club.pk, [])) for club in clubs]

    return Read(RUNNING_IN.format(clubs=among), [Competition.Status.RUNNING, *params], summaries)


@dataclass(frozen=True, slots=True)
class ClubsFound:
    query: str
    clubs: list[Club]
    more: bool  # more clubs match than are listed: a search narrows them


def club_search_text(query: str) -> str:
    """The text searched for: spaces collapsed, at most 100 characters."""
    return " ".join(query.split())[:100]


# Every visitor's first look: the first public clubs by name, written out (a search is the
# ORM's, which writes each database's case-blind match).
PUBLIC_CLUBS = f"""
SELECT {CLUB.sql} FROM {table(Club)} cl WHERE cl.is_public ORDER BY cl.name, cl.id LIMIT %s
"""


def find_clubs(query: str = "", *, limit: int = CLUBS_FOUND) -> ClubsFound:
    """The public clubs whose name or description holds the query (every public club when it is
    empty), by name, at most `limit` of them: one query, as long whatever the site's size."""
    query = club_search_text(query)
    if not query:
        return answered(public_clubs_read(limit=limit))
    found = list(Club.objects.filter(Q(name__icontains=query) | Q(description__icontains=query),
                                     is_public=True).order_by("name", "pk")[:limit + 1])
    return ClubsFound(query, found[:limit], len(found) > limit)


def public_clubs_read(*, limit: int = CLUBS_FOUND) -> Read[ClubsFound]:
    """`find_clubs()` (every public club, no query), as a read a page asks with its others."""

    def found(rows: list[tuple]) -> ClubsFound:
        clubs = [CLUB.instance(row) for row in rows]
        return ClubsFound("", clubs[:limit], len(clubs) > limit)

    return Read(PUBLIC_CLUBS, [limit + 1], found)


@dataclass(frozen=True, slots=True)
class Waiting:
    """What waits for a user on his home page."""

    to_confirm: list[ResultReport]
    to_play: list[Match]


def waiting_for(user, entry_ids: list[int]) -> Waiting:
    """The reports he has to confirm and the matches he has to play, of his entries (their ids:
    entry_ids_of_user). Three queries: the reports, the matches, and the sides of both lists'
    matches (with_sides), none of them when both lists are empty."""
    return waiting(results_awaiting_confirmation(user, entry_ids), matches_to_play(entry_ids))


def waiting(to_confirm: list[ResultReport], to_play: list[Match]) -> Waiting:
    """`waiting_for` of the reports and matches read (`to_confirm_read`, `to_play_read`): their
    sides, one query."""
    with_sides(*(report.match for report in to_confirm), *to_play)
    for report in to_confirm:  # the winner he is asked to confirm: one of the match's sides
        sides = {entry.pk: entry for entry in (report.match.entry_a, report.match.entry_b)
                 if entry is not None}
        if report.winner_id in sides:
            related(report, winner=sides[report.winner_id])
    return Waiting(to_confirm, to_play)


REPORT = Columns(ResultReport, "rr")
REPORTER = Columns(ResultReport._meta.get_field("reported_by").related_model, "u")
REPORTED_MATCH = Columns(Match, "m")
REPORTED_IN = Columns(Competition, "c")
# Someone else's report: his own, or one of an account since deleted (no reporter), excluded
# and kept as the ORM's exclude(reported_by=user) does.
TO_CONFIRM = f"""
SELECT {REPORT.sql}, {REPORTER.sql}, {REPORTED_MATCH.sql}, {REPORTED_IN.sql}
FROM {table(ResultReport)} rr
LEFT JOIN {table(REPORTER.model)} u ON u.id = rr.reported_by_id
JOIN {table(Match)} m ON m.id = rr.match_id
JOIN {table(Competition)} c ON c.id = m.competition_id
WHERE rr.status = %s AND {{his_side}}
  AND (rr.reported_by_id IS NULL OR rr.reported_by_id <> %s)
ORDER BY rr.reported_at, rr.id
"""


def results_awaiting_confirmation(user, entry_ids: list[int]) -> list[ResultReport]:
    """Pending reports of the user's matches (his entries' ids: entry_ids_of_user) that someone
    else reported: his to confirm, with who reported them and their matches' competitions; the
    matches' sides are read by `waiting_for`. One query, none without entries."""
    return answered(to_confirm_read(user.pk, entry_ids))


def to_confirm_read(user_id: int, entry_ids: list[int]) -> Read[list[ResultReport]]:
    """`results_awaiting_confirmation`, as a read a page asks together with its others."""
    if not entry_ids:
        return Read(NO_QUERY, [], lambda rows: [])
    his_side, side_params = either_side(entry_ids)
    sql = TO_CONFIRM.format(his_side=his_side)
    params = [ResultReport.Status.PENDING, *side_params, user_id]
    return Read(sql, params, _reports)


def _reports(rows: list[tuple]) -> list[ResultReport]:
    at_match = len(REPORT) + len(REPORTER)
    reports = []
    for row in rows:
        report = REPORT.instance(row)
        match = REPORTED_MATCH.instance(row, at_match)
        related(match, competition=REPORTED_IN.instance(row, at_match + len(REPORTED_MATCH)))
        related(report, reported_by=REPORTER.instance(row, len(REPORT)), match=match)
        reports.append(report)
    return reports


# Soonest first: by the time set, then by the round's play-by date, the undated last (on every
# database alike), then as they were drawn.
SOONEST = "m.scheduled_at IS NULL, m.scheduled_at, r.play_by IS NULL, r.play_by, m.id"


def matches_to_play(entry_ids: list[int]) -> list[Match]:
    """The matches of these entries (a user's: entry_ids_of_user) open for play, soonest first,
    with their rounds and clubs (his_matches: one query, written out). The sides are read by
    `waiting_for`."""
    return his_matches(entry_ids, Match.OPEN_FOR_PLAY, SOONEST, clubs=True)


def to_play_read(entry_ids: list[int]) -> Read[list[Match]]:
    """`matches_to_play`, as a read a page asks together with its others."""
    return his_matches_read(entry_ids, Match.OPEN_FOR_PLAY, SOONEST, clubs=True)
