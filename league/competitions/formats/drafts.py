"""A competition before and after its start: a draft is edited in full or deleted; a running
competition with no confirmed result is taken back to draft (its draw removed, audited); the
name and description are editable at any time."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from league.clubs.models import Season
from league.clubs.permissions import require_organizer
from league.competitions.base.outbox import record_statistics_recount
from league.competitions.base.page_versions import competition_changed, player_pages_changed
from league.competitions.formats.competitions import build_ruleset, clean_name
from league.competitions.formats.draws import check_field
from league.competitions.formats.stage_plans import StagePlan, plan_stages
from league.competitions.models import AuditEntry, Competition, CompetitionAudit, Match, Stage
from league.core.errors import ServiceError

DESCRIPTION_MAX = Competition._meta.get_field("description").max_length
SETTINGS = ("match_format", "match_games", "points_win", "points_draw", "points_loss",
            "tiebreaks", "double_round_robin", "third_place_match", "bracket_reset",
            "swiss_rounds", "ladder_reach", "ladder_days", "ladder_rematch_days", "hollywood")


def _locked(competition_id: int, actor) -> Competition:
    competition = (Competition.objects.select_for_update(of=("self",))
                   .select_related("season__club").filter(pk=competition_id).first())
    if competition is None:
        raise ServiceError(_("No such competition."))
    require_organizer(actor, competition.season.club)
    return competition


def _locked_draft(competition_id: int, actor, doing: str) -> Competition:
    competition = _locked(competition_id, actor)
    if competition.status != Competition.Status.DRAFT:
        refusals = {
            "edited in full": _("Only a competition not started yet can be edited in full: take "
                                "it back to draft first, if no result is confirmed."),
            "deleted": _("Only a competition not started yet can be deleted: take it back to "
                         "draft first, if no result is confirmed."),
        }
        raise ServiceError(refusals[doing])
    return competition


def describe(competition_id: int, *, actor, name: str, description: str) -> Competition:
    """The name and description, at any time."""
    with transaction.atomic():
        competition = _locked(competition_id, actor)
        _set_name(competition, name)
        competition.description = _description(description)
        _save(competition, ["name", "description"])
    return competition


def edit_draft(competition_id: int, *, actor, season: Season, name: str, description: str = "",
               format: str, preset: str, house_rules: Mapping[str, Any] | None = None,
               stages: Sequence[StagePlan] | None = None, **settings: Any) -> Competition:
    """Every setting of a draft, as the new-competition form gives them; `stages` (when given)
    the stages in order, any number of them (none: one stage). Stages planned as before are
    kept as they are, with the groups an organizer dealt by hand."""
    unknown = set(settings) - set(SETTINGS)
    if unknown:
        raise ValueError(f"not a competition setting: {sorted(unknown)}")
    if format not in Competition.Format.values:
        raise ServiceError(_("Unknown format '%(format)s'.") % {"format": format}, field="format")
    with transaction.atomic():
        competition = _locked_draft(competition_id, actor, "edited in full")
        if season.club_id != competition.season.club_id:
            raise ServiceError(_("That season is not one of the club's."), field="season")
        competition.season = season
        _set_name(competition, name)
        competition.description = _description(description)
        competition.format = format
        competition.ruleset = build_ruleset(preset, house_rules).to_dict()
        for field, value in settings.items():
            setattr(competition, field, value)
        if stages is not None and _plans_of(competition) != list(stages):
            plan_stages(competition, stages, actor=actor)
        entries = competition.entries.filter(withdrawn_at__isnull=True).count()
        if entries >= 2:
            check_field(competition, entries)
        _save(competition, ["season", "name", "description", "format", "ruleset",
                            *settings])
    return competition


def _plans_of(competition: Competition) -> list[StagePlan]:
    return [StagePlan(s.kind, groups=0 if s.kind == Stage.Kind.SWISS else s.groups,
                      dealing=s.dealing, qualify=s.qualify, qualifiers=s.qualifiers,
                      seeding=s.seeding)
            for s in competition.stages.order_by("order")]


def delete_draft(competition_id: int, *, actor) -> str:
    """Delete a competition not started; its entries go with it. Returns its name."""
    with transaction.atomic():
        competition = _locked_draft(competition_id, actor, "deleted")
        name, club_id = competition.name, competition.season.club_id
        competition.delete()
        player_pages_changed(club_ids=[club_id])
    return name


def back_to_draft(competition_id: int, *, actor, comment: str = "") -> Competition:
    """A running competition with no confirmed result goes back to draft: its rounds and
    matches (with their games and unconfirmed reports) are removed, the seeds kept, and an
    audit entry says what was removed."""
    with transaction.atomic():
        competition = _locked(competition_id, actor)
        if competition.status != Competition.Status.RUNNING:
            raise ServiceError(_("Only a running competition can be taken back to draft."))
        matches = Match.objects.select_for_update().filter(competition=competition)
        confirmed = matches.filter(status=Match.Status.CONFIRMED).exclude(
            kind=Match.Kind.BYE).count()
        if confirmed:
            raise ServiceError(ngettext(
                "%(name)s has %(confirmed)s confirmed result: it can no longer go back to draft. "
                "Correct or void results one by one instead.",
                "%(name)s has %(confirmed)s confirmed results: it can no longer go back to draft. "
                "Correct or void results one by one instead.", confirmed)
                % {"name": competition.name, "confirmed": confirmed})
        before = {"rounds": competition.rounds.count(), "matches": matches.count(),
                  "games": sum(match.games.count() for match in matches)}
        CompetitionAudit.objects.create(competition=competition, actor=actor,
                                        action=AuditEntry.Action.BACK_TO_DRAFT,
                                        before=before, comment=comment.strip())
        if matches.filter(status=Match.Status.CONFIRMED).exists():  # byes, counted as given
            record_statistics_recount(competition.pk)
        matches.delete()
        competition.rounds.all().delete()
        competition.status = Competition.Status.DRAFT
        competition.ended_early = ""
        _save(competition, ["status", "ended_early"])
    return competition


def _set_name(competition: Competition, name: str) -> None:
    name = clean_name(name)
    if not name:
        raise ServiceError(_("Give the competition's name."), field="name")
    if (Competition.objects.filter(season=competition.season, name__iexact=name)
            .exclude(pk=competition.pk).exists()):
        raise ServiceError(_("%(season)s already has a competition called %(name)s.") % {"season": competition.season, "name": name},
                           field="name")
    competition.name = name


def _description(text: str) -> str:
    text = text.strip()
    if len(text) > DESCRIPTION_MAX:
        raise ServiceError(_("The description has at most %(most)s characters.") % {"most": DESCRIPTION_MAX},
                           field="description")
    return text


def _save(competition: Competition, fields: list[str]) -> None:
    try:
        with transaction.atomic():
            competition.save(update_fields=fields)
    except IntegrityError:  # the same name given at the same instant
        raise ServiceError(_("%(season)s already has a competition called %(name)s.") % {"season": competition.season, "name": competition.name}, field="name") from None
    competition_changed([competition.pk])
    player_pages_changed(club_ids=[competition.season.club_id])
