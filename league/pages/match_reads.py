"""The match page's reads of the match and its games, written out (league.core.written_reads):
built by the ORM on every first visit, their SQL and instances cost more than twice what the
database took to answer (the match with four models joined, its games, their hands)."""

from __future__ import annotations

from league.competitions.base import match_rows
from league.competitions.models import Match
from league.core.written_reads import Columns, fetched, marks, related, table, the_row
from league.games.models import Game, Hand

GAME, HAND = Columns(Game, "g"), Columns(Hand, "h")

MATCH_SQL = f"SELECT {match_rows.COLUMNS} FROM {table(Match)} m {match_rows.JOINS} WHERE m.id = %s"
GAMES_SQL = f"SELECT {GAME.sql} FROM {table(Game)} g WHERE g.match_id = %s ORDER BY g.number"
HANDS_SQL = (f"SELECT {HAND.sql} FROM {table(Hand)} h WHERE h.game_id IN ({{games}}) "
             f"ORDER BY h.game_id, h.number")


def match_with_its_competition(pk: int) -> Match:
    """The match with its competition, season, club and round: one query, or 404."""
    return match_rows.match_of_row(the_row(MATCH_SQL, [pk], "No such match."))


def games_of(match: Match, *, hands: bool = True) -> list[Game]:
    """The match's games by number, each with `.hand_list` (its hands by number, each knowing
    its game; empty without `hands`): two queries, one without `hands` or without a game."""
    games = [GAME.instance(row) for row in fetched(GAMES_SQL, [match.pk])]
    by_pk = {}
    for game in games:
        game.hand_list = []
        by_pk[game.pk] = game
    if hands and games:
        for row in fetched(HANDS_SQL.format(games=marks(games)), list(by_pk)):
            hand = HAND.instance(row)
            game = by_pk[hand.game_id]
            related(hand, game=game)
            game.hand_list.append(hand)
    return games
