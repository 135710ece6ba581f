"""Who may act on a match: its two players, or an organizer of its club. Views check these, and every service checks them again.

An organizer's decision on a match (correcting its result or a hand, recording a forfeit or a
no-show, entering it from paper, confirming it for a player, resolving its dispute, deciding
it after a correction, setting its time or play-by date, dismissing a flag, recording a ruling
on it) is never his own: an organizer who plays in the match is refused, and another organizer
of the club decides (`require_deciding_organizer`)."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from league.clubs.permissions import User, is_organizer, organizes_club
from league.competitions.base.actors import table_actor_of
from league.competitions.models import Match
from league.core.errors import NotAllowed


def side_of(user: User, match: Match) -> str | None:
    """'A' or 'B' when the user plays in the match (the match's table link: the side it acts
    for), else None."""
    if (table := table_actor_of(user, match)) is not None:
        return table.side or None
    return side_of_account(user.pk, match) if user.is_authenticated else None


def viewer_in(user: User, accounts: tuple[int | None, int | None], club_id: int
              ) -> tuple[str | None, bool]:
    """A signed-in account's side ("A" or "B", None) in a match whose players' accounts are
    `accounts`, and whether it organizes the match's club, as side_of and is_organizer decide
    them (for an account, not a table link)."""
    if not user.is_authenticated:
        return None, False
    side = "A" if accounts[0] == user.pk else "B" if accounts[1] == user.pk else None
    return side, organizes_club(user, club_id)


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
    if table_actor_of(user, match) is not None:
        return  # the players at the match's table, through its link
    if side_of(user, match) is None and not is_organizer(user, match.competition.season.club):
        raise NotAllowed(_("Only the two players of this match or an organizer of the club may do this."))


def may_decide(user: User, match: Match) -> bool:
    """An organizer of the match's club who does not play in it."""
    return side_of(user, match) is None and is_organizer(user, match.competition.season.club)


# The decisions callers name (`what`), for the catalogs: each is shown in the reader's language.
DECISIONS = (
    gettext_noop("decide it"), gettext_noop("enter this table's result"),
    gettext_noop("correct a confirmed result"), gettext_noop("record a forfeit or a no-show"),
    gettext_noop("set its time"), gettext_noop("give it a later play-by date"),
    gettext_noop("dismiss a flag on its hands"), gettext_noop("correct its hands"),
    gettext_noop("enter it from paper"), gettext_noop("record a ruling on it"),
)


def require_deciding_organizer(user: User, match: Match, what: str) -> None:
    """The organizer's decision `what` ("correct a confirmed result") on the match: refused to
    anyone but an organizer of its club, and to an organizer who plays in it."""
    if not is_organizer(user, match.competition.season.club):
        raise NotAllowed(_("Only an organizer of the club may %(what)s.") % {"what": _(what)})
    if side_of(user, match) is not None:
        raise NotAllowed(_("You play in this match: another organizer of the club must %(what)s.")
                         % {"what": _(what)})
