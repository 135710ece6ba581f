"""Reads of the schedule: the calendar feeds' matches, the matches to print for a round, the
matches by status and those past their play-by date. Each in a fixed number of queries whatever
the rows."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from django.db.models import Q, QuerySet
from django.shortcuts import get_object_or_404

from league.clubs.models import Club
from league.competitions.base.dates import NOT_OVERDUE, is_overdue
from league.competitions.base.selectors import MATCH_SIDES
from league.competitions.models import ClubNight, Competition, Match, Round

# Calendar feeds ---------------------------------------------------------------------------------
# The feeds' matches and a club feed's nights are written out (league.competitions.schedule.
# feed_reads); a competition feed's competition, and the nights of a competition's feed and of a
# player's, are read here.


def feed_competition(pk: int) -> Competition:
    return get_object_or_404(Competition.objects.select_related("season"), pk=pk)


NIGHT_RELATED = ("competition__season__club",)


def feed_nights_of_competition(competition: Competition) -> QuerySet[ClubNight]:
    """The competition's club nights, by time: one query."""
    return (ClubNight.objects.filter(competition=competition).select_related(*NIGHT_RELATED)
            .order_by("starts_at", "pk"))


def feed_nights_of_player(player) -> QuerySet[ClubNight]:
    """The club nights of the competitions the player is entered in (not withdrawn), by time:
    one query."""
    return (ClubNight.objects.filter(competition__entries__player=player,
                                     competition__entries__withdrawn_at__isnull=True)
            .select_related(*NIGHT_RELATED).distinct().order_by("starts_at", "pk"))


def matches_to_print(round_: Round) -> QuerySet[Match]:
    """The round's matches but the void ones, with each side's player: one query."""
    return (round_.matches.exclude(status=Match.Status.VOID)
            .select_related("entry_a__player", "entry_b__player"))


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
    rows = (Match.objects.filter(competition=competition).select_related("round", *MATCH_SIDES)
            .order_by("round__bracket", "round__number", "pk"))
    for match in rows:
        groups[match.status].append(match)
    return [MatchGroup(s, Match.Status(s).label, groups[s]) for s in STATUS_ORDER if groups[s]]


def overdue_matches(competition: Competition, now=None) -> list[Match]:
    """Matches past their play-by date (the match's extension, else its round's) and not
    confirmed, in round order. One query."""
    rows = (_dated_and_open(Match.objects.filter(competition=competition))
            .select_related("round", *MATCH_SIDES).order_by("round__bracket", "round__number", "pk"))
    return _past_their_date(rows, competition.season.club, now)


def overdue_matches_of_club(club: Club, now=None) -> list[Match]:
    """The club's matches past their play-by date and not confirmed, in the competitions and
    rounds' order. One query."""
    rows = (_dated_and_open(Match.objects.filter(competition__season__club=club))
            .select_related("competition", "round", *MATCH_SIDES)
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
