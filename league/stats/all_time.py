"""Each player's longest runs over all his club's seasons (models.AllTimeRuns), counted as the
season rows' runs are (runs.py: his counted matches in the order their results were confirmed;
a result without play is no match counted, so it neither extends nor breaks a run), but over
every season, since a run may cross from one season into the next.

- `keep_player_runs`: one player's row counted again, whole, in the statistics follow-up's
  transaction beside his season row: one query over his own matches (through his entries' ids),
  whatever the club's history.
- `club_runs`: every player of the club at once, for a whole season counted again
  (season_count.py): one query over the club's counted matches.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable

from django.db.models import Q

from league.clubs.models import Player

from .counted import counted_matches, with_entry_ids
from .models import AllTimeRuns

WON, DRAWN, LOST = "won", "drawn", "lost"


def longest_runs(outcomes: Iterable[str]) -> tuple[int, int]:
    """(the longest winning run, the longest unbeaten run) of these outcomes, in their order."""
    winning = unbeaten = won_now = unbeaten_now = 0
    for outcome in outcomes:
        won_now = won_now + 1 if outcome == WON else 0
        unbeaten_now = unbeaten_now + 1 if outcome != LOST else 0
        winning, unbeaten = max(winning, won_now), max(unbeaten, unbeaten_now)
    return winning, unbeaten


def _in_order(matches):
    return matches.order_by("confirmed_at", "pk")


def player_outcomes(player: Player) -> list[str]:
    """His outcome of each of his counted matches, in the order their results were confirmed:
    one query (his entries' ids read first unless he carries them)."""
    if getattr(player, "entry_ids", None) is None:
        with_entry_ids(player)
    mine = player.entry_ids
    matches = counted_matches(player.club_id).filter(Q(entry_a_id__in=mine)
                                                     | Q(entry_b_id__in=mine))
    return [DRAWN if winner is None else WON if winner in mine else LOST
            for winner in _in_order(matches).values_list("winner_id", flat=True)]


def keep_player_runs(player: Player) -> AllTimeRuns | None:
    """His row counted again and written. His row is locked before his matches are read: of two
    follow-ups for him (results of two seasons), the second counts after the first has
    written. Called with his season row already locked (summaries.refresh): that order, the
    season's row first, is the bulk count's too (season_count.count_season)."""
    row, _ = AllTimeRuns.objects.select_for_update().get_or_create(
        player=player, defaults={"club_id": player.club_id})
    outcomes = player_outcomes(player)
    if not outcomes:  # no counted match of his left: no row, as the club's count gives none
        row.delete()
        return None
    row.winning_run, row.unbeaten_run = longest_runs(outcomes)
    row.save()
    return row


def club_runs(club_id: int) -> list[AllTimeRuns]:
    """A row for every player of the club with a counted match: one query, in the matches'
    order, each seen from both sides."""
    rows = _in_order(counted_matches(club_id)).values_list(
        "entry_a__player_id", "entry_b__player_id", "entry_a_id", "winner_id")
    outcomes: dict[int, list[str]] = defaultdict(list)
    for a, b, entry_a, winner in rows:
        seen = (DRAWN, DRAWN) if winner is None else (WON, LOST) if winner == entry_a else (
            LOST, WON)
        outcomes[a].append(seen[0])
        outcomes[b].append(seen[1])
    return [AllTimeRuns(player_id=player, club_id=club_id, winning_run=runs[0],
                        unbeaten_run=runs[1])
            for player, runs in ((p, longest_runs(o)) for p, o in sorted(outcomes.items()))]


def replace_club_runs(club_id: int, rows: list[AllTimeRuns]) -> None:
    """The club's rows replaced by `rows` (club_runs), inside the caller's transaction."""
    AllTimeRuns.objects.filter(club_id=club_id).delete()
    AllTimeRuns.objects.bulk_create(rows, batch_size=2000)
