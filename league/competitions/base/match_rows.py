"""A match with its competition, season, club and round, read in one row of a query written out
(league.core.written_reads): the columns and joins such a query names (the match as `m`), and
the models built from its row as select_related leaves them. The match page, the scoresheet and
the calendar feeds read their matches so."""

from __future__ import annotations

from collections.abc import Sequence

from league.clubs.models import Club, Season
from league.competitions.models import Competition, Match, Round
from league.core.written_reads import Columns, related, table

MATCH, COMPETITION = Columns(Match, "m"), Columns(Competition, "c")
SEASON, CLUB, ROUND = Columns(Season, "s"), Columns(Club, "cl"), Columns(Round, "r")
COLUMNS = f"{MATCH.sql}, {COMPETITION.sql}, {SEASON.sql}, {CLUB.sql}, {ROUND.sql}"
# Where each model's columns start, from the match's first.
AT_COMPETITION = len(MATCH)
AT_SEASON = AT_COMPETITION + len(COMPETITION)
AT_CLUB = AT_SEASON + len(SEASON)
AT_ROUND = AT_CLUB + len(CLUB)
JOINS = f"""
JOIN {table(Competition)} c ON c.id = m.competition_id
JOIN {table(Season)} s ON s.id = c.season_id
JOIN {table(Club)} cl ON cl.id = s.club_id
JOIN {table(Round)} r ON r.id = m.round_id"""


def match_of_row(row: Sequence, start: int = 0, kept: dict | None = None) -> Match:
    """The match of the COLUMNS from `start` in `row`, with its competition, season, club and
    round. `kept`: those built from earlier rows of the query, given again for the same row (a
    feed's matches share a few competitions)."""
    match = MATCH.instance(row, start)
    competition = COMPETITION.instance(row, start + AT_COMPETITION, kept=kept)
    season = SEASON.instance(row, start + AT_SEASON, kept=kept)
    related(season, club=CLUB.instance(row, start + AT_CLUB, kept=kept))
    related(competition, season=season)
    related(match, competition=competition, round=ROUND.instance(row, start + AT_ROUND, kept=kept))
    return match
