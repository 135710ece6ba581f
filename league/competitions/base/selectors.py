"""Reads every concern of the competitions shares: a competition, round, match or entry by its
id (a 404 when there is none), with the club or the players' sides it is shown with, and the
audit trail. Each in a fixed number of queries whatever the rows."""

from __future__ import annotations

from django.db import DEFAULT_DB_ALIAS, connections
from django.db.models import Prefetch, Q, QuerySet
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _

from league.clubs.models import Club, Player, Season
from league.clubs.visibility import club_of
from league.competitions.models import (
    AuditEntry,
    ClubNight,
    Competition,
    Entry,
    Match,
    Round,
)
from league.core.written_reads import (
    NO_QUERY,
    Columns,
    Read,
    answered,
    fetched,
    first_value,
    one_of,
    related,
    table,
)

MATCH_SIDES = ("entry_a__player", "entry_b__player", "winner__player")


SIDES = [Prefetch(side, queryset=Entry.objects.select_related("player"))
         for side in ("entry_a", "entry_b", "winner")]


def matches_with_sides() -> QuerySet[Match]:
    """Matches with their round, and each side's and the winner's entry with its player. The
    sides come in three small queries, not six more joins: PostgreSQL took longer to plan that
    join (15 ms on the load test's season) than to run it."""
    return Match.objects.select_related("round").prefetch_related(*SIDES)


def with_sides(*matches: Match) -> None:
    """Each match's sides and winner, the entries with their players, read in one query (none
    when no match has a side) and set on the matches, each entry once: not six more joins on
    the match's own query, which PostgreSQL took longer to plan than to run. Written out
    (league.core.written_reads): the ORM's read cost several times the database's answer."""
    ids = {pk for m in matches for pk in (m.entry_a_id, m.entry_b_id, m.winner_id)} - {None}
    entries = {}
    if ids:
        db = connections[DEFAULT_DB_ALIAS]
        among, params = one_of("e.id", list(ids))
        for row in fetched(SIDES_SQL.format(among=among), params):
            entry = ENTRY.instance(row, 0, db)
            related(entry, player=PLAYER.instance(row, len(ENTRY), db))
            entries[entry.pk] = entry
    for match in matches:
        related(match, entry_a=entries.get(match.entry_a_id),
                entry_b=entries.get(match.entry_b_id), winner=entries.get(match.winner_id))


ENTRY, PLAYER = Columns(Entry, "e"), Columns(Player, "p")
SIDES_SQL = (f"SELECT {ENTRY.sql}, {PLAYER.sql} FROM {table(Entry)} e "
             f"JOIN {table(Player)} p ON p.id = e.player_id WHERE {{among}}")


def side_names(match: Match) -> tuple[str, str]:
    """The names of seat A and seat B (a seat may still wait for its player, or be a bye)."""
    to_be_decided = _("To be decided")
    waiting = _("Bye") if match.kind == Match.Kind.BYE else to_be_decided
    return (
        match.entry_a.player.name if match.entry_a else to_be_decided,
        match.entry_b.player.name if match.entry_b else waiting,
    )


def competition_by_pk(pk: int) -> Competition:
    return get_object_or_404(Competition, pk=pk)


def competition_with_club(pk: int) -> Competition:
    """The competition with its season and club."""
    return get_object_or_404(Competition.objects.select_related("season__club"), pk=pk)


def competition_round(pk: int) -> Round:
    """A round with its competition, season and club."""
    return get_object_or_404(Round.objects.select_related("competition__season__club"), pk=pk)


def match_and_players(pk: int) -> Match:
    """A match with its competition's club, its round and each side's player."""
    return get_object_or_404(Match.objects.select_related(
        "competition__season__club", "round", "entry_a__player", "entry_b__player"), pk=pk)


def entry_with_club(pk: int) -> Entry:
    """An entry with its player and its competition's club."""
    return get_object_or_404(
        Entry.objects.select_related("player", "competition__season__club"), pk=pk)


# The club of a competition, match, round or club night, written out: a page's first read on its
# process's first visit to the object, which the ORM took three times as long to build as the
# database to answer.
CLUB_OF = {
    "competition": f"""SELECT s.club_id FROM {table(Competition)} c
        JOIN {table(Season)} s ON s.id = c.season_id WHERE c.id = %s""",
    **{kind: f"""SELECT s.club_id FROM {table(model)} x
        JOIN {table(Competition)} c ON c.id = x.competition_id
        JOIN {table(Season)} s ON s.id = c.season_id WHERE x.id = %s"""
       for kind, model in (("match", Match), ("round", Round), ("night", ClubNight))},
}


def club_of_competition(pk: int) -> int | None:
    """The club id of competition `pk` (None: no such competition)."""
    return club_of("competition", pk, lambda: first_value(CLUB_OF["competition"], [pk]))


def club_of_match(pk: int) -> int | None:
    """The club id of match `pk` (None: no such match)."""
    return club_of("match", pk, lambda: first_value(CLUB_OF["match"], [pk]))


def club_of_round(pk: int) -> int | None:
    """The club id of round `pk` (None: no such round)."""
    return club_of("round", pk, lambda: first_value(CLUB_OF["round"], [pk]))


def club_of_night(pk: int) -> int | None:
    """The club id of club night `pk` (None: no such night)."""
    return club_of("night", pk, lambda: first_value(CLUB_OF["night"], [pk]))


def match_club(pk: int):
    """The club of match `pk` (its time zone reads and shows the match's times): one query;
    404 when there is no such match."""
    return get_object_or_404(Match.objects.select_related("competition__season__club"),
                             pk=pk).competition.season.club


RECENT_AUDIT = 15


def organizer_club(slug: str) -> Club:
    return get_object_or_404(Club, slug=slug)


def organizer_competition(pk: int) -> Competition:
    return get_object_or_404(Competition.objects.select_related("season__club"), pk=pk)


def organizer_match(pk: int) -> Match:
    """A match with its competition's club, or 404."""
    return get_object_or_404(Match.objects.select_related("competition__season__club"), pk=pk)


def audit_entries() -> QuerySet[AuditEntry]:
    return AuditEntry.objects.select_related(
        "actor", "match__competition", "match__entry_a__player", "match__entry_b__player"
    ).order_by("-at", "-pk")


def of_entries(entry_ids: list[int]) -> Q:
    """Matches of these entries, by their ids: each side's index answers, where a join through
    the entries to a player or his account would read every match of the site."""
    return Q(entry_a_id__in=entry_ids) | Q(entry_b_id__in=entry_ids)


def entry_ids_of_players(player_ids: list[int]) -> list[int]:
    """The ids of every entry of these players, by id: one query, none for no player. Written
    out: the ORM's read joined the players for the entries' default order, which a list of ids
    does not need."""
    return answered(entry_ids_read(player_ids))


def entry_ids_read(player_ids: list[int]) -> Read[list[int]]:
    """`entry_ids_of_players`, as a read a page asks together with its others."""
    if not player_ids:
        return Read(NO_QUERY, [], lambda rows: [])
    among, params = one_of("e.player_id", list(player_ids))
    return Read(f"SELECT e.id FROM {table(Entry)} e WHERE {among} ORDER BY e.id", params,
                lambda rows: [pk for (pk,) in rows])


def entry_ids_of_user(user) -> list[int]:
    """The ids of every entry of the user's players, in any club: one query, none for a
    visitor."""
    if not user.is_authenticated:
        return []
    return list(Entry.objects.filter(player__user=user).values_list("pk", flat=True))


# Whether a competition (or one of its stages) has a match not yet confirmed: asked after every
# confirmed result. The statuses are written in the query as constants, not sent as parameters:
# a plan made for any parameters (the site's prepared queries keep one) supposes most of a
# competition's matches open and walks its matches until it finds one, every confirmed match of
# a finished league; with the statuses known, the (competition, status) index finds the few.
STILL_OPEN = tuple(status.value for status in Match.Status
                   if status not in (Match.Status.CONFIRMED, Match.Status.VOID))
UNCONFIRMED = (*STILL_OPEN, Match.Status.VOID.value)


def has_match_in(competition_id: int, statuses: tuple[str, ...], stage_id: int | None = None
                 ) -> bool:
    """Whether the competition (the stage, if given) has a match in one of `statuses` (constants
    of Match.Status: STILL_OPEN, UNCONFIRMED). One query."""
    listed = ", ".join(f"'{status}'" for status in statuses if status in Match.Status.values)
    of_stage = (f" AND m.round_id IN (SELECT r.id FROM {table(Round)} r WHERE r.stage_id = %s)"
                if stage_id is not None else "")
    sql = (f"SELECT 1 FROM {table(Match)} m WHERE m.competition_id = %s "
           f"AND m.status IN ({listed}){of_stage} LIMIT 1")
    return bool(fetched(sql, [competition_id, *([stage_id] if stage_id is not None else [])]))

