"""A player's longest runs: his counted matches in the order their results were confirmed, a run
being matches won (winning) or won or drawn (unbeaten) one after another. A result without play
is no match counted, so it neither extends nor breaks a run (as runs.py counts a whole season's
in SQL). His season row keeps the season's; his all-time row (models.AllTimeRuns) those over
all his club's seasons, since a run may cross from one season into the next.

- `player_outcomes`: his outcomes over all his club's seasons, each with its season: one query
  over his own matches (through his entries' ids), whatever the club's history; the statistics
  follow-up counts his season's runs and his all-time runs from it (summaries.refresh).
- `club_runs`: every player of the club at once, for a whole season counted again
  (season_count.py): one query over the club's counted matches; `count_club_runs` reads and
  writes them under the club's row lock.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable

from django.db.models import Q

from league.clubs.models import Club, Player

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


def player_outcomes(player: Player) -> list[tuple[int, str]]:
    """(season id, his outcome) of each of his counted matches in all his club's seasons, in the
    order their results were confirmed: one query (his entries' ids read first unless he
    carries them)."""
    if getattr(player, "entry_ids", None) is None:
        with_entry_ids(player)
    mine = player.entry_ids
    matches = counted_matches(player.club_id).filter(Q(entry_a_id__in=mine)
                                                     | Q(entry_b_id__in=mine))
    return [(season, DRAWN if winner is None else WON if winner in mine else LOST)
            for season, winner in _in_order(matches).values_list("competition__season_id",
                                                                 "winner_id")]


def season_runs(outcomes: list[tuple[int, str]], season_id: int) -> tuple[int, int]:
    """His longest runs within one season, of his outcomes over all (player_outcomes)."""
    return longest_runs(outcome for season, outcome in outcomes if season == season_id)


def locked_runs(player: Player) -> AllTimeRuns:
    """His all-time row, locked (made if he has none), before his matches are read: of two
    follow-ups for him (results of two seasons), the second counts after the first has
    written. Locked after his season row (summaries.refresh): that order, the season's rows
    first, is the bulk count's too (season_count.count_season)."""
    row, _ = AllTimeRuns.objects.select_for_update().get_or_create(
        player=player, defaults={"club_id": player.club_id})
    return row


def keep_player_runs(row: AllTimeRuns, outcomes: list[tuple[int, str]]) -> None:
    """His locked row (locked_runs) written from his outcomes over all seasons; none left when
    he has no counted match, as the club's count gives none."""
    if not outcomes:
        row.delete()
        return
    row.winning_run, row.unbeaten_run = longest_runs(outcome for _, outcome in outcomes)
    row.save()


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


def count_club_runs(club_id: int) -> None:
    """The club's rows counted again and replaced, inside the caller's transaction, one count
    at a time: whole counts of two of its seasons at once both write every row of the club. The
    club's row is locked (FOR NO KEY UPDATE: rows that refer to the club are not held up)
    before its matches are read, so the second count reads what the first left and writes
    after it, instead of failing on the rows the first wrote. Locked after the season's row
    (season_count.count_season)."""
    list(Club.objects.select_for_update(no_key=True).filter(pk=club_id)
         .values_list("pk", flat=True))
    rows = club_runs(club_id)
    AllTimeRuns.objects.filter(club_id=club_id).delete()
    AllTimeRuns.objects.bulk_create(rows, batch_size=2000)
