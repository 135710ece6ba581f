"""A player's private calendar address: a signed token naming the player, the version of the
address and the account that owns the player. Whoever holds it reads the player's calendar without
signing in; the player makes a new address (a new version) to revoke the old one, and the address
stops working when the player has no account or another one (the account deleted, the player
claimed by someone else). The token carries no time: the address is the same each time the
player's page shows it, until a new one revokes it."""

from __future__ import annotations

from django.core import signing
from django.db import transaction
from django.db.models import F
from django.utils.translation import gettext

from league.clubs.models import Player
from league.clubs.signals import user_players_changed
from league.core.errors import NotAllowed, ServiceError

CALENDAR_SALT = "clubs.player-calendar"
_SIGNER = signing.Signer(salt=CALENDAR_SALT)


def calendar_token(player: Player) -> str:
    return calendar_token_of(player.pk, player.calendar_version, player.user_id)


def calendar_token_of(player_id: int, calendar_version: int, user_id: int | None) -> str:
    """The token of this player's address at this version, owned by this account."""
    return _SIGNER.sign_object([player_id, calendar_version, user_id], compress=True)


def player_of_calendar_token(token: str) -> Player | None:
    """The player the token names, None when it is altered, revoked (an older version) or
    made for another owner of the player, or for none."""
    try:
        player_id, version, owner_id = _SIGNER.unsign_object(token)
    except (signing.BadSignature, ValueError, TypeError):
        return None
    if owner_id is None:
        return None
    return Player.objects.filter(pk=player_id, calendar_version=version,
                                 user_id=owner_id).first()


def new_calendar_address(player_id: int, *, actor) -> Player:
    """The player's own account makes a new address; the old one stops working at once."""
    with transaction.atomic():
        player = Player.objects.select_for_update().filter(pk=player_id).first()
        if player is None:
            raise ServiceError(gettext("No such player."))
        if not actor.is_authenticated or player.user_id != actor.pk:
            raise NotAllowed(gettext("Only the player's own account may change their calendar "
                                     "address."))
        Player.objects.filter(pk=player.pk).update(calendar_version=F("calendar_version") + 1)
        player.refresh_from_db(fields=["calendar_version"])
        user_players_changed([actor.pk])  # his cached addresses' versions
        return player
