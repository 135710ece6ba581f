"""A stage's tables and its qualifiers: each group's standings (the tiebreaks applied), who
qualifies for the next stage and with which seeds, and the competition's final placings."""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass

from league.competitions.algorithms.qualification import (
    Qualification,
    Seeding,
    Tie,
    next_stage_seeds,
    top_of_each_group,
    top_overall,
)
from league.competitions.algorithms.standings import league_table
from league.competitions.base.seeding import current_ratings
from league.competitions.formats.stage_plans import KEPT
from league.competitions.models import (
    Competition,
    Stage,
    StageEntry,
)
from league.competitions.standings.placings import knockout_placings
from league.competitions.standings.services import (
    confirmed_results,
    points_of,
    table_of_entries,
    tiebreaks_of,
)
from league.competitions.standings.shown import StandingsTable


def stage_groups(stage: Stage) -> dict[str, list[int]]:
    """The stage's players by group ("" for a stage without groups), seed order."""
    groups: dict[str, list[int]] = {}
    for place in StageEntry.objects.filter(stage=stage).order_by("group", "seed"):
        groups.setdefault(place.group, []).append(place.entry_id)
    return groups


def _results_of(results, players: set[int]):
    return [r for r in results if set(r.players) <= players]


def _ranked(competition: Competition, stage: Stage):
    """Each group's ranked rows (the algorithms' rows, entry ids as players) and the overall
    table of the stage."""
    results = confirmed_results(competition, stage=stage)
    points, order = points_of(competition), tiebreaks_of(competition)
    groups = stage_groups(stage)
    tables = {label: league_table(members, _results_of(results, set(members)), points=points,
                                  tiebreaks=order)
              for label, members in groups.items()}
    everyone = [e for members in groups.values() for e in members]
    overall = league_table(everyone, results, points=points, tiebreaks=order)
    return tables, overall


def group_standings(competition: Competition, stage: Stage) -> list[tuple[str, StandingsTable]]:
    """The page's table of each group of the stage, in group order."""
    entries = {e.pk: e for e in competition.entries.select_related("player")}
    results = confirmed_results(competition, stage=stage)
    return [
        (label, table_of_entries(competition, [entries[e] for e in members],
                                 _results_of(results, set(members))))
        for label, members in stage_groups(stage).items()
    ]


def qualification(competition: Competition, before: Stage, stage: Stage) -> Qualification:
    """Who goes through from `before` into `stage`, the organizer's decisions applied."""
    tables, overall = _ranked(competition, before)
    if stage.qualify == Stage.Qualify.EACH_GROUP:
        found = top_of_each_group(tables, stage.qualifiers)
    else:
        labels = {p: label for label, rows in tables.items() for p in (r.player for r in rows)}
        found = top_overall(overall, stage.qualifiers,
                            groups=labels if before.kind == Stage.Kind.GROUPS else None)
    for decided in stage.decided:
        if decided.get("kind") == KEPT:
            continue
        tie = _matching_tie(found, decided)
        if tie is not None:
            found = found.decide(tie, decided["players"])
    return found


def _matching_tie(found: Qualification, decided: dict) -> Tie | None:
    for tie in found.ties:
        if tie.group == decided.get("group") and set(decided["players"]) <= set(tie.players) \
                and len(decided["players"]) == tie.places:
            return tie
    return None


def seeds_for(competition: Competition, before: Stage, stage: Stage) -> tuple[int, ...]:
    """The next stage's seeds. Raises NeedsDecision while a tie that matters is undecided."""
    found = qualification(competition, before, stage)
    _, overall = _ranked(competition, before)
    ratings = None
    if stage.seeding == Stage.Seeding.RATING:
        ratings = _ratings(competition, found.players)
    return next_stage_seeds(found, Seeding(stage.seeding), ratings=ratings,
                            overall=[r.player for r in overall])


def _ratings(competition: Competition, entries: Sequence[Hashable]) -> dict[Hashable, float]:
    """Current club ratings; the unrated below every rated player."""
    players = dict(competition.entries.filter(pk__in=entries).values_list("pk", "player_id"))
    found = current_ratings(players.values())
    rated = {e: found[p] for e, p in players.items() if p in found}
    floor = min(rated.values(), default=0.0) - 1.0
    return {e: rated.get(e, floor) for e in entries}


@dataclass(frozen=True, slots=True)
class FinalPlacing:
    rank: int
    entry: int
    stage: int  # the order of the last stage the player played in


def final_placings(competition: Competition) -> list[FinalPlacing]:
    """Over all stages: the last stage's placings first (a knockout's placings, or a group
    stage's players by their place in their group and then the stage's overall table), then
    those who went out in the stage before it, ranked the same way, and so on back to the first
    stage. A rank is shared by players level on both."""
    stages = list(competition.stages.order_by("order"))
    if len(stages) < 2:
        return []
    placings: list[FinalPlacing] = []
    placed: set[int] = set()
    for stage in reversed(stages):
        if not stage.rounds.exists():
            continue
        if stage.is_knockout:
            entry_of = {e.player_id: e.pk for e in competition.entries.all()}
            found = [FinalPlacing(p.rank, entry_of[p.player.pk], stage.order)
                     for p in knockout_placings(competition, stage)]
        else:
            found = _table_placings(competition, stage, placed, start=len(placings))
        found = [p for p in found if p.entry not in placed]
        placings += found
        placed |= {p.entry for p in found}
    return placings


def _table_placings(competition: Competition, stage: Stage, placed: set[int], *,
                    start: int) -> list[FinalPlacing]:
    tables, overall = _ranked(competition, stage)
    group_place = {r.player: r.rank for rows in tables.values() for r in rows}
    overall_place = {r.player: r.rank for r in overall}
    out = sorted((p for p in overall_place if p not in placed),
                 key=lambda p: (group_place[p], overall_place[p]))
    found: list[FinalPlacing] = []
    for i, player in enumerate(out):
        key = (group_place[player], overall_place[player])
        before = out[i - 1] if i else None
        shared = before is not None and key == (group_place[before], overall_place[before])
        rank = found[-1].rank if shared else start + i + 1
        found.append(FinalPlacing(rank, player, stage.order))
    return found
