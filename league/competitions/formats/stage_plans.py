"""The plan of a competition in stages, checked and saved while it is a draft: each stage's
kind, groups, who qualifies and how they are seeded; and the kinds of decision the stages ask
the organizer for."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise

from django.db import transaction
from django.utils.translation import gettext as _

from league.clubs.permissions import require_organizer
from league.competitions.formats.decisions import REDRAW_STAGE
from league.competitions.models import Competition, Stage, StageEntry
from league.core.errors import ServiceError

QUALIFIERS = "qualifiers"  # the kind of decision a tie at the cut line asks for
REDRAW = REDRAW_STAGE  # the kind of decision a played group stage's changed qualifiers ask for
KEPT = "kept"  # a Stage.decided entry: the stage kept as drawn against these seeds
FIRST_KINDS = (Stage.Kind.GROUPS, Stage.Kind.LEAGUE, Stage.Kind.SWISS)
KNOCKOUT_KINDS = (Stage.Kind.SINGLE_ELIMINATION, Stage.Kind.DOUBLE_ELIMINATION)
TABLE_KINDS = (Stage.Kind.GROUPS, Stage.Kind.LEAGUE)
LATER_KINDS = (*TABLE_KINDS, *KNOCKOUT_KINDS)


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
        raise ServiceError(_("The stages are set before the competition starts."))
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
        raise ServiceError(_("A competition in stages has two or more; one stage is its format."))
    first = plans[0]
    if first.kind not in FIRST_KINDS:
        raise ServiceError(_("The first stage is round-robin groups, a league or a Swiss."),
                           field="kind")
    for order, (before, plan) in enumerate(pairwise(plans), start=2):
        if plan.kind not in LATER_KINDS:
            raise ServiceError(_("Stage %(order)s is round-robin groups, a league or a knockout (a Swiss is only a first stage).") % {"order": order}, field="kind")
        if before.kind in KNOCKOUT_KINDS:
            raise ServiceError(_("A knockout is the last stage."), field="kind")
        if plan.qualify not in Stage.Qualify.values or plan.qualifiers < 1:
            raise ServiceError(_("Say who goes through to stage %(order)s: the top K of each group or overall.") % {"order": order}, field="qualifiers")
        if plan.seeding not in Stage.Seeding.values:
            raise ServiceError(_("Unknown seeding of stage %(order)s.") % {"order": order}, field="seeding")
        if plan.seeding == Stage.Seeding.CROSS_GROUP and plan.kind not in KNOCKOUT_KINDS:
            raise ServiceError(_("Cross-group seeding is a knockout's: groups are dealt by "
                               "standing or by rating."), field="seeding")
        if plan.seeding == Stage.Seeding.CROSS_GROUP and (
                plan.qualify != Stage.Qualify.EACH_GROUP or before.kind != Stage.Kind.GROUPS):
            raise ServiceError(_("Cross-group seeding needs the top K of each group."),
                               field="seeding")
    for order, plan in enumerate(plans, start=1):
        if plan.kind == Stage.Kind.GROUPS and plan.groups < 1:
            raise ServiceError(_("Say how many groups stage %(order)s has.") % {"order": order}, field="groups")


def awaits_dealing(stage: Stage) -> bool:
    """A later stage dealt by hand, its qualifiers known, waiting for the organizer's groups."""
    return (stage.order > 1 and stage.dealing == Stage.Dealing.BY_HAND
            and not stage.rounds.exists()
            and StageEntry.objects.filter(stage=stage, group="").exists())
