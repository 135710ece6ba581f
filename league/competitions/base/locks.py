"""The row locks the services take. One order everywhere: a competition before its matches
(FOR NO KEY UPDATE), a match before its games and hands; each lock is held until the
transaction ends."""

from __future__ import annotations

from django.utils.translation import gettext as _

from league.competitions.models import Match
from league.core.errors import ServiceError


def locked_match(match_id: int) -> Match:
    """The match, its row locked until the transaction ends, with what permissions read."""
    try:
        return (
            Match.objects.select_for_update(of=("self",))
            .select_related("competition__season__club", "entry_a__player", "entry_b__player")
            .get(pk=match_id)
        )
    except Match.DoesNotExist:
        raise ServiceError(_("No such match.")) from None
