"""The player-season summary rows (models.PlayerSeasonSummary): recounted from the facts.

Each row is counted again whole, never added to, by a few aggregate queries over the player's
counted hands, games and matches of the season (hands.py, results.py, runs.py define each
figure): running the count twice, or after any correction, gives the same row. The statistics
follow-up (tasks.py) recounts the two players of a confirmed or corrected result; the command
``count_statistics`` recounts a whole club or every club (existing data).
"""

from __future__ import annotations

from collections import defaultdict

from django.db import transaction
from django.db.models import Count, F, Q, Sum

from league.clubs.models import Player, Season
from league.competitions.base.outbox import due_in_club, mark_all_done, still_waiting
from league.competitions.base.page_versions import player_pages_changed
from league.competitions.models import Competition, Entry, FollowUp, Match
from league.competitions.standings.services import keep_standings

from .all_time import keep_player_runs, locked_runs, player_outcomes, season_runs
from .counted import counted_hands, played_by, seat_of, with_entry_ids
from .first_turn import GINS, HAS_LOG, first_turn_gin, with_first_turn
from .hands import KNOCKED, WENT_OUT, Out
from .models import PlayerSeasonSummary
from .moments import replace_moments
from .results import player_game_figures, player_match_figures
from .season_count import count_season
from .versions import statistics_changed

# Up to this many players are counted one by one after a competition's matches changed; more,
# the whole season at once.
ONE_BY_ONE = 24


def hand_counts(player: Player, season: Season) -> dict:
    """One query: his hand figures in the season, the deadwood as sums and counts."""
    me = F("me")
    mine = Q(knocker=me)
    hands = (counted_hands(player.club_id, season).filter(played_by(player, "game__match__"))
             .annotate(me=seat_of(player, "game__match__")))
    return with_first_turn(hands).aggregate(
        hands=Count("pk"),
        hands_won=Count("pk", filter=Q(winner=me)),
        knocks=Count("pk", filter=mine & Q(outcome=Out.KNOCK)),
        gins=Count("pk", filter=mine & Q(outcome=Out.GIN)),
        big_gins=Count("pk", filter=mine & Q(outcome=Out.BIG_GIN)),
        first_turn_gins=Count("pk", filter=mine & first_turn_gin()),
        gins_with_log=Count("pk", filter=mine & Q(outcome__in=GINS) & HAS_LOG),
        undercuts_made=Count("pk", filter=Q(outcome=Out.UNDERCUT, winner=me)),
        undercuts_suffered=Count("pk", filter=mine & Q(outcome=Out.UNDERCUT)),
        gins_suffered=Count("pk", filter=~mine & Q(outcome__in=GINS)),
        dead_hands=Count("pk", filter=Q(outcome=Out.DEAD_HAND)),
        points=Sum("points", filter=Q(winner=me), default=0),
        knock_deadwood_sum=Sum("knocker_deadwood", filter=mine & Q(outcome__in=KNOCKED),
                               default=0),
        knock_deadwood_hands=Count("knocker_deadwood", filter=mine & Q(outcome__in=KNOCKED)),
        caught_deadwood_sum=Sum("defender_deadwood", filter=~mine & Q(outcome__in=WENT_OUT),
                                default=0),
        caught_deadwood_hands=Count("defender_deadwood",
                                    filter=~mine & Q(outcome__in=WENT_OUT)),
    )


def count_player_season(player: Player, season: Season,
                        outcomes: list[tuple[int, str]] | None = None) -> dict:
    """The row's figures, whatever the hands: five queries (his entries' ids, his hands', games'
    and matches' figures, and his outcomes, from which his runs are counted); three when he
    carries his entries' ids (with_entry_ids) and his `outcomes` over all seasons are given
    (all_time.player_outcomes)."""
    if getattr(player, "entry_ids", None) is None:
        player = with_entry_ids(player)
    figures = hand_counts(player, season)
    games = player_game_figures(player, season)
    matches = player_match_figures(player, season)
    winning, unbeaten = season_runs(player_outcomes(player) if outcomes is None else outcomes,
                                    season.pk)
    figures.update(
        confirmed=matches.confirmed, games=games.games, games_won=games.won, shutouts=games.shutouts,
        shutouts_suffered=games.shutouts_suffered, matches=matches.played,
        matches_won=matches.won, matches_drawn=matches.drawn, matches_lost=matches.lost,
        won_without_play=matches.won_without_play, lost_without_play=matches.lost_without_play,
        winning_run=winning, unbeaten_run=unbeaten)
    return figures


def refresh(player_ids: list[int], season: Season) -> None:
    """Recount the players' rows (and notable moments) of the season, each player in his own
    transaction, then forget the statistics pages' version: a page counted while the follow-up
    ran is not kept past it, nor a player page. His row is locked before it is counted: of two
    follow-ups for the same player, the second counts after the first has written, so the row
    left is the one counted last, with every result committed before it was sent."""
    for player in Player.objects.filter(pk__in=player_ids, club_id=season.club_id):
        with transaction.atomic():
            row, _ = PlayerSeasonSummary.objects.select_for_update().get_or_create(
                player=player, season=season, defaults={"club_id": season.club_id})
            runs = locked_runs(player)
            outcomes = player_outcomes(player)  # his entries' ids read, for the counts too
            figures = count_player_season(player, season, outcomes)
            if figures.pop("confirmed"):
                for name, value in figures.items():
                    setattr(row, name, value)
                row.save()
            else:  # no confirmed match of his left in the season (removed, or reset): no row
                row.delete()
            replace_moments(player, season)
            keep_player_runs(runs, outcomes)
    statistics_changed()
    player_pages_changed(player_ids)  # their pages show a summary of the rows


def refresh_results(match_id: int, follow_up: int | None = None) -> int:
    """The statistics follow-up of a result: the players of the match counted again, and with
    them those of every other result of its club whose count is still waiting (a burst of
    confirmations), each player once in each season (count_players); the waiting rows are then
    marked done, and their own tasks find them so. Then the tables of their competitions are
    kept (keep_standings), each once, but those of a competition with a result whose follow-up
    is still waiting: that one keeps it. The rows are read before any player is
    counted: each was written with its result, so every result they name is counted. How many
    players."""
    club = Match.objects.filter(pk=match_id).values_list("competition__season__club_id",
                                                         flat=True).first()
    if club is None:
        return 0
    due = [row for row in due_in_club(FollowUp.Kind.STATISTICS, club)
           if row[1] is not None and row[0] != follow_up]
    players: dict[int, set[int]] = defaultdict(set)
    competitions: set[int] = set()
    for season, competition, *sides in Match.objects.filter(
            pk__in=[match_id, *(m for _, m in due)]).values_list(
            "competition__season_id", "competition_id", "entry_a__player_id",
            "entry_b__player_id"):
        players[season].update(p for p in sides if p is not None)
        competitions.add(competition)
    for season in Season.objects.filter(pk__in=players).order_by("pk"):
        count_players(sorted(players[season.pk]), season)
    mark_all_done([row for row, _ in due])
    # Their tables, for their pages' first visits; a table counts every match of its
    # competition, so a burst still arriving keeps it once, with the follow-up of its last result.
    waiting = still_waiting(FollowUp.Kind.STATISTICS, club, but=follow_up)
    for competition in (Competition.objects.filter(pk__in=competitions - waiting)
                        .order_by("pk")):
        keep_standings(competition)
    return sum(len(counted) for counted in players.values())


def refresh_competition(competition_id: int) -> None:
    """After matches of the competition were removed or reset (a stage drawn again, a Swiss
    round paired again, a match reset): its players' rows of its season counted again
    (count_players), and its table kept."""
    competition = (Competition.objects.select_related("season")
                   .filter(pk=competition_id).first())
    if competition is None:
        return
    players = list(Entry.objects.filter(competition_id=competition_id)
                   .values_list("player_id", flat=True).distinct())
    count_players(players, competition.season)
    keep_standings(competition)


def count_players(players: list[int], season: Season) -> None:
    """These players' rows of the season counted again: a few one by one (refresh); more than
    ONE_BY_ONE, the whole season at once (season_count.py), which costs the same few queries
    whatever the number of players."""
    if len(players) > ONE_BY_ONE:
        count_season(season)
    else:
        refresh(players, season)


def refresh_season(season: Season) -> int:
    """Every player of the season counted at once (season_count.py); how many rows."""
    return count_season(season)
