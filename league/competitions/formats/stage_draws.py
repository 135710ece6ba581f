"""Drawing a stage: the first stage when the competition starts (groups dealt in snake order
or by the organizer, a league, or a Swiss's round 1), a later stage from its seeds (a
knockout's bracket, or groups dealt in snake order by those seeds, or left for the organizer to
deal by hand). Group keys: "A/R1-0", a group's bye "A/R1-bye", a later group stage's keys
prefixed with its order ("S2/A/R1-0")."""

from __future__ import annotations

from collections.abc import Sequence

from django.utils import timezone
from django.utils.translation import gettext as _

from league.competitions.algorithms.groups import (
    Group,
    group_schedules,
    groups_by_hand,
    snake_groups,
    stage_rounds,
)
from league.competitions.formats import knockout, swiss_rounds
from league.competitions.models import (
    Competition,
    Match,
    Round,
    Stage,
    StageEntry,
)
from league.core.errors import ServiceError


def save_groups(stage: Stage, groups: Sequence[Group]) -> None:
    StageEntry.objects.bulk_create(
        StageEntry(stage=stage, entry_id=player, group=g.label, seed=seed)
        for seed, (g, player) in enumerate(((g, p) for g in groups for p in g.players), start=1)
    )


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


def dealt_groups(stage: Stage) -> list[list[int]]:
    """The stage's groups as saved (entry ids in seed order), labels in order."""
    dealt = list(StageEntry.objects.filter(stage=stage).order_by("seed"))
    labels = list(dict.fromkeys(p.group for p in dealt))
    return [[p.entry_id for p in dealt if p.group == label] for label in labels]


def _groups_at_start(stage: Stage, seeds: list[int]) -> tuple[Group, ...]:
    if stage.dealing == Stage.Dealing.BY_HAND:
        members = [[e for e in group if e in seeds] for group in dealt_groups(stage)]
        if {e for g in members for e in g} != set(seeds):
            raise ServiceError(_("Deal every player into a group before starting."), field="groups")
        StageEntry.objects.filter(stage=stage).delete()
        try:
            groups = groups_by_hand(members)
        except ValueError as error:
            raise ServiceError(str(error), field="groups") from None
    else:
        groups = snake_groups_of(stage, seeds)
    save_groups(stage, groups)
    return groups


def snake_groups_of(stage: Stage, seeds: Sequence[int]) -> tuple[Group, ...]:
    try:
        return snake_groups(seeds, stage.groups or 1)
    except ValueError as error:
        raise ServiceError(_("%(stage)s: %(error)s.") % {"stage": stage, "error": error}, field="groups") from None


def draw_stage(competition: Competition, stage: Stage, seeds: Sequence[int]) -> None:
    """A later stage from its seeds, best first: a knockout's bracket, or groups dealt in snake
    order (or, dealt by hand, the organizer's groups of exactly these players; until the
    organizer has dealt them, the stage waits with its players undealt)."""
    if stage.is_knockout:
        save_seeds(stage, seeds)
        knockout.draw_bracket(competition, list(seeds), stage)
        return
    groups = _later_groups(stage, seeds)
    if groups is None:
        save_seeds(stage, seeds)  # undealt ("" groups): the organizer deals them
        return
    StageEntry.objects.filter(stage=stage).delete()
    save_groups(stage, groups)
    _draw_groups(competition, stage, groups)


def _later_groups(stage: Stage, seeds: Sequence[int]) -> tuple[Group, ...] | None:
    """The groups a later stage is drawn with from these seeds; None while a stage dealt by hand
    has no dealing of exactly these players."""
    if stage.dealing != Stage.Dealing.BY_HAND:
        return snake_groups_of(stage, seeds)
    dealt = dealt_groups(stage)
    if any(not p.group for p in StageEntry.objects.filter(stage=stage)) or \
            {e for g in dealt for e in g} != set(seeds):
        return None
    return groups_by_hand(dealt)


def save_seeds(stage: Stage, seeds: Sequence[int]) -> None:
    StageEntry.objects.filter(stage=stage).delete()
    StageEntry.objects.bulk_create(StageEntry(stage=stage, entry_id=e, seed=i)
                                   for i, e in enumerate(seeds, start=1))
