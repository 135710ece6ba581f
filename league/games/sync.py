"""Two phones on one scoresheet: each asks every few seconds whether the sheet changed, and is
answered 304 Not Modified, after one small query, when it has not.

The sheet's version is what any change to it moves: its hands (how many, the newest), its open
flags, the rulings recorded at the table (how many, and how many wait for the opponent or the
organizer), the game's totals and status, the match's status and its history (every
correction, flag, dismissal, ruling and result is written there). The ETag is that version for
this viewer (what he may do differs by person) in his language."""

from __future__ import annotations

import hashlib
from typing import NamedTuple

from django.db import connection
from django.http import HttpRequest, HttpResponse, HttpResponseNotModified
from django.utils import translation
from django.utils.cache import patch_cache_control

from league.accounts.backends import signed_in_id
from league.clubs.models import Club, Player, Season
from league.competitions.models import AuditEntry, Competition, Entry, Match
from league.games.models import Game, Hand, HandFlag, TableRuling


def _table(model) -> str:
    return connection.ops.quote_name(model._meta.db_table)


# Written out rather than built by the ORM (a phone asks every few seconds, and building the
# query took longer than running it). Plain SQL, as SQLite and PostgreSQL both read it.
_VERSION_SQL = f"""
SELECT
  (SELECT COUNT(*) FROM {_table(Hand)} h WHERE h.game_id = g.id),
  (SELECT MAX(h.id) FROM {_table(Hand)} h WHERE h.game_id = g.id),
  (SELECT COUNT(*) FROM {_table(HandFlag)} f JOIN {_table(Hand)} h ON h.id = f.hand_id
    WHERE h.game_id = g.id AND f.cleared = ''),
  (SELECT MAX(a.id) FROM {_table(AuditEntry)} a WHERE a.match_id = g.match_id),
  (SELECT COUNT(*) FROM {_table(TableRuling)} t WHERE t.game_id = g.id),
  (SELECT COUNT(*) FROM {_table(TableRuling)} t WHERE t.game_id = g.id AND t.status = %s),
  g.total_a, g.total_b, g.status, m.status, s.club_id,
  (SELECT k.is_public FROM {_table(Club)} k WHERE k.id = s.club_id),
  (SELECT p.user_id FROM {_table(Entry)} e JOIN {_table(Player)} p ON p.id = e.player_id
    WHERE e.id = m.entry_a_id),
  (SELECT p.user_id FROM {_table(Entry)} e JOIN {_table(Player)} p ON p.id = e.player_id
    WHERE e.id = m.entry_b_id)
FROM {_table(Game)} g JOIN {_table(Match)} m ON m.id = g.match_id
  JOIN {_table(Competition)} c ON c.id = m.competition_id
  JOIN {_table(Season)} s ON s.id = c.season_id
WHERE g.id = %s
"""


class SheetVersion(NamedTuple):
    hands: int
    last_hand: int | None
    open_flags: int
    last_history: int | None
    rulings: int
    waiting: int
    total_a: int
    total_b: int
    status: str
    match_status: str
    club_id: int  # which never changes: the club whose members may read the sheet
    public: bool  # whether the club is public, as just read
    account_a: int | None  # the accounts of the two players: who plays, reads his own sheet
    account_b: int | None


def sheet_version(pk: int) -> SheetVersion | None:
    """The version of game `pk`'s scoresheet (None: no such game): one query."""
    with connection.cursor() as cursor:
        cursor.execute(_VERSION_SQL, [TableRuling.Status.WAITING.value, pk])
        found = cursor.fetchone()
    return SheetVersion(*found) if found is not None else None


def etag(request: HttpRequest, pk: int, version: SheetVersion | None = None) -> str:
    """The scoresheet's ETag for this viewer, quoted as the header carries it (of `version`,
    the sheet's version read already, else read). The viewer is the account the session names:
    his account is not read for it (a phone polling an unchanged sheet reads none)."""
    viewer = signed_in_id(request) or 0
    version = version or sheet_version(pk)
    facts = repr((tuple(version or ()), viewer, translation.get_language())).encode()
    return f'"{hashlib.sha256(facts).hexdigest()[:20]}"'


def unchanged(request: HttpRequest, tag: str) -> HttpResponse | None:
    """304 Not Modified when the viewer's copy (If-None-Match) is this version."""
    if request.headers.get("If-None-Match", "") != tag:
        return None
    return tagged(HttpResponseNotModified(), tag)


def tagged(response: HttpResponse, tag: str) -> HttpResponse:
    """The response with its ETag; the browser asks again every time (the sheet moves)."""
    response["ETag"] = tag
    patch_cache_control(response, private=True, no_cache=True)
    return response
