"""The organizer's pages of a club and its competitions."""

from league.competitions.views.organizer.create import new_competition
from league.competitions.views.organizer.dealing import stage_groups
from league.competitions.views.organizer.edit import back_to_draft, delete, edit
from league.competitions.views.organizer.entries import (
    entries,
    late_entry,
    new_entrant,
    seeds,
    start,
    withdraw,
)
from league.competitions.views.organizer.matches import choose, decide, matches
from league.competitions.views.organizer.players import add_players
from league.competitions.views.organizer.schedule import overdue, round_dates, weekly_dates

__all__ = ["add_players", "back_to_draft", "choose", "decide", "delete", "edit", "entries",
           "late_entry", "matches", "new_competition", "new_entrant", "overdue", "round_dates",
           "seeds", "stage_groups", "start", "weekly_dates", "withdraw"]
