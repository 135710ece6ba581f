"""The scoresheet's reads of its game and hands, written out (league.core.written_reads): built by
the ORM on every first visit of a sheet, the game's five-model join and the hands with their
prefetched flags cost more than twice what the database took to answer them."""

from __future__ import annotations

from django.http import Http404

from league.clubs.models import Club, Season
from league.competitions.models import Competition, Match, Round
from league.core.written_reads import Columns, fetched, related, table
from league.games.models import Game, Hand, HandFlag

GAME, MATCH, COMPETITION = Columns(Game, "g"), Columns(Match, "m"), Columns(Competition, "c")
SEASON, CLUB, ROUND = Columns(Season, "s"), Columns(Club, "cl"), Columns(Round, "r")
HAND, FLAG = Columns(Hand, "h"), Columns(HandFlag, "f")
RAISER = Columns(HandFlag._meta.get_field("raised_by").related_model, "u")

GAME_SQL = f"""
SELECT {GAME.sql}, {MATCH.sql}, {COMPETITION.sql}, {SEASON.sql}, {CLUB.sql}, {ROUND.sql}
FROM {table(Game)} g
JOIN {table(Match)} m ON m.id = g.match_id
JOIN {table(Competition)} c ON c.id = m.competition_id
JOIN {table(Season)} s ON s.id = c.season_id
JOIN {table(Club)} cl ON cl.id = s.club_id
JOIN {table(Round)} r ON r.id = m.round_id
WHERE g.id = %s
"""
HANDS_SQL = f"SELECT {HAND.sql} FROM {table(Hand)} h WHERE h.game_id = %s ORDER BY h.number"
# A hand with open flags (not cleared: an empty `cleared`) comes once per flag, in the order they
# were raised; one without, once, with NULL flag columns.
HANDS_AND_FLAGS_SQL = f"""
SELECT {HAND.sql}, {FLAG.sql}, {RAISER.sql}
FROM {table(Hand)} h
LEFT JOIN {table(HandFlag)} f ON f.hand_id = h.id AND f.cleared = ''
LEFT JOIN {table(RAISER.model)} u ON u.id = f.raised_by_id
WHERE h.game_id = %s
ORDER BY h.number, f.raised_at, f.id
"""


def game_with_its_match(pk: int) -> Game:
    """The game with its match, and the match's competition, season, club and round: one query,
    or 404."""
    found = fetched(GAME_SQL, [pk])
    if not found:
        raise Http404("No such game.")
    row = found[0]
    at_competition = len(GAME) + len(MATCH)
    at_season = at_competition + len(COMPETITION)
    at_club = at_season + len(SEASON)
    game, match = GAME.instance(row), MATCH.instance(row, len(GAME))
    competition = COMPETITION.instance(row, at_competition)
    season, club = SEASON.instance(row, at_season), CLUB.instance(row, at_club)
    related(season, club=club)
    related(competition, season=season)
    related(match, competition=competition, round=ROUND.instance(row, at_club + len(CLUB)))
    related(game, match=match)
    return game


def hands_of(game: Game, *, flags: bool = True) -> list[Hand]:
    """The game's hands by number, each knowing its game and with `.open_flags`: the flags not
    yet cleared, in the order raised, each with who raised it (none read without `flags`). One
    query."""
    if not flags:
        hands = [HAND.instance(row) for row in fetched(HANDS_SQL, [game.pk])]
        for hand in hands:
            hand.open_flags = []
            related(hand, game=game)
        return hands
    hands: list[Hand] = []
    at_raiser = len(HAND) + len(FLAG)
    for row in fetched(HANDS_AND_FLAGS_SQL, [game.pk]):
        if not hands or hands[-1].pk != row[0]:
            hand = HAND.instance(row)
            hand.open_flags = []
            related(hand, game=game)
            hands.append(hand)
        flag = FLAG.instance(row, len(HAND))
        if flag is not None:
            related(flag, raised_by=RAISER.instance(row, at_raiser), hand=hands[-1])
            hands[-1].open_flags.append(flag)
    return hands
