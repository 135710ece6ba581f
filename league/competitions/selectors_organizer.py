"""Reads for the organizer's pages, each in a fixed number of queries whatever the rows."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from django.db.models import Q, QuerySet
from django.shortcuts import get_object_or_404

from league.clubs.models import Club, Player
from league.competitions.base.dates import NOT_OVERDUE, is_overdue
from league.competitions.models import AuditEntry, Competition, Entry, Match, Round, Stage

RECENT_AUDIT = 15
SIDES = ("entry_a__player", "entry_b__player", "winner__player")


def organizer_club(slug: str) -> Club:
    return get_object_or_404(Club, slug=slug)


def organizer_competition(pk: int) -> Competition:
    return get_object_or_404(Competition.objects.select_related("season__club"), pk=pk)


def organizer_match(pk: int) -> Match:
    """A match with its competition's club, or 404."""
    return get_object_or_404(Match.objects.select_related("competition__season__club"), pk=pk)


def competition_stage(competition: Competition, order: int) -> Stage:
    """The competition's stage of that order, or 404."""
    return get_object_or_404(Stage, competition=competition, order=order)


# The club's dashboard ---------------------------------------------------------------------------






def audit_entries() -> QuerySet[AuditEntry]:
    return AuditEntry.objects.select_related(
        "actor", "match__competition", "match__entry_a__player", "match__entry_b__player"
    ).order_by("-at", "-pk")


def open_decisions(where: Q) -> list[AuditEntry]:
    """The matches whose latest decision entry asks for one (league.competitions.formats.progression's
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
    rows = (_dated_and_open(Match.objects.filter(competition=competition))
            .select_related("round", *SIDES).order_by("round__bracket", "round__number", "pk"))
    return _past_their_date(rows, competition.season.club, now)


def overdue_matches_of_club(club: Club, now=None) -> list[Match]:
    """The club's matches past their play-by date and not confirmed, in the competitions and
    rounds' order. One query."""
    rows = (_dated_and_open(Match.objects.filter(competition__season__club=club))
            .select_related("competition", "round", *SIDES)
            .order_by("competition__created_at", "competition_id", "round__bracket",
                      "round__number", "pk"))
    return _past_their_date(rows, club, now)


def _dated_and_open(matches: QuerySet[Match]) -> QuerySet[Match]:
    """The matches not confirmed that have a play-by date, their own or their round's."""
    return (matches.exclude(status__in=NOT_OVERDUE)
            .filter(Q(play_by__isnull=False) | Q(round__play_by__isnull=False)))


def _past_their_date(matches, club: Club, now) -> list[Match]:
    """Those of the matches whose play-by date has ended in the club's zone."""
    return [match for match in matches if is_overdue(match, club, now)]


def enterable_players(competition: Competition) -> QuerySet[Player]:
    """The club's players who have not retired: whom the organizer may enter."""
    return Player.objects.filter(club=competition.season.club, retired_at__isnull=True)


def players_not_entered(competition: Competition) -> QuerySet[Player]:
    """The club's players, not retired, not yet entered in the competition, by name."""
    return enterable_players(competition).exclude(
        entries__competition=competition).order_by("name")



# A player's entries -----------------------------------------------------------------------------


def entries_of_player(player: Player) -> QuerySet[Entry]:
    """The player's entries with their competition and season, the newest competition first:
    one query."""
    return player.entries.select_related("competition__season").order_by(
        "-competition__created_at")


# Entrants, rounds and stages of one competition (one query each) ---------------------------------


def entries_with_players(competition: Competition) -> list[Entry]:
    return list(competition.entries.select_related("player"))


def entrant_names(competition: Competition) -> dict[int, str]:
    """Each entry's player's name, by entry id."""
    return dict(competition.entries.values_list("pk", "player__name"))


def first_group_stage(competition: Competition) -> Stage | None:
    """The competition's first stage when it is of round-robin groups."""
    return competition.stages.filter(order=1, kind=Stage.Kind.GROUPS).first()


def later_stages_dealt_by_hand(competition: Competition) -> QuerySet[Stage]:
    """The stages after the first whose groups the organizer deals by hand."""
    return competition.stages.filter(dealing=Stage.Dealing.BY_HAND, order__gt=1)


def rounds_by_bracket(competition: Competition) -> QuerySet[Round]:
    """The competition's rounds, bracket by bracket, in number order."""
    return competition.rounds.order_by("bracket", "number")
