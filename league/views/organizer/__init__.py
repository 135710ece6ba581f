"""The organizer's pages of a club and its competitions (issue 7)."""

from .create import new_competition
from .dashboard import add_player, claim_link, dashboard
from .entries import entries, late_entry, new_entrant, seeds, start, withdraw
from .matches import decide, matches

__all__ = ["add_player", "claim_link", "dashboard", "decide", "entries", "late_entry", "matches",
           "new_competition", "new_entrant", "seeds", "start", "withdraw"]
