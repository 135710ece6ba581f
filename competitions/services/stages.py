"""Competitions played in stages: round-robin groups (or a Swiss), then a knockout of those who
qualify.

- The first stage is drawn when the competition starts: the seeded players dealt into groups
  (snake order, or the organizer's groups) and each group's round robin, the groups' rounds side
  by side (keys "A/R1-0", a group's bye "A/R1-bye"); or round 1 of a Swiss.
- When every match of a stage is confirmed (and the Swiss has played its rounds), the next
  stage's qualifiers come from the stage's tables (its tiebreaks already applied); players the
  tiebreaks leave level at the cut line, or on places the next stage's seeding depends on, are
  the organizer's decision (an audit entry "needs decision" on the stage's last match, one tie
  at a time). Then the next stage is drawn from its seeds.
- A correction to the earlier stage after the next was drawn changes the next stage's seeds:
  its bracket is seated again where nothing has started, and a started match the new seeds move
  away from asks for the organizer's decision, as any knockout correction does
  (competitions.services.knockout).
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from itertools import pairwise

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.module_loading import import_string

from clubs.permissions import require_organizer
from competitions.algorithms.groups import (
    Group,
    group_schedules,
    groups_by_hand,
    snake_groups,
    stage_rounds,
)
from competitions.algorithms.qualification import (
    NeedsDecision,
    Qualification,
    Seeding,
    Tie,
    next_stage_seeds,
    top_of_each_group,
    top_overall,
)
from competitions.algorithms.standings import league_table
from competitions.models import AuditEntry, Competition, Match, Round, Stage, StageEntry
from competitions.services import knockout, swiss_rounds
from competitions.services.decisions import is_asked, latest_decisions, pending_decisions
from competitions.services.standings import (
    StandingsTable,
    confirmed_results,
    knockout_placings,
    points_of,
    table_of_entries,
    tiebreaks_of,
)
from competitions.services.swiss_corrections import recheck_later_rounds
from core.errors import ServiceError

QUALIFIERS = "qualifiers"  # the kind of decision a tie at the cut line asks for
FIRST_KINDS = (Stage.Kind.GROUPS, Stage.Kind.LEAGUE, Stage.Kind.SWISS)
LATER_KINDS = (Stage.Kind.SINGLE_ELIMINATION, Stage.Kind.DOUBLE_ELIMINATION)


# Setting up ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class StagePlan:
    kind: str
    groups: int = 0
    dealing: str = Stage.Dealing.SNAKE
    qualify: str = ""
    qualifiers: int = 0
    seeding: str = Stage.Seeding.STANDING


def plan_stages(competition: Competition, plans: Sequence[StagePlan], *, actor) -> list[Stage]:
    """The competition's stages in order, replacing any planned before (draft only): a first
    stage of groups, a league or a Swiss, then a knockout of those who qualify."""
    require_organizer(actor, competition.season.club)
    if competition.status != Competition.Status.DRAFT:
        raise ServiceError("The stages are set before the competition starts.")
    _check_plans(plans)
    with transaction.atomic():
        competition.stages.all().delete()
        return [
            Stage.objects.create(
                competition=competition, order=order, kind=plan.kind,
                groups=1 if plan.kind == Stage.Kind.LEAGUE else plan.groups,
                dealing=plan.dealing, qualify=plan.qualify if order > 1 else "",
                qualifiers=plan.qualifiers if order > 1 else 0, seeding=plan.seeding,
            )
            for order, plan in enumerate(plans, start=1)
        ]


def _check_plans(plans: Sequence[StagePlan]) -> None:
    if len(plans) != 2:
        raise ServiceError("A competition in stages has two: a first stage, then a knockout.")
    first, then = plans
    if first.kind not in FIRST_KINDS:
        raise ServiceError("The first stage is round-robin groups, a league or a Swiss.",
                           field="kind")
    if first.kind == Stage.Kind.GROUPS and first.groups < 1:
        raise ServiceError("Say how many groups the first stage has.", field="groups")
    if then.kind not in LATER_KINDS:
        raise ServiceError("The second stage is a knockout.", field="kind")
    if then.qualify not in Stage.Qualify.values or then.qualifiers < 1:
        raise ServiceError("Say who goes through: the top K of each group or overall.",
                           field="qualifiers")
    if then.seeding not in Stage.Seeding.values:
        raise ServiceError("Unknown seeding of the knockout.", field="seeding")
    if then.seeding == Stage.Seeding.CROSS_GROUP and (
            then.qualify != Stage.Qualify.EACH_GROUP or first.kind != Stage.Kind.GROUPS):
        raise ServiceError("Cross-group seeding needs the top K of each group.", field="seeding")


def deal_by_hand(stage_id: int, groups: Sequence[Sequence[int]], *, actor) -> None:
    """The organizer's groups (entry ids, best first in each group) for a first stage dealt by
    hand; kept until the competition starts."""
    with transaction.atomic():
        stage = Stage.objects.select_related("competition__season__club").get(pk=stage_id)
        competition = stage.competition
        require_organizer(actor, competition.season.club)
        if competition.status != Competition.Status.DRAFT or stage.kind != Stage.Kind.GROUPS:
            raise ServiceError("Groups are dealt by hand in a draft's group stage only.")
        entered = set(competition.entries.values_list("pk", flat=True))
        try:
            dealt = groups_by_hand(groups)
        except ValueError as error:
            raise ServiceError(str(error), field="groups") from None
        if {p for g in dealt for p in g.players} - entered:
            raise ServiceError("Only players entered in the competition are dealt.", field="groups")
        StageEntry.objects.filter(stage=stage).delete()
        _save_groups(stage, dealt)
        stage.dealing, stage.groups = Stage.Dealing.BY_HAND, len(dealt)
        stage.save(update_fields=["dealing", "groups"])


def _save_groups(stage: Stage, groups: Sequence[Group]) -> None:
    StageEntry.objects.bulk_create(
        StageEntry(stage=stage, entry_id=player, group=g.label, seed=seed)
        for seed, (g, player) in enumerate(((g, p) for g in groups for p in g.players), start=1)
    )


# Drawing --------------------------------------------------------------------------------------


def draw_first_stage(competition: Competition, seeds: list[int]) -> None:
    """Called by the start of the competition, with the seeded entries best first."""
    stage = competition.stages.get(order=1)
    if stage.kind == Stage.Kind.SWISS:
        StageEntry.objects.bulk_create(StageEntry(stage=stage, entry_id=e, seed=i)
                                       for i, e in enumerate(seeds, start=1))
        swiss_rounds.pair_swiss_round(competition, 1)
        return
    groups = _groups_at_start(stage, seeds)
    double = competition.double_round_robin
    schedules = group_schedules(groups, double=double)
    byes = {(s.group.label, r.number): r.bye for s in schedules for r in s.rounds
            if r.bye is not None}
    now = timezone.now()
    matches = []
    for number, fixtures in enumerate(stage_rounds(schedules), start=1):
        round_ = Round.objects.create(competition=competition, stage=stage, number=number,
                                      name=f"Round {number}")
        for item in fixtures:
            matches.append(Match(
                competition=competition, round=round_,
                key=f"{item.group}/R{number}-{item.fixture.table - 1}",
                entry_a_id=item.fixture.dealer, entry_b_id=item.fixture.opponent,
            ))
        for label in [g.label for g in groups]:
            if (label, number) in byes:
                matches.append(Match(
                    competition=competition, round=round_, key=f"{label}/R{number}-bye",
                    entry_a_id=byes[(label, number)], kind=Match.Kind.BYE,
                    status=Match.Status.CONFIRMED, confirmed_at=now,
                ))
    Match.objects.bulk_create(matches)


def _groups_at_start(stage: Stage, seeds: list[int]) -> tuple[Group, ...]:
    if stage.dealing == Stage.Dealing.BY_HAND:
        dealt = list(StageEntry.objects.filter(stage=stage).order_by("seed"))
        labels = list(dict.fromkeys(p.group for p in dealt))
        members = [[p.entry_id for p in dealt if p.group == label] for label in labels]
        members = [[e for e in group if e in seeds] for group in members]
        if {e for g in members for e in g} != set(seeds):
            raise ServiceError("Deal every player into a group before starting.", field="groups")
        StageEntry.objects.filter(stage=stage).delete()
        try:
            groups = groups_by_hand(members)
        except ValueError as error:
            raise ServiceError(str(error), field="groups") from None
    else:
        try:
            groups = snake_groups(seeds, stage.groups)
        except ValueError as error:
            raise ServiceError(str(error), field="groups") from None
    _save_groups(stage, groups)
    return groups


def draw_stage(competition: Competition, stage: Stage, seeds: Sequence[int]) -> None:
    """The knockout of a later stage, its seeds best first."""
    _save_seeds(stage, seeds)
    knockout.draw_bracket(competition, list(seeds), stage)


def _save_seeds(stage: Stage, seeds: Sequence[int]) -> None:
    StageEntry.objects.filter(stage=stage).delete()
    StageEntry.objects.bulk_create(StageEntry(stage=stage, entry_id=e, seed=i)
                                   for i, e in enumerate(seeds, start=1))


# Tables and qualifiers -------------------------------------------------------------------------


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
    found = import_string(settings.RATINGS_OF_PLAYERS)(list(players.values()))
    rated = {e: float(found[p].rating) for e, p in players.items() if p in found}
    floor = min(rated.values(), default=0.0) - 1.0
    return {e: rated.get(e, floor) for e in entries}


# Progress -------------------------------------------------------------------------------------


def progress_stages(competition: Competition, *, trigger: Match | None = None) -> None:
    """Bring each stage up to date, then draw (or seat again) the next stage once the one before
    is complete. The caller holds the competition's lock."""
    stages = list(competition.stages.order_by("order"))
    drawn = {s.pk for s in stages if s.rounds.exists()}
    for i, stage in enumerate(stages):
        if stage.pk not in drawn:
            break
        in_stage = trigger is not None and trigger.round.stage_id == stage.pk
        if stage.is_knockout:
            knockout.sync_knockout(competition, trigger=trigger if in_stage else None, stage=stage)
        elif stage.kind == Stage.Kind.SWISS:
            if in_stage:
                recheck_later_rounds(competition, trigger)
            if i + 1 == len(stages) or stages[i + 1].pk not in drawn:
                swiss_rounds.advance_swiss(competition)
    for before, stage in pairwise(stages):
        if before.pk in drawn and is_complete(competition, before):
            _settle(competition, before, stage, drawn=stage.pk in drawn)


def is_complete(competition: Competition, stage: Stage) -> bool:
    matches = competition.matches.filter(round__stage=stage)
    if matches.exclude(status__in=(Match.Status.CONFIRMED, Match.Status.VOID)).exists():
        return False
    planned = competition.swiss_rounds or 0
    if stage.kind == Stage.Kind.SWISS and not competition.ended_early \
            and stage.rounds.count() < planned:
        return False
    asked = {d.match.pk for d in pending_decisions(competition)
             if d.asked.after.get("kind") != QUALIFIERS}
    return not matches.filter(pk__in=asked).exists()


def _settle(competition: Competition, before: Stage, stage: Stage, *, drawn: bool) -> None:
    try:
        seeds = seeds_for(competition, before, stage)
    except NeedsDecision as waiting:
        _ask_about_tie(competition, before, stage, waiting.ties[0])
        return
    _clear_tie_asks(competition, before)
    if not drawn:
        draw_stage(competition, stage, seeds)
    elif tuple(knockout.stage_seeds(stage)) != tuple(seeds):
        _save_seeds(stage, seeds)
        knockout.sync_knockout(competition, stage=stage)


def _last_match(competition: Competition, stage: Stage) -> Match:
    return (competition.matches.filter(round__stage=stage, status=Match.Status.CONFIRMED)
            .exclude(kind=Match.Kind.BYE).order_by("-pk").first()
            or competition.matches.filter(round__stage=stage).order_by("-pk").first())


def _tie_asks(competition: Competition, stage: Stage) -> list[AuditEntry]:
    return [entry for entry in latest_decisions(competition).values()
            if is_asked(entry) and entry.after.get("kind") == QUALIFIERS
            and entry.after.get("from_stage") == stage.pk]


def _ask_about_tie(competition: Competition, before: Stage, stage: Stage, tie: Tie) -> None:
    wanted = {"kind": QUALIFIERS, "from_stage": before.pk, "stage": stage.pk,
              "group": tie.group, "players": list(tie.players), "places": tie.places,
              "first_position": tie.first_position}
    asks = _tie_asks(competition, before)
    if any(entry.after == wanted for entry in asks):
        return
    _clear_tie_asks(competition, before)
    names = dict(competition.entries.values_list("pk", "player__name"))
    where = f" of group {tie.group}" if tie.group else ""
    places = (f"place {tie.first_position}" if tie.places == 1 else
              f"places {tie.first_position} to {tie.first_position + tie.places - 1}")
    who = ", ".join(names[p] for p in tie.players)
    comment = (f"{who} are level on everything the tiebreaks count for {places}{where}. "
               f"An organizer decides who takes {'it' if tie.places == 1 else 'them'}, "
               f"in order, before {stage} is drawn.")
    AuditEntry.objects.create(match=_last_match(competition, before),
                              action=AuditEntry.Action.NEEDS_DECISION, comment=comment,
                              after=wanted)


def _clear_tie_asks(competition: Competition, stage: Stage) -> None:
    for entry in _tie_asks(competition, stage):
        AuditEntry.objects.create(match_id=entry.match_id, action=AuditEntry.Action.NOT_NEEDED,
                                  comment="The results no longer leave this tie to decide.")


def is_tie_ask(entry: AuditEntry) -> bool:
    return entry.after.get("kind") == QUALIFIERS


def all_drawn(competition: Competition) -> bool:
    """Every stage drawn: a competition in stages is over only when its last stage is."""
    last = competition.stages.order_by("-order").first()
    return last is None or last.rounds.exists()


@dataclass(frozen=True, slots=True)
class FinalPlacing:
    rank: int
    entry: int
    stage: int  # the order of the last stage the player played in


def final_placings(competition: Competition) -> list[FinalPlacing]:
    """Over all stages: the knockout's placings first, then those who went out in the stage
    before, by their place in their group and then the stage's overall table (a rank shared by
    players level on both)."""
    stages = list(competition.stages.order_by("order"))
    if len(stages) < 2:
        return []
    first, last = stages[0], stages[-1]
    placings: list[FinalPlacing] = []
    if last.rounds.exists():
        entry_of = {e.player_id: e.pk for e in competition.entries.all()}
        placings = [FinalPlacing(p.rank, entry_of[p.player.pk], last.order)
                    for p in knockout_placings(competition, last)]
    through = {p.entry for p in placings}
    tables, overall = _ranked(competition, first)
    group_place = {r.player: r.rank for rows in tables.values() for r in rows}
    overall_place = {r.player: r.rank for r in overall}
    out = sorted((p for p in overall_place if p not in through),
                 key=lambda p: (group_place[p], overall_place[p]))
    start = len(placings)
    for i, player in enumerate(out):
        key = (group_place[player], overall_place[player])
        before = out[i - 1] if i else None
        shared = before is not None and key == (group_place[before], overall_place[before])
        rank = placings[-1].rank if shared else start + i + 1
        placings.append(FinalPlacing(rank, player, first.order))
    return placings
