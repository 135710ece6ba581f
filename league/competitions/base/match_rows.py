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
# A competition with its season and club, read with what names it (`of`: its alias).
COMPETITION_COLUMNS = f"{COMPETITION.sql}, {SEASON.sql}, {CLUB.sql}"
COMPETITION_WIDTH = len(COMPETITION) + len(SEASON) + len(CLUB)


def competition_joins(of: str) -> str:
    return f"""
JOIN {table(Competition)} c ON c.id = {of}.competition_id
JOIN {table(Season)} s ON s.id = c.season_id
JOIN {table(Club)} cl ON cl.id = s.club_id"""


COLUMNS = f"{MATCH.sql}, {COMPETITION_COLUMNS}, {ROUND.sql}"
# Where each model's columns start, from the match's first.
AT_COMPETITION = len(MATCH)
AT_ROUND = AT_COMPETITION + COMPETITION_WIDTH
JOINS = f"""{competition_joins("m")}
JOIN {table(Round)} r ON r.id = m.round_id"""


def match_of_row(row: Sequence, start: int = 0, kept: dict | None = None) -> Match:
    """The match of the COLUMNS from `start` in `row`, with its competition, season, club and
    round. `kept`: those built from earlier rows of the query, given again for the same row (a
    feed's matches share a few competitions)."""
    match = MATCH.instance(row, start)
    competition = competition_of_row(row, start + AT_COMPETITION, kept)
    related(match, competition=competition, round=ROUND.instance(row, start + AT_ROUND, kept=kept))
    return match


def competition_of_row(row: Sequence, start: int, kept: dict | None = None) -> Competition:
    """The competition of the COMPETITION_COLUMNS from `start` in `row`, with its season and
    club; `kept` as match_of_row's."""
    competition = COMPETITION.instance(row, start, kept=kept)
    at_season = start + len(COMPETITION)
    season = SEASON.instance(row, at_season, kept=kept)
    related(season, club=CLUB.instance(row, at_season + len(SEASON), kept=kept))
    related(competition, season=season)
    return competition
