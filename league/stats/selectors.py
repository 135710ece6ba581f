"""The statistics pages' reads: a player's figures for a season or all time beside the club's,
and the club's records. Each runs a fixed number of queries whatever the hands."""

from __future__ import annotations

from dataclasses import dataclass

from django.core.cache import caches

from league.clubs.models import Club, Player, Season
from league.clubs.selectors import player_with_his_club
from league.competitions.base.page_versions import FRAGMENT_SECONDS
from league.core.written_reads import Columns, Read, answered, fetched, related, table

from .charts import FormChart, form_chart
from .counted import with_entry_ids
from .figures import FigureRow, hand_rows
from .hands import HandFigures
from .his_matches import matches_seen
from .meetings import HeadToHeadTable, head_to_head_table, longest_winning_run, recent_form
from .results import GameFigures, MatchFigures
from .rows import (
    club_sums,
    game_figures,
    hand_figures,
    match_figures,
    player_sums_and_run,
    player_sums_query,
    sums_of,
)
from .versions import statistics_version


@dataclass(frozen=True, slots=True)
class PlayerStatistics:
    player: Player
    seasons: list[Season]  # the club's seasons, newest first
    season: Season | None  # None: all time
    hands: HandFigures
    club: HandFigures
    games: GameFigures
    matches: MatchFigures
    winning_run: int
    form: FormChart | None
    opponents: HeadToHeadTable

    @property
    def hand_rows(self) -> list[FigureRow]:
        return hand_rows(self.hands, self.club)


def statistics_player(pk: int) -> Player:
    """One query: the player with his club (a 404 when there is none)."""
    return player_with_his_club(pk)


# Written out, as the ORM's query cost several times what the database took to answer it
# (league.core.written_reads).
SEASON = Columns(Season, "s")
_SEASONS_SQL = (f"SELECT {SEASON.sql} FROM {table(Season)} s WHERE s.club_id = %s "
                f"ORDER BY s.starts_on DESC, s.id DESC")


def club_seasons(club: Club) -> list[Season]:
    """The club's seasons, the latest start first: one query."""
    seasons = [SEASON.instance(row) for row in fetched(_SEASONS_SQL, [club.pk])]
    for season in seasons:
        related(season, club=club)
    return seasons


def chosen_season(seasons: list[Season], value: str) -> tuple[Season | None, bool]:
    """The season a ``season`` parameter names among ``seasons`` (none: all time), and whether
    the value was understood."""
    value = value.strip()
    if not value or value == "all":
        return None, True
    found = next((s for s in seasons if str(s.pk) == value), None)
    return found, found is not None


def player_statistics(player: Player, seasons: list[Season], season: Season | None
                      ) -> PlayerStatistics:
    """Three queries: his entries' ids; his summary rows added up, with a season's longest
    winning run from his row; his counted matches (none for a player entered nowhere), from
    which his form, his meetings and game points by opponent and, all time, his longest winning
    run are counted (runs do not add up over seasons). One more for the club's rows added up,
    the first time a page of the season (or all time) asks for them under this statistics
    version."""
    player = with_entry_ids(player)
    mine, season_run = player_sums_and_run(player, season)
    club = _club_sums(player.club_id, season)
    matches = matches_seen(player, season)
    run = season_run if season is not None else longest_winning_run(matches)
    return PlayerStatistics(
        player=player, seasons=seasons, season=season,
        hands=hand_figures(mine),
        club=hand_figures(club),
        games=game_figures(mine),
        matches=match_figures(mine),
        winning_run=run,
        form=form_chart(recent_form(matches)),
        opponents=head_to_head_table(matches),
    )


def _club_sums(club_id: int, season: Season | None) -> dict:
    """The club's rows added up: the same on every player's page, so counted once per
    statistics version (which every counted result changes) and kept with the pages."""
    key = f"club-sums:{club_id}:{season.pk if season else 'all'}:{statistics_version()}"
    return caches["template_fragments"].get_or_set(
        key, lambda: club_sums(club_id, season), FRAGMENT_SECONDS)


@dataclass(frozen=True, slots=True)
class StatisticsSummary:
    """The player page's few figures, all time."""

    hands: HandFigures
    games: GameFigures
    matches: MatchFigures


def statistics_summary(player: Player) -> StatisticsSummary:
    """One query: his summary rows of every season added up."""
    return answered(summary_read(player.pk, player.club_id))


def summary_read(player_id: int, club_id: int) -> Read[StatisticsSummary]:
    """`statistics_summary` of the player of this club, as a read a page asks together with
    its others."""
    sql, params = player_sums_query(player_id, club_id)

    def summary(rows: list[tuple]) -> StatisticsSummary:
        mine = sums_of(rows[0])
        return StatisticsSummary(hand_figures(mine), game_figures(mine), match_figures(mine))

    return Read(sql, params, summary)
