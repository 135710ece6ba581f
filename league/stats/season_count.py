"""A whole season's summary rows and notable moments counted at once, for every player: the
same figures as summaries.py and moments.py count for one player, in a few set-wise queries
(each hand seen once from each seat, grouped by player; the moments ranked by window
functions). Used to fill the rows of existing data (the command ``count_statistics``)."""

from __future__ import annotations

from collections import defaultdict
from datetime import UTC, datetime

from django.db import connection, transaction
from django.db.models import Case, Count, F, IntegerField, Q, QuerySet, Value, When
from django.utils import timezone

from league.clubs.models import Season
from league.competitions.base.page_versions import player_pages_changed
from league.competitions.models import Match
from league.core.bulk_rows import written_rows
from league.core.written_reads import Columns, fetched, table

from .all_time import count_club_runs
from .counted import club_scope, counted_games, counted_hands, counted_matches
from .first_turn import GINS, HAS_LOG, first_turn_gin, with_first_turn
from .hands import KNOCKED, WENT_OUT, Out
from .models import NotableMoment, PlayerSeasonSummary
from .moments import TOP
from .results import SHUTOUT
from .runs import _longest
from .versions import statistics_changed

Kind = NotableMoment.Kind


def _one(condition: Q) -> Case:
    return Case(When(condition, then=Value(1)), default=Value(0), output_field=IntegerField())


def _value(condition: Q, field: str) -> Case:
    return Case(When(condition, then=F(field)), default=Value(0), output_field=IntegerField())


def _hands_seen_from(season: Season, side: str) -> QuerySet:
    mine, won = Q(knocker=side), Q(winner=side)
    hands = with_first_turn(counted_hands(season.club_id, season)).order_by()
    return hands.annotate(
        who=F(f"game__match__entry_{side.lower()}__player_id"),
        f_won=_one(won), f_knocks=_one(mine & Q(outcome=Out.KNOCK)),
        f_gins=_one(mine & Q(outcome=Out.GIN)), f_big=_one(mine & Q(outcome=Out.BIG_GIN)),
        f_first=_one(mine & first_turn_gin()),
        f_logged=_one(mine & Q(outcome__in=GINS) & HAS_LOG),
        f_uc_made=_one(Q(outcome=Out.UNDERCUT) & won),
        f_uc_suffered=_one(mine & Q(outcome=Out.UNDERCUT)),
        f_gins_suffered=_one(~mine & Q(outcome__in=GINS)),
        f_dead=_one(Q(outcome=Out.DEAD_HAND)), f_points=_value(won, "points"),
        f_kd_sum=_value(mine & Q(outcome__in=KNOCKED, knocker_deadwood__isnull=False),
                        "knocker_deadwood"),
        f_kd_n=_one(mine & Q(outcome__in=KNOCKED, knocker_deadwood__isnull=False)),
        f_cd_sum=_value(~mine & Q(outcome__in=WENT_OUT, defender_deadwood__isnull=False),
                        "defender_deadwood"),
        f_cd_n=_one(~mine & Q(outcome__in=WENT_OUT, defender_deadwood__isnull=False)),
    ).values("who", *HAND_FLAGS)


HAND_FLAGS = ("f_won", "f_knocks", "f_gins", "f_big", "f_first", "f_logged", "f_uc_made",
              "f_uc_suffered", "f_gins_suffered", "f_dead", "f_points", "f_kd_sum", "f_kd_n",
              "f_cd_sum", "f_cd_n")
GAME_FLAGS = ("g_won", "g_shut", "g_shut_by")
MATCH_FLAGS = ("m_played", "m_won", "m_drawn", "m_lost", "m_given", "m_lost_wp")
HAND_COLUMNS = ("hands_won", "knocks", "gins", "big_gins", "first_turn_gins", "gins_with_log",
                "undercuts_made", "undercuts_suffered", "gins_suffered", "dead_hands", "points",
                "knock_deadwood_sum", "knock_deadwood_hands", "caught_deadwood_sum",
                "caught_deadwood_hands")


def _grouped(union: QuerySet, names: tuple[str, ...]) -> dict[int, tuple]:
    """{player: (count, sums of the union's ``names``)}: one query."""
    rows, params = union.query.sql_with_params()
    sums = ", ".join(f"SUM({name})" for name in names)
    sql = (f"SELECT who, COUNT(*), {sums} FROM ({rows}) AS seen "
           f"WHERE who IS NOT NULL GROUP BY who")
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return {row[0]: row[1:] for row in cursor.fetchall()}


def _games_seen_from(season: Season, side: str) -> QuerySet:
    won = Q(winner=side)
    return (counted_games(season.club_id, season).order_by()
            .annotate(who=F(f"match__entry_{side.lower()}__player_id"), g_won=_one(won),
                      g_shut=_one(SHUTOUT & won), g_shut_by=_one(SHUTOUT & ~won))
            .values("who", *GAME_FLAGS))


def _matches_seen_from(season: Season, side: str) -> QuerySet:
    me = F(f"entry_{side.lower()}")
    played = Q(status=Match.Status.CONFIRMED, kind=Match.Kind.PLAYED,
               entry_a__isnull=False, entry_b__isnull=False)
    unplayed = ~Q(kind=Match.Kind.PLAYED)
    mine, decided = Q(winner=me), Q(winner__isnull=False)
    return (Match.objects.filter(club_scope("", season.club_id, season),
                                 status=Match.Status.CONFIRMED).order_by()
            .annotate(who=F(f"entry_{side.lower()}__player_id"), m_played=_one(played),
                      m_won=_one(played & mine), m_drawn=_one(played & ~decided),
                      m_lost=_one(played & decided & ~mine),
                      m_given=_one(unplayed & mine),
                      m_lost_wp=_one(unplayed & ((decided & ~mine)
                                                 | Q(kind=Match.Kind.DOUBLE_FORFEIT))))
            .values("who", *MATCH_FLAGS))


def _runs(season: Season, keep: tuple[str, ...]) -> dict[int, int]:
    matches = counted_matches(season.club_id, season)
    return {player: length for player, _, length in _longest(matches, matches, keep, 10**9)}


def season_rows(season: Season) -> list[PlayerSeasonSummary]:
    """Every player's row of the season: five queries."""
    hands = _grouped(_hands_seen_from(season, "A").union(_hands_seen_from(season, "B"),
                                                         all=True), HAND_FLAGS)
    games = _grouped(_games_seen_from(season, "A").union(_games_seen_from(season, "B"),
                                                         all=True), GAME_FLAGS)
    matches = _grouped(_matches_seen_from(season, "A").union(_matches_seen_from(season, "B"),
                                                             all=True), MATCH_FLAGS)
    winning, unbeaten = _runs(season, ("won",)), _runs(season, ("won", "drawn"))
    rows = []
    for player in sorted(set(hands) | set(games) | set(matches)):
        h = hands.get(player, (0,) * 16)
        g = games.get(player, (0,) * 4)
        m = matches.get(player, (0,) * 7)
        rows.append(PlayerSeasonSummary(
            player_id=player, season=season, club_id=season.club_id, hands=h[0],
            **dict(zip(HAND_COLUMNS, (v or 0 for v in h[1:]), strict=True)),
            games=g[0], games_won=g[1], shutouts=g[2], shutouts_suffered=g[3],
            matches=m[1], matches_won=m[2], matches_drawn=m[3], matches_lost=m[4],
            won_without_play=m[5], lost_without_play=m[6],
            winning_run=winning.get(player, 0), unbeaten_run=unbeaten.get(player, 0)))
    return rows


def _winner(path: str, other: bool = False) -> Case:
    a, b = ("b", "a") if other else ("a", "b")
    return Case(When(winner="A", then=F(f"{path}entry_{a}__player_id")),
                default=F(f"{path}entry_{b}__player_id"), output_field=IntegerField())


RANKED = ("who", "value", "opponent", "match_ref", "confirmed", "source")


def _ranked(query: QuerySet, top: int) -> list[tuple]:
    """The query's rows (RANKED), the ``top`` best of each player by value (then the older
    source): one query."""
    rows, params = query.values_list(*RANKED).query.sql_with_params()
    names = ", ".join(RANKED)
    sql = (f"SELECT {names} FROM (SELECT s.*, ROW_NUMBER() OVER (PARTITION BY who "
           f"ORDER BY value DESC, source) AS n FROM ({rows}) AS s) AS r WHERE n <= %s")
    with connection.cursor() as cursor:
        cursor.execute(sql, [*params, top])
        return [(*row[:4], _aware(row[4]), row[5]) for row in cursor.fetchall()]


def _aware(moment):
    """A raw query's time: SQLite gives it as text or without its zone (stored in UTC)."""
    if isinstance(moment, str):
        moment = datetime.fromisoformat(moment)
    if moment is not None and timezone.is_naive(moment):
        moment = timezone.make_aware(moment, UTC)
    return moment


# The columns of a moment as season_moments gives it.
MOMENT_FIELDS = ("season_id", "club_id", "kind", "player_id", "value", "opponent_id",
                 "match_id", "confirmed_at", "source_id")


def season_moments(season: Season) -> list[tuple]:
    """Every player's notable moments of the season, each as the values of MOMENT_FIELDS (a
    large club's season has hundreds of thousands: no model is built for them): five
    queries."""
    path = "game__match__"
    won = (counted_hands(season.club_id, season).exclude(winner="").order_by()
           .annotate(who=_winner(path), opponent=_winner(path, other=True),
                     match_ref=F(f"{path}id"), confirmed=F(f"{path}confirmed_at")))
    hands = won.annotate(value=F("points"), source=F("pk"))
    found = [(Kind.HIGH_HAND, *row) for row in _ranked(hands, TOP)]
    boxes = (won.annotate(source=F("game_id")).values(*RANKED[:1], *RANKED[2:])
             .annotate(value=Count("pk")))
    found += [(Kind.BOXES, *row) for row in _ranked(boxes, TOP)]
    found += [(Kind.BIG_GIN, *row) for row in
              hands.filter(outcome=Out.BIG_GIN).values_list(*RANKED)]
    found += [(Kind.FIRST_TURN_GIN, *row) for row in
              with_first_turn(hands).filter(first_turn_gin()).values_list(*RANKED)]
    shutouts = (counted_games(season.club_id, season).filter(SHUTOUT).order_by()
                .annotate(who=_winner("match__"), opponent=_winner("match__", other=True),
                          value=Case(When(winner="A", then=F("total_a")), default=F("total_b"),
                                     output_field=IntegerField()),
                          match_ref=F("match_id"), confirmed=F("match__confirmed_at"),
                          source=F("pk")))
    found += [(Kind.SHUTOUT, *row) for row in shutouts.values_list(*RANKED)]
    return [(season.pk, season.club_id, str(kind), who, value, opponent, match, when, source)
            for kind, who, value, opponent, match, when, source in found]


def count_season(season: Season) -> int:
    """The season's rows and moments replaced by those counted now, and the club's all-time runs
    (a run may cross into this season), in one transaction under the season's row lock (and
    then the club's, for its runs); how many players."""
    rows, moments = season_rows(season), season_moments(season)
    with transaction.atomic():
        # One whole count of a season at a time: a second waits here for the first to commit,
        # then replaces what the first wrote instead of writing beside it. FOR NO KEY UPDATE: a
        # row written meanwhile that refers to the season does not wait for it.
        list(Season.objects.select_for_update(no_key=True).filter(pk=season.pk)
             .values_list("pk", flat=True))
        PlayerSeasonSummary.objects.filter(season=season).delete()
        PlayerSeasonSummary.objects.bulk_create(rows, batch_size=2000)
        replace_moments(season, moments)
        count_club_runs(season.club_id)
    statistics_changed()
    player_pages_changed(club_ids=[season.club_id])
    return len(rows)


KEPT_MOMENT = Columns(NotableMoment, "m", ["id", *MOMENT_FIELDS])
KEPT_MOMENTS_SQL = (f"SELECT {KEPT_MOMENT.sql} FROM {table(NotableMoment)} m "
                    f"WHERE m.season_id = %s ORDER BY m.id")
DELETED_AT_ONCE = 5000


def replace_moments(season: Season, moments: list[tuple]) -> None:
    """The season's stored moments made those of `moments` (season_moments), inside the
    caller's transaction: the stored ones not among them deleted, those not stored yet written.
    A burst of results changes a few moments of a season that has hundreds of thousands, which
    are left as they are rather than deleted and written again."""
    stored: dict[tuple, list[int]] = defaultdict(list)
    for row in fetched(KEPT_MOMENTS_SQL, [season.pk]):
        pk, *values = KEPT_MOMENT.values(row)
        stored[tuple(values)].append(pk)
    new = []
    for moment in moments:
        if stored.get(moment):
            stored[moment].pop(0)  # the same moment, kept (a later copy is deleted below)
        else:
            new.append(moment)
    gone = [pk for pks in stored.values() for pk in pks]
    for start in range(0, len(gone), DELETED_AT_ONCE):
        NotableMoment.objects.filter(pk__in=gone[start:start + DELETED_AT_ONCE]).delete()
    written_rows(NotableMoment, MOMENT_FIELDS, new)
