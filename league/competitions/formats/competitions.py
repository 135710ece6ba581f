"""Setting up a competition: create it, register entrants, seed them."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from gameplay.engine import EngineError, Ruleset
from league.clubs.models import Player, Season
from league.clubs.permissions import require_organizer
from league.competitions.base.page_versions import competition_changed, player_pages_changed
from league.competitions.models import Competition, Entry
from league.core.errors import ServiceError
from league.core.names import BadName, normalise_name

NAME_MAX = Competition._meta.get_field("name").max_length


def build_ruleset(preset: str = "standard", house_rules: Mapping[str, Any] | None = None) -> Ruleset:
    """A preset of docs/rules.md with house rules on top, refused with the engine's reason."""
    try:
        return Ruleset.preset(preset).but(**(house_rules or {}))
    except (EngineError, TypeError) as error:
        raise ServiceError(str(error), field="ruleset") from None


def clean_name(name: str, *, field: str = "name", most: int = NAME_MAX) -> str:
    """A competition's or season's name in its one form (league.core.names): on one line, its
    white space folded; a ServiceError about `field` when it holds a character a name may not
    have, or more than `most` characters once in that form. An empty result is the caller's to
    refuse."""
    try:
        name = normalise_name(name)
    except BadName as error:
        raise ServiceError(str(error), field=field) from None
    if len(name) > most:
        raise ServiceError(_("A name has at most %(most)s characters.") % {"most": most}, field=field)
    return name


def create_competition(season: Season, *, actor, name: str, format: str,
                       preset: str = "standard", house_rules: Mapping[str, Any] | None = None,
                       **settings: Any) -> Competition:
    require_organizer(actor, season.club)
    if format not in Competition.Format.values:
        raise ServiceError(_("Unknown format '%(format)s'.") % {"format": format}, field="format")
    rules = build_ruleset(preset, house_rules)
    name = clean_name(name)
    if not name:
        raise ServiceError(_("Give the competition's name."), field="name")
    try:
        with transaction.atomic():
            return Competition.objects.create(
                season=season, name=name, format=format, ruleset=rules.to_dict(),
                **settings,
            )
    except IntegrityError:
        raise ServiceError(_("%(season)s already has a competition called '%(name)s'.") % {"season": season, "name": name}, field="name") from None


def register_players(competition: Competition, players: Iterable[Player], *, actor) -> list[Entry]:
    """Enter players (of the competition's club) before it starts."""
    club = competition.season.club
    require_organizer(actor, club)
    if competition.status != Competition.Status.DRAFT:
        raise ServiceError(_("Entries close when the competition starts."))
    players = list(players)
    strangers = [p.name for p in players if p.club_id != club.pk]
    if strangers:
        raise ServiceError(_("Not players of %(club)s: %(names)s.") % {"club": club, "names": ', '.join(strangers)})
    retired = [p.name for p in players if p.is_retired]
    if retired:
        raise ServiceError(_("Retired, so not entered: %(names)s. Bring them back on the club's player page first.") % {"names": ', '.join(retired)})
    with transaction.atomic():
        existing = set(competition.entries.values_list("player_id", flat=True))
        new = [Entry(competition=competition, player=p) for p in players if p.pk not in existing]
        Entry.objects.bulk_create(new)
        competition_changed([competition.pk])  # bulk_create sends no signal
        player_pages_changed(club_ids=[competition.season.club_id])
    return new


def seed_entries(competition: Competition, order: list[int], *, actor) -> None:
    """Seed the entries in the given order of entry ids (seed 1 first)."""
    require_organizer(actor, competition.season.club)
    if competition.status != Competition.Status.DRAFT:
        raise ServiceError(_("Seeds are fixed when the competition starts."))
    with transaction.atomic():
        entries = {e.pk: e for e in competition.entries.select_for_update()}
        if sorted(order) != sorted(entries):
            raise ServiceError(_("Give every entry exactly one seed."))
        Entry.objects.filter(competition=competition).update(seed=None)
        for seed, entry_id in enumerate(order, start=1):
            entries[entry_id].seed = seed
        Entry.objects.bulk_update(entries.values(), ["seed"])
        competition_changed([competition.pk])  # update and bulk_update send no signal
        player_pages_changed(club_ids=[competition.season.club_id])
