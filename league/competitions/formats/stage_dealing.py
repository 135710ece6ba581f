"""The organizer deals a group stage by hand: the first stage's groups while the competition is
a draft, a later stage's once its qualifiers are known (drawn at once from the dealing)."""

from __future__ import annotations

from collections.abc import Sequence

from django.db import transaction
from django.utils.translation import gettext as _

from league.clubs.permissions import require_organizer
from league.competitions.algorithms.groups import (
    groups_by_hand,
    snake_groups,
)
from league.competitions.formats.stage_draws import save_groups
from league.competitions.formats.stages import progress_stages
from league.competitions.models import (
    Competition,
    Stage,
    StageEntry,
)
from league.core.errors import ServiceError


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
            raise ServiceError(_("No such stage."))
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
            raise ServiceError(_("Only the stage's players are dealt."), field="groups")
        if placed != set(allowed):
            raise ServiceError(_("Deal every player of the stage into a group."), field="groups")
        sizes = [len(g.players) for g in dealt]
        if not uneven and max(sizes) - min(sizes) > 1:
            raise ServiceError(_("The groups' sizes differ by more than one: even them out, or "
                               "say the groups are meant to be uneven."), field="groups")
        StageEntry.objects.filter(stage=stage).delete()
        save_groups(stage, dealt)
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
        return _("Only a stage of round-robin groups is dealt into groups.")
    if stage.rounds.exists():
        return _("This stage is drawn: its groups are played as dealt.")
    if stage.order == 1:
        return _("The first stage's groups are dealt before the competition starts.")
    return _("This stage is dealt by hand once the stage before it has its qualifiers.")


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
