"""The statistics pages' figures, added up from the summary rows (models.PlayerSeasonSummary):
one player's rows, or all the club's, of one season or all of them, each one aggregate query.

The club's average player: each counted hand is in two players' rows, one from each seat, so the
sums over every row are the club's player-hands (hands.py).
"""

from __future__ import annotations

from django.db import connection

from league.clubs.models import Player, Season

from .hands import HandFigures
from .models import PlayerSeasonSummary
from .results import GameFigures, MatchFigures

SUMMED = ("hands", "hands_won", "knocks", "gins", "big_gins", "first_turn_gins", "gins_with_log",
          "undercuts_made", "undercuts_suffered", "gins_suffered", "dead_hands", "points",
          "knock_deadwood_sum", "knock_deadwood_hands", "caught_deadwood_sum",
          "caught_deadwood_hands", "games", "games_won", "shutouts", "shutouts_suffered",
          "matches", "matches_won", "matches_drawn", "matches_lost", "won_without_play",
          "lost_without_play")


# The sums' SQL, written once: built by the ORM for every page, its 26 aggregates cost more
# than the query itself.
_SUM_SQL = "SELECT {sums} FROM {table} WHERE ".format(
    sums=", ".join(f"COALESCE(SUM({name}), 0)" for name in SUMMED),
    table=PlayerSeasonSummary._meta.db_table)


def _sums(where: str, params: list) -> dict:
    with connection.cursor() as cursor:
        cursor.execute(_SUM_SQL + where, params)
        return sums_of(cursor.fetchone())


def sums_of(row: tuple) -> dict:
    """The sums of `_SUM_SQL`'s row, by name."""
    return dict(zip(SUMMED, row, strict=True))


def _in(season: Season | None, club_id: int) -> tuple[str, list]:
    if season is not None:
        return "season_id = %s", [season.pk]
    return "club_id = %s", [club_id]


def player_sums_query(player_id: int, club_id: int) -> tuple[str, list]:
    """The query of the player's rows of every season added up, and its parameters: one row
    (`sums_of`)."""
    where, params = _in(None, club_id)
    return f"{_SUM_SQL}{where} AND player_id = %s", [*params, player_id]


def club_sums(club_id: int, season: Season | None) -> dict:
    """One query: every row of the club (or of the season) added up."""
    return _sums(*_in(season, club_id))


_WITH_RUN_SQL = _SUM_SQL.replace(" FROM ", ", COALESCE(MAX(winning_run), 0) FROM ", 1)


def player_sums_and_run(player: Player, season: Season | None) -> tuple[dict, int]:
    """One query: his rows added up, and his longest winning run within one season (of a
    season: that season's, from his row)."""
    where, params = _in(season, player.club_id)
    with connection.cursor() as cursor:
        cursor.execute(f"{_WITH_RUN_SQL}{where} AND player_id = %s", [*params, player.pk])
        found = cursor.fetchone()
    return dict(zip(SUMMED, found[:-1], strict=True)), found[-1]


def _average(total: int, count: int) -> float | None:
    return total / count if count else None


def hand_figures(row: dict) -> HandFigures:
    return HandFigures(
        hands=row["hands"], won=row["hands_won"], knocks=row["knocks"], gins=row["gins"],
        big_gins=row["big_gins"], undercuts_made=row["undercuts_made"],
        undercuts_suffered=row["undercuts_suffered"], gins_suffered=row["gins_suffered"],
        dead_hands=row["dead_hands"], points=row["points"],
        knock_deadwood=_average(row["knock_deadwood_sum"], row["knock_deadwood_hands"]),
        knock_deadwood_hands=row["knock_deadwood_hands"],
        caught_deadwood=_average(row["caught_deadwood_sum"], row["caught_deadwood_hands"]),
        caught_deadwood_hands=row["caught_deadwood_hands"],
        first_turn_gins=row["first_turn_gins"], gins_with_log=row["gins_with_log"])


def game_figures(row: dict) -> GameFigures:
    return GameFigures(games=row["games"], won=row["games_won"], shutouts=row["shutouts"],
                       shutouts_suffered=row["shutouts_suffered"])


def match_figures(row: dict) -> MatchFigures:
    return MatchFigures(played=row["matches"], won=row["matches_won"],
                        drawn=row["matches_drawn"], lost=row["matches_lost"],
                        won_without_play=row["won_without_play"],
                        lost_without_play=row["lost_without_play"])
