"""An organizer's care of the club's player records: rename, merge two records of one person,
retire and bring back.

A merge moves everything of the merged record to the survivor: its entries (and with them the
games and results of its matches), its account link; the ratings are derived from the results,
so the merged record's rows go, and after the commit `players_merged` (league.clubs.signals)
tells the apps that derive from the results (the ratings app computes the club's again).
"""

from __future__ import annotations

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext

from league.clubs.models import Player
from league.clubs.permissions import require_organizer
from league.clubs.services.players import clean_player_name
from league.clubs.signals import players_merged
from league.core.errors import ServiceError


def rename_player(player: Player, *, actor, name: str) -> Player:
    """The player's new name, in its one form; a name the club has already (in any case, on
    another player) is refused on the name field."""
    require_organizer(actor, player.club)
    name = clean_player_name(name)
    clash = ServiceError(gettext("%(club)s already has a player called %(name)s.")
                                 % {"club": player.club, "name": name}, field="name")
    try:
        with transaction.atomic():
            player = Player.objects.select_for_update().select_related("club").get(pk=player.pk)
            if (Player.objects.filter(club=player.club, name__iexact=name)
                    .exclude(pk=player.pk).exists()):
                raise clash
            player.name = name
            player.save(update_fields=["name"])
    except IntegrityError:  # the same name given at the same instant
        raise clash from None
    return player


def retire_player(player: Player, *, actor) -> Player:
    """Offer the player for no new entry; entries, results and ratings stay."""
    return _set_retired(player, actor=actor, retired=True)


def bring_back_player(player: Player, *, actor) -> Player:
    return _set_retired(player, actor=actor, retired=False)


def _set_retired(player: Player, *, actor, retired: bool) -> Player:
    require_organizer(actor, player.club)
    with transaction.atomic():
        player = Player.objects.select_for_update().select_related("club").get(pk=player.pk)
        if player.is_retired == retired:
            said = (gettext("%(player)s is retired already.") if retired
                    else gettext("%(player)s is not retired already."))
            raise ServiceError(said % {"player": player.name})
        player.retired_at = timezone.now() if retired else None
        player.save(update_fields=["retired_at"])
    return player


def merge_players(survivor: Player, merged: Player, *, actor) -> Player:
    """Make `merged` part of `survivor` (two records of one person) and delete it. Refused
    when both played in the same competition (one person cannot have two entries), when both
    belong to different accounts, or across clubs."""
    require_organizer(actor, survivor.club)
    if survivor.pk == merged.pk:
        raise ServiceError(gettext("Choose two different players to merge."), field="merged")
    if survivor.club_id != merged.club_id:
        raise ServiceError(gettext("Only two players of the same club can be merged."), field="merged")
    with transaction.atomic():
        locked = {p.pk: p for p in Player.objects.select_for_update().select_related("club")
                  .filter(pk__in=[survivor.pk, merged.pk]).order_by("pk")}
        if len(locked) != 2:
            raise ServiceError(gettext("One of the two players no longer exists."), field="merged")
        survivor, merged = locked[survivor.pk], locked[merged.pk]
        list(survivor.entries.select_for_update().order_by("pk"))
        moved = list(merged.entries.select_for_update().order_by("pk"))
        _require_mergeable(survivor, merged, moved)
        merged.entries.update(player=survivor)
        merged.ratings.all().delete()
        user = merged.user
        merged.delete()  # before the account moves: one player per account in a club
        if survivor.user_id is None and user is not None:
            survivor.user = user
        survivor.save()  # the competition pages of the moved entries are forgotten too
        club = survivor.club
        transaction.on_commit(lambda: players_merged.send(sender=Player, club=club))
    return survivor


def _require_mergeable(survivor: Player, merged: Player, moved: list) -> None:
    both = (survivor.entries.filter(competition__in=[entry.competition_id for entry in moved])
            .select_related("competition").order_by("competition__name"))
    shared = sorted({entry.competition.name for entry in both})
    if shared:
        raise ServiceError(
            gettext("%(survivor)s and %(merged)s both played in %(competitions)s: they are two "
                    "people, or one of the entries is a mistake to withdraw first.")
            % {"survivor": survivor.name, "merged": merged.name,
               "competitions": ", ".join(shared)}, field="merged")
    if survivor.user_id and merged.user_id and survivor.user_id != merged.user_id:
        raise ServiceError(gettext("%(survivor)s and %(merged)s belong to two different accounts: "
                                   "they are two people.")
                                   % {"survivor": survivor.name,
                                      "merged": merged.name}, field="merged")
