"""A points series' standings, from the confirmed facts of its competitions.

Points by placing: each finished competition gives each player the points of his final place
(a place the table does not reach scores nothing; players sharing a place score its points);
a competition still running scores nothing yet. Places: a league's or Swiss's standings, a
knockout's placings (champion, runner-up, then by the round a player went out in), a
competition in stages its final placings, a ladder its order.

Points per match won: in each competition, every confirmed match won at the table scores the
series' points for a win, or its points for a shutout when the winner shut the loser out in one
of its games (the loser on no hand points in a game the winner won); a result without play
scores nothing.

Best N: a player's N best competitions count, the others are shown and not counted.

Ties: level on points, the player whose best counted result is higher is ahead, then the next
best, and so on (count-back); still level, they share the place and are listed by name.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass, replace

from django.db.models import Count, Exists, F, OuterRef, Q
from django.utils.translation import gettext_lazy as _

from league.competitions.formats.stage_tables import final_placings
from league.competitions.models import Competition, Entry, Match
from league.competitions.standings.placings import knockout_placings
from league.competitions.standings.services import competition_standings
from league.games.models import Game

from .models import PointsSeries

TIE_RULE = _("Level on points, the player with the higher best counted result is ahead, then "
             "the higher second best, and so on (count-back); players level on all of them "
             "share the place.")
PRESETS = {
    "twenty-five": ("25, 18, 15, 12, 10, 8, 6, 4, 2, 1", [25, 18, 15, 12, 10, 8, 6, 4, 2, 1]),
    "ten-down": (_("10 down to 1"), [10, 9, 8, 7, 6, 5, 4, 3, 2, 1]),
    "five-three": ("5, 3, 2, 1", [5, 3, 2, 1]),
}


@dataclass(frozen=True, slots=True)
class Result:
    points: int | None  # None: not entered in that competition
    counted: bool


@dataclass(frozen=True, slots=True)
class SeriesRow:
    rank: int
    shared: bool  # level with the row above
    player_id: int
    name: str
    total: int
    results: tuple[Result, ...]  # in the order of the series' competitions
    tied: bool = False  # sharing its place with another row, above or below


@dataclass(frozen=True, slots=True)
class SeriesStandings:
    series: PointsSeries
    competitions: list[Competition]
    rows: list[SeriesRow]
    tie_rule: str = TIE_RULE


def series_standings(series: PointsSeries) -> SeriesStandings:
    """Three queries with points per match won; with points by placing, two and each finished
    competition's placings (a fixed number per competition, whatever its results)."""
    competitions = list(series.competitions.select_related("season").order_by("created_at", "pk"))
    entrants = list(Entry.objects.filter(competition__in=competitions)
                    .values_list("player_id", "player__name", "competition_id"))
    if series.rule == PointsSeries.Rule.MATCHES:
        scored = _match_points(series, competitions)
    else:
        scored = _placing_points(series, competitions)
    names = {player: name for player, name, _competition in entrants}
    entered = defaultdict(set)
    for player, _name, competition in entrants:
        entered[player].add(competition)
    rows = []
    for player, name in names.items():
        points = [scored.get((player, c.pk), 0) if c.pk in entered[player] else None
                  for c in competitions]
        counted = _counted(points, series.best_of)
        rows.append((player, name, points, counted))
    return SeriesStandings(series, competitions, _ranked(rows))


def _counted(points: list[int | None], best_of: int | None) -> list[bool]:
    order = sorted((i for i, p in enumerate(points) if p is not None), key=lambda i: -points[i])
    keep = set(order if best_of is None else order[:best_of])
    return [i in keep for i in range(len(points))]


def _ranked(rows: list[tuple]) -> list[SeriesRow]:
    width = max((len(points) for _, _, points, _ in rows), default=0)

    def key(row):
        _, name, points, counted = row
        best = sorted((p for p, c in zip(points, counted, strict=True) if c), reverse=True)
        best += [0] * (width - len(best))
        return (-sum(best), tuple(-p for p in best)), name

    ordered = sorted(rows, key=key)
    ranked: list[SeriesRow] = []
    for index, row in enumerate(ordered):
        level = index > 0 and key(ordered[index - 1])[0] == key(row)[0]
        rank = ranked[-1].rank if level else index + 1
        player, name, points, counted = row
        results = tuple(Result(p, c) for p, c in zip(points, counted, strict=True))
        ranked.append(SeriesRow(rank, level, player, name, -key(row)[0][0], results))
    places = Counter(row.rank for row in ranked)
    return [replace(row, tied=places[row.rank] > 1) for row in ranked]


def _match_points(series: PointsSeries, competitions: list[Competition]) -> dict:
    """One query: matches won and won with a shutout, by competition and winner."""
    shut_out = Game.objects.filter(match=OuterRef("pk"), status=Game.Status.FINISHED,
                                   is_hollywood=False).filter(
        Q(winner="A", total_b=0, match__winner=F("match__entry_a"))
        | Q(winner="B", total_a=0, match__winner=F("match__entry_b")))
    rows = (Match.objects.filter(competition__in=competitions, status=Match.Status.CONFIRMED,
                                 kind=Match.Kind.PLAYED, winner__isnull=False)
            .annotate(shutout=Exists(shut_out)).order_by()
            .values("competition_id", "winner__player_id")
            .annotate(won=Count("pk"), shutouts=Count("pk", filter=Q(shutout=True))))
    return {(row["winner__player_id"], row["competition_id"]):
            (row["won"] - row["shutouts"]) * series.win_points
            + row["shutouts"] * series.shutout_points for row in rows}


def _placing_points(series: PointsSeries, competitions: list[Competition]) -> dict:
    table = list(series.placing_points or [])
    scored = {}
    for competition in competitions:
        if competition.status != Competition.Status.FINISHED:
            continue
        for player, rank in placings(competition).items():
            if 1 <= rank <= len(table):
                scored[(player, competition.pk)] = table[rank - 1]
    return scored


def placings(competition: Competition) -> dict[int, int]:
    """Each player's final place in the competition, by player id."""
    staged = final_placings(competition)
    if staged:
        players = dict(Entry.objects.filter(competition=competition)
                       .values_list("pk", "player_id"))
        return {players[p.entry]: p.rank for p in staged}
    if competition.is_knockout:
        return {p.player.pk: p.rank for p in knockout_placings(competition)}
    if competition.format == Competition.Format.LADDER:
        ladder = (Entry.objects.filter(competition=competition, position__isnull=False)
                  .order_by("position").values_list("player_id", flat=True))
        return {player: index + 1 for index, player in enumerate(ladder)}
    return {row.player.pk: row.rank for row in competition_standings(competition).rows}
