"""Reads for a player's page: his recent results, each as one line from his side, his opponents,
and his head-to-head record against one of them. Each in a fixed number of queries whatever
the rows."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Prefetch, Q, QuerySet
from django.shortcuts import get_object_or_404

from league.clubs.models import Player
from league.competitions.base.selectors import (
    matches_with_sides,
    of_entries,
    with_sides,
)
from league.competitions.models import Entry, Match
from league.games.models import Game

RECENT_MATCHES = 20


@dataclass(frozen=True, slots=True)
class ResultLine:
    """A match seen from one player's side."""

    match: Match
    opponent: Player | None  # None: a bye, or a seat still waiting for its player
    outcome: str  # "won", "lost", "drawn", or "" while the result is not confirmed
    games_for: int
    games_against: int
    points_for: int | None  # game points (the games' final totals); None without the games
    points_against: int | None


@dataclass(frozen=True, slots=True)
class PlayerPage:
    player: Player
    entries: list[Entry]
    results: list[ResultLine]  # confirmed, newest first
    next_matches: list[Match]
    opponents: list[Player]  # everyone met in a confirmed match, by name


def player_page(pk: int) -> PlayerPage:
    """Six queries: the player and club, entries, results, next matches, both lists' sides (their
    entries with the players, one query: with_sides), opponents."""
    player = get_object_or_404(Player.objects.select_related("club"), pk=pk)
    entries = list(
        Entry.objects.filter(player=player)
        .select_related("competition__season")
        .order_by("-competition__created_at", "pk")
    )
    entry_ids = [e.pk for e in entries]
    mine = Match.objects.filter(of_entries(entry_ids)).select_related("round", "competition")
    results = list(mine.filter(status=Match.Status.CONFIRMED)
                   .order_by("-confirmed_at", "-pk")[:RECENT_MATCHES])
    upcoming = list(mine.filter(status__in=Match.OPEN_FOR_PLAY).order_by("scheduled_at", "pk"))
    with_sides(*results, *upcoming)
    return PlayerPage(
        player,
        entries,
        [result_line(match, player.pk) for match in results],
        upcoming,
        list(opponents_of(entry_ids)),
    )


def opponents_of(entry_ids: list[int]) -> QuerySet[Player]:
    """Everyone met in a confirmed match, by the player's entries' ids."""
    confirmed = Match.objects.filter(status=Match.Status.CONFIRMED).order_by()
    met_as_a = confirmed.filter(entry_a_id__in=entry_ids).values("entry_b__player")
    met_as_b = confirmed.filter(entry_b_id__in=entry_ids).values("entry_a__player")
    # One list of ids (a UNION), each player then found by his id: an OR of the two lists
    # reads every player of the site.
    return Player.objects.filter(pk__in=met_as_a.union(met_as_b)).order_by("name")


def result_line(match: Match, player_id: int) -> ResultLine:
    mine, theirs = (
        (match.entry_a, match.entry_b)
        if match.entry_a and match.entry_a.player_id == player_id
        else (match.entry_b, match.entry_a)
    )
    as_a = mine is match.entry_a
    games = getattr(match, "game_list", None)
    totals = _game_points(games, as_a) if games is not None else (None, None)
    return ResultLine(
        match=match,
        opponent=theirs.player if theirs else None,
        outcome=_outcome(match, mine),
        games_for=match.games_a if as_a else match.games_b,
        games_against=match.games_b if as_a else match.games_a,
        points_for=totals[0],
        points_against=totals[1],
    )


def _outcome(match: Match, mine: Entry | None) -> str:
    if match.status != Match.Status.CONFIRMED:
        return ""
    if match.winner_id is None:
        return "drawn" if match.kind == Match.Kind.PLAYED else "lost"
    return "won" if mine is not None and match.winner_id == mine.pk else "lost"


def _game_points(games: list[Game], as_a: bool) -> tuple[int, int]:
    a = sum(g.total_a for g in games)
    b = sum(g.total_b for g in games)
    return (a, b) if as_a else (b, a)


@dataclass(frozen=True, slots=True)
class HeadToHead:
    """A player's confirmed matches against one opponent, newest first."""

    opponent: Player
    lines: list[ResultLine]

    def _count(self, outcome: str) -> int:
        return sum(1 for line in self.lines if line.outcome == outcome)

    @property
    def won(self) -> int:
        return self._count("won")

    @property
    def lost(self) -> int:
        return self._count("lost")

    @property
    def drawn(self) -> int:
        return self._count("drawn")

    @property
    def points_for(self) -> int:
        return sum(line.points_for or 0 for line in self.lines)

    @property
    def points_against(self) -> int:
        return sum(line.points_against or 0 for line in self.lines)


def head_to_head(player: Player, opponent: Player) -> HeadToHead:
    """Two queries: the confirmed matches between the two, and their games."""
    games = Game.objects.order_by("number")
    matches = (
        matches_with_sides()
        .select_related("competition")
        .filter(status=Match.Status.CONFIRMED)
        .filter(
            Q(entry_a__player=player, entry_b__player=opponent)
            | Q(entry_a__player=opponent, entry_b__player=player)
        )
        .prefetch_related(Prefetch("games", queryset=games, to_attr="game_list"))
        .order_by("-confirmed_at", "-pk")
    )
    return HeadToHead(opponent, [result_line(match, player.pk) for match in matches])
