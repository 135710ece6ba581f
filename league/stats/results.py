"""A player's games and matches, each one aggregate query.

Games: the counted games he played and won; a shutout is a game he won with the opponent on no
hand points (a Hollywood game, scored in columns, is never one). Matches: the counted matches
(played at the table) won, drawn and lost; apart from them, the confirmed results without play
(a bye, walkover, forfeit or no-show) he was given or lost.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Count, F, Q

from league.clubs.models import Player, Season
from league.competitions.models import Match

from .counted import club_scope, counted_games, counted_match, entries_of, played_by, seat_of


@dataclass(frozen=True, slots=True)
class GameFigures:
    games: int
    won: int
    shutouts: int
    shutouts_suffered: int


@dataclass(frozen=True, slots=True)
class MatchFigures:
    played: int
    won: int
    drawn: int
    lost: int
    won_without_play: int
    lost_without_play: int
    # Every confirmed match of his, with play or without (a season's row is kept for a player
    # with at least one, as the whole season's count keeps it).
    confirmed: int = 0


SHUTOUT = (Q(winner="A", total_b=0) | Q(winner="B", total_a=0)) & Q(is_hollywood=False)


def player_game_figures(player: Player, season: Season | None) -> GameFigures:
    """One query."""
    me = F("me")
    row = (counted_games(player.club_id, season).filter(played_by(player, "match__"))
           .annotate(me=seat_of(player, "match__"))
           .aggregate(games=Count("pk"), won=Count("pk", filter=Q(winner=me)),
                      shutouts=Count("pk", filter=SHUTOUT & Q(winner=me)),
                      shutouts_suffered=Count("pk", filter=SHUTOUT & ~Q(winner=me))))
    return GameFigures(**row)


def player_match_figures(player: Player, season: Season | None) -> MatchFigures:
    """One query over his confirmed matches, with play or without."""
    scope = Q(status=Match.Status.CONFIRMED) & club_scope("", player.club_id, season)
    played = counted_match()
    mine = Q(winner_id__in=entries_of(player))
    theirs = Q(winner__isnull=False) & ~mine
    unplayed = ~Q(kind=Match.Kind.PLAYED)
    row = (Match.objects.filter(scope, played_by(player, "")).order_by()
           .aggregate(confirmed=Count("pk"), played=Count("pk", filter=played),
                      won=Count("pk", filter=played & mine),
                      drawn=Count("pk", filter=played & Q(winner__isnull=True)),
                      lost=Count("pk", filter=played & theirs),
                      won_without_play=Count("pk", filter=unplayed & mine),
                      lost_without_play=Count("pk", filter=unplayed & (theirs | Q(
                          kind=Match.Kind.DOUBLE_FORFEIT)))))
    return MatchFigures(**row)


