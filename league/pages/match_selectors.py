"""The version of what the match page shows of its match, which keys its cached body
(league.pages.views.match_page). One query."""

from __future__ import annotations

from typing import NamedTuple

from django.db import connection

from league.clubs.models import Club, Player, Season
from league.competitions.models import AuditEntry, Competition, Entry, Match, ResultReport
from league.games.models import Game, Hand


def _table(model) -> str:
    return connection.ops.quote_name(model._meta.db_table)


# Written out rather than built by the ORM: building its eleven subqueries took longer than
# running them. Plain SQL, as SQLite and PostgreSQL both read it.
_VERSION_SQL = f"""
SELECT m.status, m.kind, m.winner_id, m.games_a, m.games_b, m.entry_a_id, m.entry_b_id,
  m.round_id, m.scheduled_at, m."table", m.play_by, m.proposed_at, m.proposed_by_id,
  m.confirmed_at,
  (SELECT COUNT(*) FROM {_table(Game)} g WHERE g.match_id = m.id),
  (SELECT MAX(g.id) FROM {_table(Game)} g WHERE g.match_id = m.id),
  (SELECT SUM(g.total_a) FROM {_table(Game)} g WHERE g.match_id = m.id),
  (SELECT SUM(g.total_b) FROM {_table(Game)} g WHERE g.match_id = m.id),
  (SELECT SUM(g.hands_played) FROM {_table(Game)} g WHERE g.match_id = m.id),
  (SELECT COUNT(*) FROM {_table(Game)} g WHERE g.match_id = m.id AND g.status = %s),
  (SELECT COUNT(*) FROM {_table(Hand)} h JOIN {_table(Game)} g ON g.id = h.game_id
    WHERE g.match_id = m.id),
  (SELECT MAX(h.id) FROM {_table(Hand)} h JOIN {_table(Game)} g ON g.id = h.game_id
    WHERE g.match_id = m.id),
  (SELECT COUNT(*) FROM {_table(ResultReport)} r WHERE r.match_id = m.id),
  (SELECT MAX(r.id) FROM {_table(ResultReport)} r WHERE r.match_id = m.id),
  (SELECT MAX(a.id) FROM {_table(AuditEntry)} a WHERE a.match_id = m.id),
  (SELECT p.user_id FROM {_table(Entry)} e JOIN {_table(Player)} p ON p.id = e.player_id
    WHERE e.id = m.entry_a_id),
  (SELECT p.user_id FROM {_table(Entry)} e JOIN {_table(Player)} p ON p.id = e.player_id
    WHERE e.id = m.entry_b_id),
  k.id, k.is_public, k.time_zone, k.default_language
FROM {_table(Match)} m
  JOIN {_table(Competition)} c ON c.id = m.competition_id
  JOIN {_table(Season)} s ON s.id = c.season_id
  JOIN {_table(Club)} k ON k.id = s.club_id
WHERE m.id = %s
"""


class MatchVersion(NamedTuple):
    facts: tuple  # what the page shows moves them
    accounts: tuple[int | None, int | None]  # the two players' accounts
    club_id: int  # which never changes: the club whose members may read the page
    public: bool  # whether the club is public, as just read
    time_zone: str
    language: str

    @property
    def hands(self) -> int:
        return self.facts[FACTS.index("hands")]

    @property
    def reports(self) -> int:
        return self.facts[FACTS.index("reports")]

    @property
    def history(self) -> int | None:
        return self.facts[FACTS.index("last_history")]


FACTS = ("status", "kind", "winner", "games_a", "games_b", "entry_a", "entry_b", "round",
         "scheduled_at", "table", "play_by", "proposed_at", "proposed_by", "confirmed_at",
         "games", "last_game", "total_a", "total_b", "hands_played", "finished", "hands",
         "last_hand", "reports", "last_report", "last_history")


def match_version(pk: int) -> MatchVersion | None:
    """The version of match `pk`'s page (None: no such match), one query. It moves with any
    change of the match row, of its games (how many, the newest, their totals and hands played,
    how many finished), of its hands (how many, the newest), of its reports (how many, the
    newest) and of its history (the newest entry: every correction of a hand or a result, flag,
    ruling and decision writes one). With it the accounts of its two players, its club, the club's time zone (the page says
    whether the match is overdue, which changes with the club's day) and language (spoken to
    a reader who chose none)."""
    with connection.cursor() as cursor:
        cursor.execute(_VERSION_SQL, [Game.Status.FINISHED.value, pk])
        found = cursor.fetchone()
    if found is None:
        return None
    *facts, account_a, account_b, club_id, public, zone, language = found
    return MatchVersion(tuple(facts), (account_a, account_b), club_id, bool(public), zone,
                        language)
