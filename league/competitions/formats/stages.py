"""Competitions played in stages, two or more in order: a first stage of round-robin groups, a
league or a Swiss; then any number of round-robin group stages; then, if it ends in one, a
knockout (a knockout is always the last stage, a Swiss always the first). Each later stage
names who qualifies from the stage before it (the top K of each group, or overall) and how they
are seeded.

- The first stage is drawn when the competition starts: the seeded players dealt into groups
  (snake order, or the organizer's groups) and each group's round robin, the groups' rounds side
  by side (keys "A/R1-0", a group's bye "A/R1-bye"; a later group stage's keys start with its
  order, "S2/A/R1-0"); or round 1 of a Swiss.
- When every match of a stage is confirmed (and the Swiss has played its rounds), the next
  stage's qualifiers come from the stage's tables (its tiebreaks already applied); players the
  tiebreaks leave level at the cut line, or on places the next stage's seeding depends on, are
  the organizer's decision (an audit entry "needs decision" on the stage's last match, one tie
  at a time). Then the next stage is drawn from its seeds: a knockout's bracket, or groups dealt
  in snake order by those seeds; a later stage dealt by hand waits for the organizer's groups
  of the qualifiers.
- A correction to an earlier stage after the next was drawn changes the next stage's seeds:
  a knockout's bracket is seated again where nothing has started, and a started match the new
  seeds move away from asks for the organizer's decision, as any knockout correction does
  (league.competitions.formats.knockout). A group stage nobody has played in yet is drawn again; one
  already played in asks the organizer once: keep it as drawn, or draw it again (its matches
  removed, kept in the competition's audit).
- A stage drawn again takes the stages after it along: each drawn one nobody has played in is
  removed and waits for the stage before it; a played one asks the organizer the same way. The
  removed results are rated again (a follow-up from the week of the earliest).
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from datetime import datetime
from itertools import pairwise

from django.db import transaction
from django.db.models import Min
from django.utils import timezone

from league.clubs.permissions import require_organizer
from league.competitions.algorithms.groups import (
    Group,
    group_schedules,
    groups_by_hand,
    snake_groups,
    stage_rounds,
)
from league.competitions.algorithms.qualification import (
    NeedsDecision,
    Qualification,
    Seeding,
    Tie,
    next_stage_seeds,
    top_of_each_group,
    top_overall,
)
from league.competitions.algorithms.standings import league_table
from league.competitions.base.outbox import record_rate_again
from league.competitions.base.seeding import current_ratings
from league.competitions.formats import knockout, swiss_rounds
from league.competitions.formats.decisions import (
    REDRAW_STAGE,
    is_asked,
    latest_decisions,
    pending_decisions,
)
from league.competitions.formats.swiss_corrections import recheck_later_rounds
from league.competitions.models import (
    AuditEntry,
    Competition,
    CompetitionAudit,
    Match,
    Round,
    Stage,
    StageEntry,
)
from league.competitions.standings.services import (
    StandingsTable,
    confirmed_results,
    knockout_placings,
    points_of,
    table_of_entries,
    tiebreaks_of,
)
from league.core.errors import ServiceError

QUALIFIERS = "qualifiers"  # the kind of decision a tie at the cut line asks for
REDRAW = REDRAW_STAGE  # the kind of decision a played group stage's changed qualifiers ask for
KEPT = "kept"  # a Stage.decided entry: the stage kept as drawn against these seeds
FIRST_KINDS = (Stage.Kind.GROUPS, Stage.Kind.LEAGUE, Stage.Kind.SWISS)
KNOCKOUT_KINDS = (Stage.Kind.SINGLE_ELIMINATION, Stage.Kind.DOUBLE_ELIMINATION)
TABLE_KINDS = (Stage.Kind.GROUPS, Stage.Kind.LEAGUE)
LATER_KINDS = (*TABLE_KINDS, *KNOCKOUT_KINDS)


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
    stage of groups, a league or a Swiss; later group stages; a knockout last, if any. An empty
    list leaves the competition in one stage."""
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
    if not plans:
        return
    if len(plans) < 2:
        raise ServiceError("A competition in stages has two or more; one stage is its format.")
    first = plans[0]
    if first.kind not in FIRST_KINDS:
        raise ServiceError("The first stage is round-robin groups, a league or a Swiss.",
                           field="kind")
    for order, (before, plan) in enumerate(pairwise(plans), start=2):
        if plan.kind not in LATER_KINDS:
            raise ServiceError(f"Stage {order} is round-robin groups, a league or a knockout "
                               "(a Swiss is only a first stage).", field="kind")
        if before.kind in KNOCKOUT_KINDS:
            raise ServiceError("A knockout is the last stage.", field="kind")
        if plan.qualify not in Stage.Qualify.values or plan.qualifiers < 1:
            raise ServiceError(f"Say who goes through to stage {order}: the top K of each group "
                               "or overall.", field="qualifiers")
        if plan.seeding not in Stage.Seeding.values:
            raise ServiceError(f"Unknown seeding of stage {order}.", field="seeding")
        if plan.seeding == Stage.Seeding.CROSS_GROUP and plan.kind not in KNOCKOUT_KINDS:
            raise ServiceError("Cross-group seeding is a knockout's: groups are dealt by "
                               "standing or by rating.", field="seeding")
        if plan.seeding == Stage.Seeding.CROSS_GROUP and (
                plan.qualify != Stage.Qualify.EACH_GROUP or before.kind != Stage.Kind.GROUPS):
            raise ServiceError("Cross-group seeding needs the top K of each group.",
                               field="seeding")
    for order, plan in enumerate(plans, start=1):
        if plan.kind == Stage.Kind.GROUPS and plan.groups < 1:
            raise ServiceError(f"Say how many groups stage {order} has.", field="groups")


def deal_by_hand(stage_id: int, groups: Sequence[Sequence[int]], *, actor,
                 uneven: bool = False) -> Stage:
    """The organizer's groups (entry ids, best first in each group) for a group stage dealt by
    hand, before it is drawn: the first stage's while the competition is a draft (kept until it
    starts), a later stage's once its qualifiers are known (then it is drawn at once). Every
    player of the stage in exactly one group, every group of two or more, and the groups' sizes
    within one of each other unless `uneven`."""
    with transaction.atomic():
        competition_id = Stage.objects.filter(pk=stage_id).values_list(
            "competition_id", flat=True).first()
        if competition_id is None:
            raise ServiceError("No such stage.")
        competition = (Competition.objects.select_for_update(of=("self",))
                       .select_related("season__club").get(pk=competition_id))
        require_organizer(actor, competition.season.club)
        stage = Stage.objects.select_for_update().get(pk=stage_id)
        allowed = dealing_players(competition, stage)
        if allowed is None:
            raise ServiceError(dealing_refusal(competition, stage))
        try:
            dealt = groups_by_hand(groups)
        except ValueError as error:
            raise ServiceError(str(error), field="groups") from None
        placed = {p for g in dealt for p in g.players}
        if placed - set(allowed):
            raise ServiceError("Only the stage's players are dealt.", field="groups")
        if placed != set(allowed):
            raise ServiceError("Deal every player of the stage into a group.", field="groups")
        sizes = [len(g.players) for g in dealt]
        if not uneven and max(sizes) - min(sizes) > 1:
            raise ServiceError("The groups' sizes differ by more than one: even them out, or "
                               "say the groups are meant to be uneven.", field="groups")
        StageEntry.objects.filter(stage=stage).delete()
        _save_groups(stage, dealt)
        stage.dealing, stage.groups = Stage.Dealing.BY_HAND, len(dealt)
        stage.save(update_fields=["dealing", "groups"])
        if stage.order > 1:
            progress_stages(competition)  # drawn from the dealing
        return stage


def dealing_players(competition: Competition, stage: Stage) -> list[int] | None:
    """The entries the organizer deals into the stage's groups, best first, or None when the
    stage cannot be dealt now: a draft's first group stage (every entrant not withdrawn), or a
    later group stage dealt by hand whose qualifiers are known and that is not drawn yet."""
    if stage.kind != Stage.Kind.GROUPS or stage.rounds.exists():
        return None
    if stage.order == 1:
        if competition.status != Competition.Status.DRAFT:
            return None
        return list(competition.entries.filter(withdrawn_at__isnull=True)
                    .order_by("seed", "player__name").values_list("pk", flat=True))
    if competition.status == Competition.Status.DRAFT or stage.dealing != Stage.Dealing.BY_HAND:
        return None
    waiting = list(StageEntry.objects.filter(stage=stage).order_by("seed")
                   .values_list("entry_id", flat=True))
    return waiting or None


def dealing_refusal(competition: Competition, stage: Stage) -> str:
    if stage.kind != Stage.Kind.GROUPS:
        return "Only a stage of round-robin groups is dealt into groups."
    if stage.rounds.exists():
        return "This stage is drawn: its groups are played as dealt."
    if stage.order == 1:
        return "The first stage's groups are dealt before the competition starts."
    return "This stage is dealt by hand once the stage before it has its qualifiers."


def suggested_dealing(stage: Stage, players: Sequence[int]) -> dict[str, str]:
    """The dealing page's start: the groups dealt before, else the snake order by seed, as
    {"p<entry id>": group label}."""
    dealt = dict(StageEntry.objects.filter(stage=stage).exclude(group="")
                 .values_list("entry_id", "group"))
    if set(dealt) == set(players):
        return {f"p{pk}": label for pk, label in dealt.items()}
    try:
        groups = snake_groups(players, stage.groups or 1)
    except ValueError:
        return {}
    return {f"p{pk}": g.label for g in groups for pk in g.players}


def awaits_dealing(stage: Stage) -> bool:
    """A later stage dealt by hand, its qualifiers known, waiting for the organizer's groups."""
    return (stage.order > 1 and stage.dealing == Stage.Dealing.BY_HAND
            and not stage.rounds.exists()
            and StageEntry.objects.filter(stage=stage, group="").exists())


def _save_groups(stage: Stage, groups: Sequence[Group]) -> None:
    StageEntry.objects.bulk_create(
        StageEntry(stage=stage, entry_id=player, group=g.label, seed=seed)
        for seed, (g, player) in enumerate(((g, p) for g in groups for p in g.players), start=1)
    )


# Drawing --------------------------------------------------------------------------------------


def draw_first_stage(competition: Competition, seeds: list[int]) -> None:
    """Called by the start of the competition, with the seeded entries best first."""
    stage = competition.stages.order_by("order").first()
    if stage.kind == Stage.Kind.SWISS:
        StageEntry.objects.bulk_create(StageEntry(stage=stage, entry_id=e, seed=i)
                                       for i, e in enumerate(seeds, start=1))
        swiss_rounds.pair_swiss_round(competition, 1)
        return
    _draw_groups(competition, stage, _groups_at_start(stage, seeds))


def _draw_groups(competition: Competition, stage: Stage, groups: Sequence[Group]) -> None:
    """Each group's round robin, the groups' rounds side by side."""
    prefix = "" if stage.order == 1 else f"S{stage.order}/"
    schedules = group_schedules(groups, double=competition.double_round_robin)
    byes = {(s.group.label, r.number): r.bye for s in schedules for r in s.rounds
            if r.bye is not None}
    now = timezone.now()
    matches = []
    for number, fixtures in enumerate(stage_rounds(schedules), start=1):
        name = f"Round {number}" if stage.order == 1 else f"Stage {stage.order}, round {number}"
        round_ = Round.objects.create(competition=competition, stage=stage, number=number,
                                      name=name)
        for item in fixtures:
            matches.append(Match(
                competition=competition, round=round_,
                key=f"{prefix}{item.group}/R{number}-{item.fixture.table - 1}",
                entry_a_id=item.fixture.dealer, entry_b_id=item.fixture.opponent,
            ))
        for label in [g.label for g in groups]:
            if (label, number) in byes:
                matches.append(Match(
                    competition=competition, round=round_, key=f"{prefix}{label}/R{number}-bye",
                    entry_a_id=byes[(label, number)], kind=Match.Kind.BYE,
                    status=Match.Status.CONFIRMED, confirmed_at=now,
                ))
    Match.objects.bulk_create(matches)


def _dealt(stage: Stage) -> list[list[int]]:
    """The stage's groups as saved (entry ids in seed order), labels in order."""
    dealt = list(StageEntry.objects.filter(stage=stage).order_by("seed"))
    labels = list(dict.fromkeys(p.group for p in dealt))
    return [[p.entry_id for p in dealt if p.group == label] for label in labels]


def _groups_at_start(stage: Stage, seeds: list[int]) -> tuple[Group, ...]:
    if stage.dealing == Stage.Dealing.BY_HAND:
        members = [[e for e in group if e in seeds] for group in _dealt(stage)]
        if {e for g in members for e in g} != set(seeds):
            raise ServiceError("Deal every player into a group before starting.", field="groups")
        StageEntry.objects.filter(stage=stage).delete()
        try:
            groups = groups_by_hand(members)
        except ValueError as error:
            raise ServiceError(str(error), field="groups") from None
    else:
        groups = _snake(stage, seeds)
    _save_groups(stage, groups)
    return groups


def _snake(stage: Stage, seeds: Sequence[int]) -> tuple[Group, ...]:
    try:
        return snake_groups(seeds, stage.groups or 1)
    except ValueError as error:
        raise ServiceError(f"{stage}: {error}.", field="groups") from None


def draw_stage(competition: Competition, stage: Stage, seeds: Sequence[int]) -> None:
    """A later stage from its seeds, best first: a knockout's bracket, or groups dealt in snake
    order (or, dealt by hand, the organizer's groups of exactly these players; until the
    organizer has dealt them, the stage waits with its players undealt)."""
    if stage.is_knockout:
        _save_seeds(stage, seeds)
        knockout.draw_bracket(competition, list(seeds), stage)
        return
    groups = _later_groups(stage, seeds)
    if groups is None:
        _save_seeds(stage, seeds)  # undealt ("" groups): the organizer deals them
        return
    StageEntry.objects.filter(stage=stage).delete()
    _save_groups(stage, groups)
    _draw_groups(competition, stage, groups)


def _later_groups(stage: Stage, seeds: Sequence[int]) -> tuple[Group, ...] | None:
    """The groups a later stage is drawn with from these seeds; None while a stage dealt by hand
    has no dealing of exactly these players."""
    if stage.dealing != Stage.Dealing.BY_HAND:
        return _snake(stage, seeds)
    dealt = _dealt(stage)
    if any(not p.group for p in StageEntry.objects.filter(stage=stage)) or \
            {e for g in dealt for e in g} != set(seeds):
        return None
    return groups_by_hand(dealt)


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


# Progress -------------------------------------------------------------------------------------


def progress_stages(competition: Competition, *, trigger: Match | None = None) -> None:
    """Bring each stage up to date, then draw (or seat again) the next stage once the one before
    is complete. The caller holds the competition's lock."""
    stages = list(competition.stages.order_by("order"))
    drawn = {s.pk for s in stages if s.rounds.exists()}
    for i, stage in enumerate(stages):
        if stage.pk not in drawn:
            continue  # a later stage may be drawn still: kept while one before is drawn again
        in_stage = trigger is not None and trigger.round.stage_id == stage.pk
        if stage.is_knockout:
            knockout.sync_knockout(competition, trigger=trigger if in_stage else None, stage=stage)
        elif stage.kind == Stage.Kind.SWISS:
            if in_stage:
                recheck_later_rounds(competition, trigger)
            if i + 1 == len(stages) or stages[i + 1].pk not in drawn:
                swiss_rounds.advance_swiss(competition)
    for before, stage in pairwise(stages):
        # Drawn now, not as the loop began: a stage drawn again above may wait for its dealing.
        if is_complete(competition, before):
            _settle(competition, before, stage, drawn=stage.rounds.exists())


def is_complete(competition: Competition, stage: Stage) -> bool:
    """Drawn, every match confirmed (or void), a Swiss's rounds all played, and no decision
    about its matches pending (a tie at its cut line is not one of them)."""
    if not stage.rounds.exists():
        return False
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
        if tuple(knockout.stage_seeds(stage)) != tuple(seeds) or not awaits_dealing(stage):
            draw_stage(competition, stage, seeds)
    elif stage.is_knockout:
        if tuple(knockout.stage_seeds(stage)) != tuple(seeds):
            _save_seeds(stage, seeds)
            knockout.sync_knockout(competition, stage=stage)
    else:
        _settle_drawn_groups(competition, stage, seeds)


def _settle_drawn_groups(competition: Competition, stage: Stage, seeds: Sequence[int]) -> None:
    """A drawn group stage whose qualifiers have changed: drawn again if nobody has played in
    it, else the organizer's decision (asked once; kept, it stands as drawn)."""
    current = _dealt(stage)
    if stage.dealing == Stage.Dealing.BY_HAND:
        unchanged = {e for g in current for e in g} == set(seeds)
    else:
        unchanged = [list(g.players) for g in _snake(stage, seeds)] == current
    asks = _redraw_asks(competition, stage)
    if unchanged or any(d.get("kind") == KEPT and d.get("seeds") == list(seeds)
                        for d in stage.decided):
        _clear_asks(asks, "The stage's players are as drawn again.")
        return
    played = _played(competition, stage)
    if not played.exists():
        _remove_draw(competition, stage, note="Drawn again: the stage before was corrected.")
        draw_stage(competition, stage, seeds)
        _after_redraw(competition, stage)
        return
    wanted = {"kind": REDRAW, "stage": stage.pk, "seeds": list(seeds)}
    if any(entry.after == wanted for entry in asks):
        return
    _clear_asks(asks, "The qualifiers changed again.")
    names = dict(competition.entries.values_list("pk", "player__name"))
    now_in = ", ".join(names[e] for e in seeds if e not in {p for g in current for p in g})
    out = ", ".join(names[e] for g in current for e in g if e not in seeds)
    moved = f" ({now_in} in, {out} out)" if now_in or out else " (the same players, seeded anew)"
    AuditEntry.objects.create(
        match=played.order_by("-pk").first(), action=AuditEntry.Action.NEEDS_DECISION,
        after=wanted,
        comment=f"A correction to the stage before changed who qualifies for {stage}{moved}, "
                "but its matches have started. An organizer keeps the stage as drawn, or has "
                "it drawn again (its matches so far removed).")


def _played(competition: Competition, stage: Stage):
    return (competition.matches.filter(round__stage=stage).exclude(kind=Match.Kind.BYE)
            .exclude(status__in=(Match.Status.PENDING, Match.Status.SCHEDULED)))


def _redraw_asks(competition: Competition, stage: Stage) -> list[AuditEntry]:
    return [entry for entry in latest_decisions(competition).values()
            if is_asked(entry) and entry.after.get("kind") == REDRAW
            and entry.after.get("stage") == stage.pk]


def _clear_asks(asks: Sequence[AuditEntry], comment: str) -> None:
    for entry in asks:
        AuditEntry.objects.create(match_id=entry.match_id, action=AuditEntry.Action.NOT_NEEDED,
                                  comment=comment)


def _remove_draw(competition: Competition, stage: Stage, *, note: str, actor=None) -> None:
    """The stage's rounds and matches removed (their games with them), kept in the audit; when
    rated results go with them, the club's ratings are rated again from the week of the
    earliest (a follow-up written in this transaction)."""
    matches = competition.matches.filter(round__stage=stage)
    record_rate_again(competition.pk, _earliest_result(matches))
    before = {"stage": stage.order, "rounds": stage.rounds.count(),
              "matches": [{"key": m.key, "entry_a": m.entry_a_id, "entry_b": m.entry_b_id,
                           "status": m.status, "winner": m.winner_id,
                           "games_a": m.games_a, "games_b": m.games_b}
                          for m in matches.exclude(kind=Match.Kind.BYE).order_by("pk")]}
    CompetitionAudit.objects.create(competition=competition, actor=actor,
                                    action=AuditEntry.Action.RESET, before=before, comment=note)
    matches.delete()
    stage.rounds.all().delete()


def _earliest_result(matches) -> datetime | None:
    """No later than the moment any rated result among the matches was played (its games, its
    first report, its confirmation): the week the ratings are rated again from. None when none
    of them is a rated result."""
    rated = matches.filter(status=Match.Status.CONFIRMED, kind=Match.Kind.PLAYED,
                           entry_a__isnull=False, entry_b__isnull=False)
    found = rated.aggregate(games=Min("games__created_at"), audit=Min("audit__at"),
                            confirmed=Min("confirmed_at"))
    return min((moment for moment in found.values() if moment is not None), default=None)


def _after_redraw(competition: Competition, redrawn: Stage, *, actor=None) -> None:
    """Every stage after one drawn again was drawn from its old qualifiers: a drawn stage nobody
    has played in is removed (kept in the audit) and waits for the stage before it, a played
    one asks the organizer once to keep it or have it drawn again; players waiting to be dealt
    into a later stage wait again. Each is drawn, or looked at again, once the stage before it
    is complete."""
    later = list(competition.stages.filter(order__gt=redrawn.order).order_by("order"))
    for stage in later:
        if not stage.rounds.exists():
            StageEntry.objects.filter(stage=stage).delete()
            continue
        played = _played(competition, stage)
        if not played.exists():
            _remove_draw(competition, stage, actor=actor,
                         note=f"Removed: {redrawn} is drawn again; {stage} is drawn once the "
                              "stage before it is played.")
            StageEntry.objects.filter(stage=stage).delete()
            continue
        wanted = {"kind": REDRAW, "stage": stage.pk, "seeds": None, "after": redrawn.pk}
        asks = _redraw_asks(competition, stage)
        if any(entry.after == wanted for entry in asks):
            continue
        _clear_asks(asks, f"{redrawn} is drawn again.")
        AuditEntry.objects.create(
            match=played.order_by("-pk").first(), action=AuditEntry.Action.NEEDS_DECISION,
            after=wanted,
            comment=f"{redrawn} is drawn again, so who goes through to {stage} may change, but "
                    f"its matches have started. An organizer keeps {stage} as drawn (looked at "
                    "again once the stage before it is played), or has it drawn again (its "
                    "matches so far removed) once the stage before it is complete.")


def is_redraw_ask(entry: AuditEntry | None) -> bool:
    return entry is not None and entry.after.get("kind") == REDRAW


def keep_stage(entry: AuditEntry) -> None:
    """The organizer keeps a played group stage as drawn against the changed qualifiers."""
    stage = Stage.objects.select_for_update().get(pk=entry.after["stage"])
    stage.decided = [*stage.decided, {"kind": KEPT, "seeds": entry.after["seeds"]}]
    stage.save(update_fields=["decided"])


def redraw_stage(competition: Competition, entry: AuditEntry, *, actor, comment: str = "") -> None:
    """The organizer has a played group stage drawn again from the changed qualifiers: its
    matches are removed (kept in the competition's audit) and it is drawn at the next
    progress."""
    stage = Stage.objects.select_for_update().get(pk=entry.after["stage"])
    _remove_draw(competition, stage, actor=actor,
                 note=comment.strip() or "Drawn again from the corrected qualifiers.")
    StageEntry.objects.filter(stage=stage).delete()
    _after_redraw(competition, stage, actor=actor)


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
    """Every stage drawn: a competition in stages is over only when its last stage is, and no
    stage before it waits to be drawn again (a later stage kept while it is)."""
    return not competition.stages.filter(rounds__isnull=True).exists()


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
