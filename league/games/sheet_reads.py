"""The scoresheet's reads of its game and hands, written out (league.core.written_reads): built by
the ORM on every first visit of a sheet, the game's five-model join and the hands with their
prefetched flags cost more than twice what the database took to answer them."""

from __future__ import annotations

from league.competitions.base import match_rows
from league.competitions.models import Match
from league.core.written_reads import Columns, fetched, related, table, the_row
from league.games.models import Game, Hand, HandFlag

GAME, HAND, FLAG = Columns(Game, "g"), Columns(Hand, "h"), Columns(HandFlag, "f")
RAISER = Columns(HandFlag._meta.get_field("raised_by").related_model, "u")

GAME_SQL = (f"SELECT {GAME.sql}, {match_rows.COLUMNS} FROM {table(Game)} g "
            f"JOIN {table(Match)} m ON m.id = g.match_id {match_rows.JOINS} WHERE g.id = %s")
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
    row = the_row(GAME_SQL, [pk], "No such game.")
    game = GAME.instance(row)
    related(game, match=match_rows.match_of_row(row, len(GAME)))
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
