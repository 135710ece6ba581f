"""Reads of a competition's format: its page with rounds and fixtures, its stages and seeds,
the rounds by bracket, the organizer's decisions still open. Each in a fixed number of queries
whatever the rows."""

from __future__ import annotations

from collections.abc import Sequence

from django.db.models import Q, QuerySet
from django.http import Http404
from django.shortcuts import get_object_or_404

from league.clubs.models import Club, Player, Season
from league.clubs.permissions import organized_by
from league.competitions.base.selectors import audit_entries
from league.competitions.models import (
    AuditEntry,
    Competition,
    Entry,
    KeptStandings,
    Match,
    Round,
    Stage,
    StageEntry,
)
from league.core.written_reads import (
    Columns,
    Read,
    answered_together,
    fetched,
    marks,
    related,
    table,
)

# Rounds in the order they are shown: the main or winners' bracket, the losers', the finals.
BRACKET_ORDER = {Round.Bracket.MAIN: 0, Round.Bracket.WINNERS: 0, Round.Bracket.LOSERS: 1,
                 Round.Bracket.FINALS: 2}


# The competition page's reads, written out: built by the ORM (a select_related, two prefetches
# and two aggregates), they cost a cold visit five times what the database took to answer them.
COMPETITION = Columns(Competition, "c")
SEASON = Columns(Season, "s")
CLUB = Columns(Club, "cl")
ENTRY = Columns(Entry, "e")
PLAYER = Columns(Player, "p")
ROUND = Columns(Round, "r")
STAGE = Columns(Stage, "st")
LAST_CONFIRMED = Columns(Match, "m", ["confirmed_at"])
KEPT = Columns(KeptStandings, "k", ["digest", "rows"])

# With its kept table, if it has one (league.competitions.standings.kept).
PAGE_COMPETITION = f"""
SELECT {COMPETITION.sql}, {SEASON.sql}, {CLUB.sql}, {KEPT.sql}
FROM {table(Competition)} c
JOIN {table(Season)} s ON s.id = c.season_id
JOIN {table(Club)} cl ON cl.id = s.club_id
LEFT JOIN {table(KeptStandings)} k ON k.competition_id = c.id
WHERE c.id = %s
"""
# In the entries' own order (seed, then name; Entry.Meta), then by id.
PAGE_ENTRIES = f"""
SELECT {ENTRY.sql}, {PLAYER.sql}
FROM {table(Entry)} e
JOIN {table(Player)} p ON p.id = e.player_id
WHERE e.competition_id = %s
ORDER BY e.seed, p.name, e.id
"""
# Each round of a competition with the number of its matches still open (neither confirmed nor
# void) and when its latest result was confirmed: read from the matches' index alone
# (match_rounds_counted).
ROUND_COUNTS = f"""SELECT m.round_id, COUNT(CASE WHEN m.status NOT IN (%s, %s) THEN 1 END) AS open,
                  MAX(m.confirmed_at) AS last
           FROM {table(Match)} m WHERE m.competition_id = %s GROUP BY m.round_id"""
# Each round with its stage and its counts.
PAGE_ROUNDS = f"""
SELECT {ROUND.sql}, {STAGE.sql}, counted.open, counted.last
FROM {table(Round)} r
LEFT JOIN {table(Stage)} st ON st.id = r.stage_id
LEFT JOIN ({ROUND_COUNTS}) counted ON counted.round_id = r.id
WHERE r.competition_id = %s
ORDER BY r.number, r.id
"""


def competition_page(pk: int) -> Competition:
    """The competition with its season and club, `.kept_table` (its kept table's digest and
    rows, or None), `.entry_list` (with the players) and
    `.round_list`, each round with its stage, `.open_matches` (its matches still to be played
    or confirmed) and `.last_confirmed` (when its latest result was confirmed): three queries,
    asked together (`competition_page_reads`), or 404. The matches themselves come with
    `fixtures_of`, for the rounds shown."""
    return competition_of(*answered_together(*competition_page_reads(pk)))


def competition_page_reads(pk: int) -> tuple[Read, Read, Read]:
    """`competition_page`'s three reads, answered with their rows (`competition_of`), for a
    page to ask with its others."""
    done = (Match.Status.CONFIRMED, Match.Status.VOID)
    return (Read(PAGE_COMPETITION, [pk], list), Read(PAGE_ENTRIES, [pk], list),
            Read(PAGE_ROUNDS, [*done, pk, pk], list))


def competition_of(found: list[tuple], entries: list[tuple], rounds: list[tuple]) -> Competition:
    """The competition of `competition_page_reads`' rows, or 404."""
    if not found:
        raise Http404("No such competition.")
    row, at = found[0], len(COMPETITION)
    competition = COMPETITION.instance(row)
    season, club = SEASON.instance(row, at), CLUB.instance(row, at + len(SEASON))
    related(competition, season=season)
    related(season, club=club)
    digest, rows = KEPT.values(row, at + len(SEASON) + len(CLUB))
    competition.kept_table = None if digest is None else (digest, rows)
    competition.entry_list = []
    for row in entries:
        entry = ENTRY.instance(row)
        related(entry, player=PLAYER.instance(row, len(ENTRY)), competition=competition)
        competition.entry_list.append(entry)
    competition.round_list = []
    for row in rounds:
        round_ = ROUND.instance(row)
        related(round_, stage=STAGE.instance(row, len(ROUND)), competition=competition)
        round_.open_matches = row[len(ROUND) + len(STAGE)] or 0
        round_.last_confirmed = LAST_CONFIRMED.values(row, len(ROUND) + len(STAGE) + 1)[0]
        competition.round_list.append(round_)
    competition.round_list.sort(key=lambda r: (r.stage.order if r.stage else 0,
                                               BRACKET_ORDER.get(r.bracket, 3), r.number))
    return competition


FIXTURE = Columns(Match, "m")


def with_match_lists(rounds: Sequence[Round]) -> None:
    """Give each round that has none its `.match_list`: its matches in the order drawn (by id),
    every column read, each knowing its round. One query, none when every round has one."""
    unread = {round_.pk: round_ for round_ in rounds if not hasattr(round_, "match_list")}
    for round_ in unread.values():
        round_.match_list = []
    if unread:
        sql = (f"SELECT {FIXTURE.sql} FROM {table(Match)} m "
               f"WHERE m.round_id IN ({marks(unread)}) ORDER BY m.id")
        for row in fetched(sql, list(unread)):
            match = FIXTURE.instance(row)
            round_ = unread[match.round_id]
            related(match, round=round_)
            round_.match_list.append(match)


def fixtures_of(rounds: list[Round], entries: list[Entry]) -> None:
    """Give each round its `.match_list`, in the order drawn (a round that has it already, as the
    bracket leaves them, is not read again), each match with its round, and its sides and
    winner from the competition's `entries` (with their players: the competition page has them
    read). One query, written out as the page's other reads; none when every round is read."""
    with_match_lists(rounds)
    by_id = {entry.pk: entry for entry in entries}
    for round_ in rounds:
        for match in round_.match_list:
            sides = {"round": round_}
            for side in ("entry_a", "entry_b", "winner"):
                pk = getattr(match, f"{side}_id")
                if pk is None or pk in by_id:  # any other is read when shown, as before
                    sides[side] = by_id.get(pk)
            related(match, **sides)


def organizing_status(user, pk: int) -> str:
    """The competition's status when the user may organize it (the page links the organizer's
    pages, which check again), else '': no query for a visitor, one for a signed-in user."""
    if not user.is_authenticated:
        return ""
    mine = Competition.objects.filter(organized_by(user, "season__club"), pk=pk)
    return mine.values_list("status", flat=True).first() or ""


def stages_of(competition: Competition) -> list[Stage]:
    """The competition's stages in their order: one query."""
    return list(competition.stages.order_by("order"))


def stage_seeds(stage: Stage) -> dict[int, int]:
    """The seed of each player of the stage, by player id: one query."""
    return dict(StageEntry.objects.filter(stage=stage).values_list("entry__player_id", "seed"))


def competition_stage(competition: Competition, order: int) -> Stage:
    """The competition's stage of that order, or 404."""
    return get_object_or_404(Stage, competition=competition, order=order)


def open_decisions(where: Q) -> list[AuditEntry]:
    """The matches whose latest decision entry asks for one (league.competitions.formats.progression's
    pending_decisions, over any set of matches). One query."""
    latest: dict[int, AuditEntry] = {}
    for entry in audit_entries().filter(where, action__in=AuditEntry.DECISIONS).order_by("pk"):
        latest[entry.match_id] = entry
    return [entry for entry in latest.values() if entry.action == AuditEntry.Action.NEEDS_DECISION]


def first_group_stage(competition: Competition) -> Stage | None:
    """The competition's first stage when it is of round-robin groups."""
    return competition.stages.filter(order=1, kind=Stage.Kind.GROUPS).first()


def later_stages_dealt_by_hand(competition: Competition) -> QuerySet[Stage]:
    """The stages after the first whose groups the organizer deals by hand."""
    return competition.stages.filter(dealing=Stage.Dealing.BY_HAND, order__gt=1)


def rounds_by_bracket(competition: Competition) -> QuerySet[Round]:
    """The competition's rounds, bracket by bracket, in number order."""
    return competition.rounds.order_by("bracket", "number")
