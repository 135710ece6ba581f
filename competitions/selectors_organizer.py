"""Reads for the organizer's pages, each in a fixed number of queries whatever the rows."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from django.db.models import Q, QuerySet
from django.shortcuts import get_object_or_404

from clubs.models import Club, Player
from competitions.models import AuditEntry, Competition, Entry, FollowUp, Match, ResultReport
from competitions.services.follow_ups import overdue
from competitions.services.progression import DECISION_ACTIONS, NEEDS_DECISION
from ratings.models import RatingPeriod

RECENT_AUDIT = 15
SIDES = ("entry_a__player", "entry_b__player", "winner__player")


def organizer_club(slug: str) -> Club:
    return get_object_or_404(Club, slug=slug)


def organizer_competition(pk: int) -> Competition:
    return get_object_or_404(Competition.objects.select_related("season__club"), pk=pk)


# The club's dashboard ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Dashboard:
    club: Club
    competitions: dict[str, list[Competition]]  # by status: draft, running, finished
    disputes: list[Match]
    awaiting: list[ResultReport]  # reported results waiting for the opponent
    decisions: list[AuditEntry]  # the "needs decision" entries still open
    overdue: list[FollowUp]  # follow-up work (bracket, next round, ratings) waiting too long
    recent: list[AuditEntry]
    latest_period: RatingPeriod | None
    players: list[Player]


def dashboard(club: Club) -> Dashboard:
    in_club = Q(competition__season__club=club)
    competitions: dict[str, list[Competition]] = defaultdict(list)
    for competition in (Competition.objects.filter(season__club=club).select_related("season")
                        .order_by("-created_at", "pk")):
        competitions[competition.status].append(competition)
    matches = Match.objects.filter(in_club).select_related("competition", "round", *SIDES)
    return Dashboard(
        club=club,
        competitions=dict(competitions),
        disputes=list(matches.filter(status=Match.Status.DISPUTED).order_by("pk")),
        awaiting=list(
            ResultReport.objects.filter(Q(match__competition__season__club=club),
                                        status=ResultReport.Status.PENDING)
            .select_related("reported_by", "match__competition", "match__entry_a__player",
                            "match__entry_b__player", "winner__player")
            .order_by("reported_at", "pk")
        ),
        decisions=open_decisions(Q(match__competition__season__club=club)),
        overdue=overdue(club),
        recent=list(_audit().filter(match__competition__season__club=club)[:RECENT_AUDIT]),
        latest_period=RatingPeriod.objects.filter(club=club).order_by("-starts_on").first(),
        players=list(Player.objects.filter(club=club).order_by("name")),
    )


def _audit() -> QuerySet[AuditEntry]:
    return AuditEntry.objects.select_related(
        "actor", "match__competition", "match__entry_a__player", "match__entry_b__player"
    ).order_by("-at", "-pk")


def open_decisions(where: Q) -> list[AuditEntry]:
    """The matches whose latest decision entry asks for one (competitions.services.progression's
    pending_decisions, over any set of matches). One query."""
    latest: dict[int, AuditEntry] = {}
    for entry in _audit().filter(where, action__in=DECISION_ACTIONS).order_by("pk"):
        latest[entry.match_id] = entry
    return [entry for entry in latest.values() if entry.action == NEEDS_DECISION]


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
    candidates = Player.objects.filter(club=competition.season.club).exclude(pk__in=entered)
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
