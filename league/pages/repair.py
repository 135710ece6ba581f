"""Repairing a club's derived state from its confirmed results (and first its schedule's dates
stored outside the years the site accepts, cleared, then each match's points counted again
from its games where they differ): every running or finished competition brought up to date
(knockout brackets filled, the next Swiss round paired, the competition finished or reopened),
its cached pages forgotten and its table kept afresh (computed from the confirmed
results), the club's ratings rebuilt and its statistics counted again. Each step is the same idempotent work the
follow-up tasks do, so a repair of a club that needs none changes nothing. What changed is
reported in sentences; the club's follow-up work still waiting is marked done."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from league.clubs.models import Club, Season
from league.competitions.base.page_versions import competition_changed
from league.competitions.formats.progression import progress_competition
from league.competitions.models import Competition, FollowUp
from league.competitions.schedule.services import clear_dates_out_of_bounds
from league.competitions.standings.services import keep_standings
from league.games.services.match_points import repair_club_points
from league.ratings.models import PlayerRating
from league.ratings.services import recompute_ratings
from league.stats.models import AllTimeRuns, PlayerSeasonSummary
from league.stats.rows import SUMMED
from league.stats.season_count import count_season


def repair_club(club: Club) -> list[str]:
    # First the dates no page can read, since every later step reads the club's matches.
    changes: list[str] = clear_dates_out_of_bounds(club)
    if wrong := repair_club_points(club.pk):  # the standings and statistics read them
        changes.append(f"Points counted again from their games: {wrong} "
                       f"match{'es' if wrong != 1 else ''}.")
    competitions = (Competition.objects.filter(season__club=club)
                    .exclude(status=Competition.Status.DRAFT).order_by("pk"))
    for pk in competitions.values_list("pk", flat=True):
        changes += _repair_competition(pk)
    changes += _repair_ratings(club)
    changes += _repair_statistics(club)
    waiting = FollowUp.objects.filter(competition__season__club=club, done_at__isnull=True)
    if done := waiting.update(done_at=timezone.now()):
        changes.append(f"{done} follow-up task{'s' if done != 1 else ''} waiting: done by this repair.")
    return changes


def _repair_competition(pk: int) -> list[str]:
    with transaction.atomic():
        competition = Competition.objects.select_for_update(of=("self",), no_key=True).get(pk=pk)
        before, status = _matches(competition), competition.status
        progress_competition(competition)
        competition.refresh_from_db()
        keep_standings(competition)
        after = _matches(competition)
        competition_changed([competition.pk])
    changes = [f"{competition.name}: {line}" for line in _compare(before, after)]
    if competition.status != status:
        changes.append(f"{competition.name}: {status} → {competition.status}.")
    return changes


def _matches(competition: Competition) -> dict[int, tuple]:
    return {m.pk: (m.round.number, m.key, _name(m.entry_a), _name(m.entry_b), m.status,
                   _name(m.winner))
            for m in competition.matches.select_related("round", "entry_a__player",
                                                        "entry_b__player", "winner__player")}


def _name(entry) -> str:
    return entry.player.name if entry is not None else "nobody"


def _compare(before: dict[int, tuple], after: dict[int, tuple]) -> list[str]:
    lines = []
    for pk, now in sorted(after.items()):
        was = before.get(pk)
        label = f"match {now[1] or pk} of round {now[0]}"
        if was is None:
            lines.append(f"{label} added: {now[2]} v {now[3]} ({now[4]}).")
        elif was != now:
            lines.append(f"{label} now {now[2]} v {now[3]} ({now[4]}), "
                         f"was {was[2]} v {was[3]} ({was[4]}).")
    lines += [f"match {was[1] or pk} of round {was[0]} removed." for pk, was in sorted(before.items())
              if pk not in after]
    return lines


def _repair_ratings(club: Club) -> list[str]:
    before = _ratings(club)
    recompute_ratings(club)
    after = _ratings(club)
    if before == after:
        return []
    changed = sum(1 for key in before.keys() | after.keys() if before.get(key) != after.get(key))
    return [f"ratings: {changed} player-week{'s' if changed != 1 else ''} rebuilt differently."]


def _repair_statistics(club: Club) -> list[str]:
    """Every season's statistics rows counted again, whole (league.stats.season_count), and with
    them the players' all-time runs."""
    before, runs_before = _statistics(club), _all_time_runs(club)
    for season in Season.objects.filter(club=club).order_by("pk"):
        count_season(season)
    after, runs_after = _statistics(club), _all_time_runs(club)
    changed = len(set(before.items()) ^ set(after.items()))
    players = len({player for player, _ in set(runs_before.items()) ^ set(runs_after.items())})
    report = []
    if changed:
        report.append(f"statistics: {changed} player-season row{'s' if changed != 1 else ''} "
                      "counted differently.")
    if players:
        report.append(f"statistics: {players} player{'s' if players != 1 else ''}' all-time "
                      "runs counted differently.")
    return report


def _statistics(club: Club) -> dict[tuple, tuple]:
    return {(row[0], row[1]): row[2:] for row in PlayerSeasonSummary.objects.filter(
        club=club).values_list("player_id", "season_id", *SUMMED, "winning_run", "unbeaten_run")}


def _all_time_runs(club: Club) -> dict[int, tuple]:
    rows = AllTimeRuns.objects.filter(club=club).values_list("player_id", "winning_run",
                                                              "unbeaten_run")
    return {player: (winning, unbeaten) for player, winning, unbeaten in rows}


def _ratings(club: Club) -> dict[tuple, tuple]:
    rows = PlayerRating.objects.filter(period__club=club).values_list(
        "player_id", "starts_on", "rating", "rd", "volatility", "games", "total_games")
    return {(player, week): rest for player, week, *rest in rows}
