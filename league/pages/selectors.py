"""Reads for the pages that bring the apps together: club, match and the organizer's page of a
club, and the disputes an organizer's home page lists (a player's page and the rest of the home
page have their own modules). Each runs a fixed number of queries whatever the number of rows."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field, replace
from typing import NamedTuple

from django.db import DEFAULT_DB_ALIAS, connections
from django.db.models import Q

from league.clubs.models import Club, JoinRequest, Player, Season
from league.clubs.permissions import organized_by
from league.clubs.selectors import person_names
from league.competitions.base.outbox import overdue
from league.competitions.base.selectors import (
    MATCH_SIDES,
    RECENT_AUDIT,
    audit_entries,
    matches_with_sides,
    with_sides,
)
from league.competitions.formats.selectors import open_decisions
from league.competitions.models import AuditEntry, Competition, FollowUp, Match, ResultReport
from league.competitions.nights.night_reads import club_nights, club_nights_read
from league.competitions.schedule.selectors import overdue_matches_of_club
from league.core.written_reads import Columns, Read, answered_together, table
from league.games.models import Game, HandFlag, TableRuling
from league.pages.match_reads import games_of, match_with_its_competition
from league.ratings.club_board import best_of_club, best_of_club_read
from league.ratings.models import RatingPeriod
from league.ratings.selectors import CurrentRating
from league.stats.models import PointsSeries

TOP_RATED = 20


def disputes_to_resolve(user) -> list[Match]:
    """Disputed matches in the clubs the user organizes."""
    if not user.is_authenticated:
        return []
    return list(
        matches_with_sides()
        .filter(organized_by(user, "competition__season__club"), status=Match.Status.DISPUTED)
        .select_related("competition")
        .order_by("pk")
        .distinct()
    )


@dataclass(frozen=True, slots=True)
class ClubHead:
    organizers: list  # the organizers' accounts, oldest first
    names: dict[int, str]  # how each is named (person_names), by user id
    nights: list  # the club's open nights and the next scheduled one of each competition


ORGANIZER = Columns(Club.organizers.field.related_model, "u")
ORGANIZERS_SQL = f"""
SELECT {ORGANIZER.sql} FROM {table(ORGANIZER.model)} u
JOIN {table(Club.organizers.through)} o ON o.user_id = u.id
WHERE o.club_id = %s
ORDER BY u.id
"""


# The names his players have in the club of each of its organizers who plays in it (the last
# by name, as person_names reads them), asked with the organizers.
ORGANIZER_NAMES_SQL = f"""
SELECT p.user_id, p.name FROM {table(Player)} p
JOIN {table(Club.organizers.through)} o ON o.user_id = p.user_id AND o.club_id = p.club_id
WHERE p.club_id = %s
ORDER BY p.name
"""


def club_head(club: Club) -> ClubHead:
    """What the club's page shows above its body: its organizers with their names and its club
    nights. Three queries asked together (one round trip), and one more where an organizer who
    plays elsewhere gave no name; written out, as the ORM's queries cost several times what the
    database took to answer them."""
    organizers, known, nights = answered_together(
        Read(ORGANIZERS_SQL, [club.pk], lambda rows: [ORGANIZER.instance(row) for row in rows]),
        Read(ORGANIZER_NAMES_SQL, [club.pk], dict), club_nights_read(club.pk))
    return ClubHead(organizers, person_names(organizers, club, known=known), nights)


class ClubPlayer(NamedTuple):
    """A player as the club's page lists him: read as a row, not a model (a club of five
    hundred players built five hundred models, most of the page's reading)."""

    pk: int
    name: str
    user_id: int | None


def club_page(club: Club) -> Club:
    """The club (club_head) given `.season_list` (each with `.competition_list`, newest first,
    and `.series_list`, its points series by name) and `.player_list` (ClubPlayer, by name):
    the body of its page, cached (league.pages.views.clubs). Four queries asked together,
    written out (league.core.written_reads): through the ORM's prefetches they cost the page
    four times what the database took."""
    return _given_lists(club, *answered_together(*_club_page_reads(club.pk)))


def club_body(club: Club, *, top: int = TOP_RATED) -> ClubRatings:
    """`club_page` and `club_ratings` in one round trip: the club given its lists, and its
    best rated players."""
    *lists, (best, rated) = answered_together(*_club_page_reads(club.pk),
                                              best_of_club_read(club.pk, top))
    return _ratings_of(_given_lists(club, *lists), best, rated, top)


def _club_page_reads(club_id: int) -> list[Read]:
    """club_page's reads: the club's seasons, competitions, points series and players."""
    return [Read(sql, [club_id], list)
            for sql in (CLUB_SEASONS, CLUB_COMPETITIONS, CLUB_SERIES, CLUB_PLAYERS)]


def _given_lists(club: Club, seasons: list[tuple], competitions: list[tuple],
                 series: list[tuple], players: list[tuple]) -> Club:
    db = connections[DEFAULT_DB_ALIAS]
    club.season_list = [CLUB_SEASON.instance(row, 0, db) for row in seasons]
    by_id = {season.pk: season for season in club.season_list}
    for season in club.season_list:
        season.competition_list, season.series_list = [], []
    for row in competitions:
        competition = LISTED_COMPETITION.instance(row, 0, db)
        by_id[competition.season_id].competition_list.append(competition)
    for row in series:
        one = SERIES.instance(row, 0, db)
        by_id[one.season_id].series_list.append(one)
    club.player_list = [ClubPlayer(*row) for row in players]
    return club


CLUB_SEASON = Columns(Season, "s")
# What a list of competitions shows of each (its name, format, status and season; its link): its
# other columns, its ruleset's JSON among them, are read only if used. The club page's lists and a
# signed-in home's (league.pages.home_selectors) read these.
LISTED_COMPETITION = Columns(Competition, "c", ("id", "season_id", "name", "format", "status",
                                                "created_at"))
SERIES = Columns(PointsSeries, "x", ("id", "season_id", "name"))
_OF_CLUB = f"JOIN {table(Season)} s ON s.id = {{alias}}.season_id WHERE s.club_id = %s"
CLUB_SEASONS = (f"SELECT {CLUB_SEASON.sql} FROM {table(Season)} s WHERE s.club_id = %s "
                "ORDER BY s.starts_on DESC, s.name")
CLUB_COMPETITIONS = (f"SELECT {LISTED_COMPETITION.sql} FROM {table(Competition)} c "
                     f"{_OF_CLUB.format(alias='c')} ORDER BY c.created_at DESC, c.id")
CLUB_SERIES = (f"SELECT {SERIES.sql} FROM {table(PointsSeries)} x "
               f"{_OF_CLUB.format(alias='x')} ORDER BY x.name, x.id")
CLUB_PLAYERS = (f"SELECT p.id, p.name, p.user_id FROM {table(Player)} p "
                "WHERE p.club_id = %s ORDER BY p.name, p.id")


@dataclass(frozen=True, slots=True)
class RatedPlayer:
    rank: int
    player: ClubPlayer
    rating: CurrentRating


@dataclass(frozen=True, slots=True)
class ClubRatings:
    top: list[RatedPlayer]  # best first
    rated: int
    unrated: int


def club_ratings(club: Club, *, top: int = TOP_RATED) -> ClubRatings:
    """The club's best rated players from `club.player_list` (club_page), best first, level
    ratings by name: one query."""
    return _ratings_of(club, *best_of_club(club.pk, top), top)


def _ratings_of(club: Club, best: list[CurrentRating], rated: int, top: int) -> ClubRatings:
    players = {p.pk: p for p in club.player_list}
    best = [r for r in best if r.player_id in players]  # a player added since: on the next read
    best.sort(key=lambda r: (-r.rating, players[r.player_id].name))
    return ClubRatings(
        [RatedPlayer(i, players[r.player_id], r) for i, r in enumerate(best[:top], start=1)],
        rated=rated,
        unrated=len(club.player_list) - rated,
    )


@dataclass(frozen=True, slots=True)
class MatchPage:
    match: Match
    games: list[Game]
    open_report: ResultReport | None
    reports: list[ResultReport]
    audit: list[AuditEntry]


def match_page(pk: int, *, hands: bool = True, reports: bool = True,
               audit: bool = True) -> MatchPage:
    """Six queries: the match, its sides, games, their hands (written out: league.pages.
    match_reads), reports, the audit. What the
    match's version (league.pages.match_selectors) counts none of is not read: `hands`,
    `reports`, `audit` False (and the hands when there is no game)."""
    match = match_with_its_competition(pk)
    with_sides(match)
    games = games_of(match, hands=hands)
    report_list = list(
        ResultReport.objects.filter(match=match).select_related(
            "reported_by", "decided_by", "winner__player"
        )
    ) if reports else []
    open_statuses = (ResultReport.Status.PENDING, ResultReport.Status.DISPUTED)
    open_report = next((r for r in report_list if r.status in open_statuses), None)
    entries = list(AuditEntry.objects.filter(match=match).select_related("actor")) if audit else []
    return MatchPage(match, games, open_report, report_list, entries)


@dataclass(frozen=True, slots=True)
class Dashboard:
    club: Club
    competitions: dict[str, list[Competition]]  # by status: draft, running, finished
    disputes: list[Match]
    flags: list[HandFlag]  # hands a player flagged as wrong, not yet corrected nor dismissed
    awaiting: list[ResultReport]  # reported results waiting for the opponent
    decisions: list[AuditEntry]  # the "needs decision" entries still open
    overdue: list[FollowUp]  # follow-up work (bracket, next round, ratings) waiting too long
    recent: list[AuditEntry]
    latest_period: RatingPeriod | None
    players: list[Player]
    join_requests: list[JoinRequest]
    nights: list = field(default_factory=list)  # the club nights open and scheduled
    # rulings recorded at the table that the opponent did not agree to: the organizer decides
    rulings: list[TableRuling] = field(default_factory=list)
    late: list[Match] = field(default_factory=list)  # matches past their play-by date
    names: dict[int, str] = field(default_factory=dict)  # the people shown, by user id


def dashboard(club: Club) -> Dashboard:
    in_club = Q(competition__season__club=club)
    competitions: dict[str, list[Competition]] = defaultdict(list)
    for competition in (Competition.objects.filter(season__club=club).select_related("season")
                        .order_by("-created_at", "pk")):
        competitions[competition.status].append(competition)
    matches = Match.objects.filter(in_club).select_related("competition", "round", *MATCH_SIDES)
    page = Dashboard(
        club=club,
        competitions=dict(competitions),
        disputes=list(matches.filter(status=Match.Status.DISPUTED).order_by("pk")),
        flags=list(HandFlag.objects.filter(hand__game__match__competition__season__club=club,
                                           cleared="")
                   .select_related("raised_by", "hand__game__match__competition",
                                   "hand__game__match__entry_a__player",
                                   "hand__game__match__entry_b__player")
                   .order_by("raised_at", "pk")),
        awaiting=list(
            ResultReport.objects.filter(Q(match__competition__season__club=club),
                                        status=ResultReport.Status.PENDING)
            .select_related("reported_by", "match__competition", "match__entry_a__player",
                            "match__entry_b__player", "winner__player")
            .order_by("reported_at", "pk")
        ),
        decisions=open_decisions(Q(match__competition__season__club=club)),
        overdue=overdue(club),
        recent=list(audit_entries().filter(match__competition__season__club=club)[:RECENT_AUDIT]),
        latest_period=RatingPeriod.objects.filter(club=club).order_by("-starts_on").first(),
        players=list(Player.objects.filter(club=club).order_by("name")),
        join_requests=list(JoinRequest.objects.filter(club=club, status=JoinRequest.Status.PENDING)
                           .select_related("user").order_by("asked_at", "pk")),
        nights=club_nights(club.pk),
        late=overdue_matches_of_club(club),
        rulings=list(TableRuling.objects.filter(game__match__competition__season__club=club,
                                                status=TableRuling.Status.DISPUTED)
                     .select_related("game__match__competition", "game__match__entry_a__player",
                                     "game__match__entry_b__player")
                     .order_by("created_at", "pk")),
    )
    shown = ([flag.raised_by for flag in page.flags] + [r.reported_by for r in page.awaiting]
             + [entry.actor for entry in page.recent])
    known = {player.user_id: player.name for player in page.players if player.user_id}
    return replace(page, names=person_names(shown, club, known=known))
