"""The organizer's pages of a club and its competitions."""

from competitions.views.organizer.create import new_competition
from competitions.views.organizer.entries import (
    entries,
    late_entry,
    new_entrant,
    seeds,
    start,
    withdraw,
)
from competitions.views.organizer.matches import choose, decide, matches
from competitions.views.organizer.players import add_players

__all__ = ["add_players", "choose", "decide", "entries", "late_entry", "matches",
           "new_competition", "new_entrant", "seeds", "start", "withdraw"]
