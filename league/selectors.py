"""Reads for the league's pages. Each runs a fixed number of queries whatever the number of rows:
related rows come through select_related / prefetch_related, never one query per row."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Prefetch, Q, QuerySet
from django.shortcuts import get_object_or_404

from gameplay.models import Game
from league.models import (
    AuditEntry,
    Club,
    Competition,
    Entry,
    Match,
    Player,
    ResultReport,
    Round,
    Season,
)

MATCH_SIDES = ("entry_a__player", "entry_b__player", "winner__player")
OPEN_FOR_PLAY = (Match.Status.SCHEDULED, Match.Status.IN_PROGRESS)
RECENT_MATCHES = 20


def _matches() -> QuerySet[Match]:
    return Match.objects.select_related("round", *MATCH_SIDES)


def _of_user(user) -> Q:
    return Q(entry_a__player__user=user) | Q(entry_b__player__user=user)


def side_names(match: Match) -> tuple[str, str]:
    """The names of seat A and seat B (a seat may still wait for its player, or be a bye)."""
    waiting = "Bye" if match.kind == Match.Kind.BYE else "To be decided"
    return (
        match.entry_a.player.name if match.entry_a else "To be decided",
        match.entry_b.player.name if match.entry_b else waiting,
    )


# Home -------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ClubSummary:
    club: Club
    running: list[Competition]


def clubs_with_running_competitions() -> list[ClubSummary]:
    """Every club with its running competitions (newest first)."""
    running = (
        Competition.objects.filter(status=Competition.Status.RUNNING)
        .select_related("season")
        .order_by("-created_at", "pk")
    )
    by_club: dict[int, list[Competition]] = {}
    for competition in running:
        by_club.setdefault(competition.season.club_id, []).append(competition)
    return [ClubSummary(club, by_club.get(club.pk, [])) for club in Club.objects.order_by("name")]


def results_awaiting_confirmation(user) -> list[ResultReport]:
    """Pending reports of the user's matches that someone else reported: theirs to confirm."""
    return list(
        ResultReport.objects.filter(status=ResultReport.Status.PENDING)
        .filter(Q(match__entry_a__player__user=user) | Q(match__entry_b__player__user=user))
        .exclude(reported_by=user)
        .select_related(
            "reported_by",
            "winner__player",
            "match__competition",
            "match__entry_a__player",
            "match__entry_b__player",
        )
        .order_by("reported_at", "pk")
    )


def matches_to_play(user) -> list[Match]:
    return list(
        _matches()
        .filter(_of_user(user), status__in=OPEN_FOR_PLAY)
        .select_related("competition")
        .order_by("scheduled_at", "pk")
    )


def disputes_to_resolve(user) -> list[Match]:
    """Disputed matches in the clubs the user organizes."""
    if not user.is_authenticated:
        return []
    clubs = Q() if user.is_superuser else Q(competition__season__club__organizers=user)
    return list(
        _matches()
        .filter(clubs, status=Match.Status.DISPUTED)
        .select_related("competition")
        .order_by("pk")
        .distinct()
    )


# Club -------------------------------------------------------------------------------------------


def club_page(slug: str) -> Club:
    """The club with `.season_list` (each with `.competition_list`), `.player_list` and
    `.organizer_list`."""
    competitions = Competition.objects.order_by("-created_at", "pk")
    seasons = Season.objects.prefetch_related(
        Prefetch("competitions", queryset=competitions, to_attr="competition_list")
    )
    queryset = Club.objects.prefetch_related(
        Prefetch("seasons", queryset=seasons, to_attr="season_list"),
        Prefetch("players", queryset=Player.objects.order_by("name"), to_attr="player_list"),
        Prefetch("organizers", to_attr="organizer_list"),
    )
    return get_object_or_404(queryset, slug=slug)


# Competition ------------------------------------------------------------------------------------


def competition_page(pk: int) -> Competition:
    """The competition with `.entry_list` and `.round_list` (each with `.match_list`)."""
    rounds = Round.objects.order_by("bracket", "number").prefetch_related(
        Prefetch("matches", queryset=_matches().order_by("pk"), to_attr="match_list")
    )
    queryset = Competition.objects.select_related("season__club").prefetch_related(
        Prefetch("entries", queryset=Entry.objects.select_related("player"), to_attr="entry_list"),
        Prefetch("rounds", queryset=rounds, to_attr="round_list"),
    )
    return get_object_or_404(queryset, pk=pk)


# Match ------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class MatchPage:
    match: Match
    games: list[Game]
    open_report: ResultReport | None
    reports: list[ResultReport]
    audit: list[AuditEntry]


def match_page(pk: int) -> MatchPage:
    match = get_object_or_404(
        Match.objects.select_related("competition__season__club", "round", *MATCH_SIDES), pk=pk
    )
    games = list(Game.objects.filter(match=match).order_by("number"))
    reports = list(
        ResultReport.objects.filter(match=match).select_related(
            "reported_by", "decided_by", "winner__player"
        )
    )
    open_statuses = (ResultReport.Status.PENDING, ResultReport.Status.DISPUTED)
    open_report = next((r for r in reports if r.status in open_statuses), None)
    audit = list(AuditEntry.objects.filter(match=match).select_related("actor"))
    return MatchPage(match, games, open_report, reports, audit)


# Player -----------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PlayerPage:
    player: Player
    entries: list[Entry]
    recent_matches: list[Match]


def player_page(pk: int) -> PlayerPage:
    player = get_object_or_404(Player.objects.select_related("club"), pk=pk)
    entries = list(
        Entry.objects.filter(player=player)
        .select_related("competition__season")
        .order_by("-competition__created_at", "pk")
    )
    recent = list(
        _matches()
        .filter(Q(entry_a__player=player) | Q(entry_b__player=player))
        .select_related("competition")
        .order_by("-pk")[:RECENT_MATCHES]
    )
    return PlayerPage(player, entries, recent)
