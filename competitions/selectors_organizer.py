"""Reads for the organizer's pages, each in a fixed number of queries whatever the rows."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from django.db.models import Q, QuerySet
from django.shortcuts import get_object_or_404

from clubs.models import Club, Player
from competitions.models import AuditEntry, Competition, Entry, Match
from competitions.schedule import NOT_OVERDUE, is_overdue

RECENT_AUDIT = 15
SIDES = ("entry_a__player", "entry_b__player", "winner__player")


def organizer_club(slug: str) -> Club:
    return get_object_or_404(Club, slug=slug)


def organizer_competition(pk: int) -> Competition:
    return get_object_or_404(Competition.objects.select_related("season__club"), pk=pk)


# The club's dashboard ---------------------------------------------------------------------------






def audit_entries() -> QuerySet[AuditEntry]:
    return AuditEntry.objects.select_related(
        "actor", "match__competition", "match__entry_a__player", "match__entry_b__player"
    ).order_by("-at", "-pk")


def open_decisions(where: Q) -> list[AuditEntry]:
    """The matches whose latest decision entry asks for one (competitions.services.progression's
    pending_decisions, over any set of matches). One query."""
    latest: dict[int, AuditEntry] = {}
    for entry in audit_entries().filter(where, action__in=AuditEntry.DECISIONS).order_by("pk"):
        latest[entry.match_id] = entry
    return [entry for entry in latest.values() if entry.action == AuditEntry.Action.NEEDS_DECISION]


# Entries ----------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class EntriesPage:
    competition: Competition
    entries: list[Entry]
    candidates: list[Player]  # the club's players not entered (matching the filter)
    filter_text: str


def entries_page(competition: Competition, filter_text: str = "") -> EntriesPage:
    entries = list(competition.entries.select_related("player__user")
                   .order_by("seed", "player__name", "pk"))
    entered = [e.player_id for e in entries]
    candidates = (Player.objects.filter(club=competition.season.club, retired_at__isnull=True)
                  .exclude(pk__in=entered))
    if filter_text:
        candidates = candidates.filter(name__icontains=filter_text)
    return EntriesPage(competition, entries, list(candidates.order_by("name")), filter_text)


# The competition's matches ----------------------------------------------------------------------


STATUS_ORDER = (Match.Status.DISPUTED, Match.Status.REPORTED, Match.Status.IN_PROGRESS,
                Match.Status.SCHEDULED, Match.Status.PENDING, Match.Status.CONFIRMED,
                Match.Status.VOID)


@dataclass(frozen=True, slots=True)
class MatchGroup:
    status: str
    label: str
    matches: list[Match]


def matches_by_status(competition: Competition) -> list[MatchGroup]:
    """The competition's matches grouped by status, what needs the organizer first. One query."""
    groups: dict[str, list[Match]] = defaultdict(list)
    rows = (Match.objects.filter(competition=competition).select_related("round", *SIDES)
            .order_by("round__bracket", "round__number", "pk"))
    for match in rows:
        groups[match.status].append(match)
    return [MatchGroup(s, Match.Status(s).label, groups[s]) for s in STATUS_ORDER if groups[s]]


# The competition's schedule ----------------------------------------------------------------------


def overdue_matches(competition: Competition, now=None) -> list[Match]:
    """Matches past their play-by date (the match's extension, else its round's) and not
    confirmed, in round order. One query."""
    club = competition.season.club
    rows = (Match.objects.filter(competition=competition)
            .exclude(status__in=NOT_OVERDUE)
            .filter(Q(play_by__isnull=False) | Q(round__play_by__isnull=False))
            .select_related("round", *SIDES).order_by("round__bracket", "round__number", "pk"))
    return [match for match in rows if is_overdue(match, club, now)]


def enterable_players(competition: Competition) -> QuerySet[Player]:
    """The club's players who have not retired: whom the organizer may enter."""
    return Player.objects.filter(club=competition.season.club, retired_at__isnull=True)


def players_not_entered(competition: Competition) -> QuerySet[Player]:
    """The club's players, not retired, not yet entered in the competition, by name."""
    return enterable_players(competition).exclude(
        entries__competition=competition).order_by("name")

