"""The match page's reads of the match and its games, written out (league.core.written_reads):
built by the ORM on every first visit, their SQL and instances cost more than twice what the
database took to answer (the match with four models joined, its games, their hands)."""

from __future__ import annotations

from django.db import DEFAULT_DB_ALIAS, connections
from django.http import Http404

from league.clubs.models import Club, Season
from league.competitions.models import Competition, Match, Round
from league.core.written_reads import Columns, fetched, marks, related, table
from league.games.models import Game, Hand

MATCH, COMPETITION = Columns(Match, "m"), Columns(Competition, "c")
SEASON, CLUB, ROUND = Columns(Season, "s"), Columns(Club, "cl"), Columns(Round, "r")
GAME, HAND = Columns(Game, "g"), Columns(Hand, "h")

MATCH_SQL = f"""
SELECT {MATCH.sql}, {COMPETITION.sql}, {SEASON.sql}, {CLUB.sql}, {ROUND.sql}
FROM {table(Match)} m
JOIN {table(Competition)} c ON c.id = m.competition_id
JOIN {table(Season)} s ON s.id = c.season_id
JOIN {table(Club)} cl ON cl.id = s.club_id
JOIN {table(Round)} r ON r.id = m.round_id
WHERE m.id = %s
"""
GAMES_SQL = f"SELECT {GAME.sql} FROM {table(Game)} g WHERE g.match_id = %s ORDER BY g.number"
HANDS_SQL = (f"SELECT {HAND.sql} FROM {table(Hand)} h WHERE h.game_id IN ({{games}}) "
             f"ORDER BY h.game_id, h.number")


def match_with_its_competition(pk: int) -> Match:
    """The match with its competition, season, club and round: one query, or 404."""
    found = fetched(MATCH_SQL, [pk])
    if not found:
        raise Http404("No such match.")
    row, db = found[0], connections[DEFAULT_DB_ALIAS]
    at = [len(MATCH)]
    for columns in (COMPETITION, SEASON, CLUB):
        at.append(at[-1] + len(columns))
    match = MATCH.instance(row, 0, db)
    competition = COMPETITION.instance(row, at[0], db)
    season, club = SEASON.instance(row, at[1], db), CLUB.instance(row, at[2], db)
    related(season, club=club)
    related(competition, season=season)
    related(match, competition=competition, round=ROUND.instance(row, at[3], db))
    return match


def games_of(match: Match, *, hands: bool = True) -> list[Game]:
    """The match's games by number, each with `.hand_list` (its hands by number, each knowing
    its game; empty without `hands`): two queries, one without `hands` or without a game."""
    db = connections[DEFAULT_DB_ALIAS]
    games = [GAME.instance(row, 0, db) for row in fetched(GAMES_SQL, [match.pk])]
    by_pk = {}
    for game in games:
        game.hand_list = []
        by_pk[game.pk] = game
    if hands and games:
        for row in fetched(HANDS_SQL.format(games=marks(games)), list(by_pk)):
            hand = HAND.instance(row, 0, db)
            game = by_pk[hand.game_id]
            related(hand, game=game)
            game.hand_list.append(hand)
    return games
