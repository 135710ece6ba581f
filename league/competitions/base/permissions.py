"""Who may act on a match: its two players, or an organizer of its club. Views check these, and every service checks them again."""

from __future__ import annotations

from league.clubs.permissions import User, is_organizer
from league.competitions.models import Match
from league.core.errors import NotAllowed


def side_of(user: User, match: Match) -> str | None:
    """'A' or 'B' when the user plays in the match, else None."""
    return side_of_account(user.pk, match) if user.is_authenticated else None


def side_of_account(user_id: int | None, match: Match) -> str | None:
    """'A' or 'B' when the account of that id plays in the match (the reporter of a result,
    read without reading the account), else None."""
    if user_id is None:
        return None
    for side, entry in (("A", match.entry_a), ("B", match.entry_b)):
        if entry is not None and entry.player.user_id == user_id:
            return side
    return None


def require_player_or_organizer(user: User, match: Match) -> None:
    if side_of(user, match) is None and not is_organizer(user, match.competition.season.club):
        raise NotAllowed("Only the two players of this match or an organizer of the club may do this.")
