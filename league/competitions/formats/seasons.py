"""A new competition in an existing season or in a new one: both saved, or neither."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from league.clubs.models import Club, Season
from league.clubs.permissions import require_organizer
from league.competitions.formats.competitions import clean_name, create_competition
from league.competitions.formats.stage_plans import StagePlan, plan_stages
from league.competitions.models import Competition
from league.core.errors import ServiceError

NAME_MAX = Season._meta.get_field("name").max_length


def create_competition_in_season(club: Club, *, actor, season: Season | None, new_season: str,
                                 stages: Sequence[StagePlan] = (),
                                 **competition: Any) -> Competition:
    """`season` of the club, or a new season named `new_season`; then create_competition, and
    its stages if it is played in stages."""
    require_organizer(actor, club)
    with transaction.atomic():
        if season is None:
            season = _new_season(club, new_season)
        elif season.club_id != club.pk:
            raise ServiceError(_("That season is not one of %(club)s's.") % {"club": club}, field="season")
        created = create_competition(season, actor=actor, **competition)
        if stages:
            plan_stages(created, stages, actor=actor)
        return created


def _new_season(club: Club, name: str) -> Season:
    name = clean_name(name, field="new_season")
    if not name:
        raise ServiceError(_("Name the new season."), field="new_season")
    if len(name) > NAME_MAX:
        raise ServiceError(_("A season's name has at most %(most)s characters.") % {"most": NAME_MAX},
                           field="new_season")
    try:
        with transaction.atomic():
            return Season.objects.create(club=club, name=name)
    except IntegrityError:
        raise ServiceError(_("%(club)s already has a season called %(name)s: choose it above.") % {"club": club, "name": name},
                           field="new_season") from None
