"""A confirmed result's rating work costs the same in a club's first weeks and after a long
history, and a burst of results in one club is rated by one rebuild, not one per result."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from gameplay.engine import Ruleset
from league.competitions.base import outbox
from league.competitions.models import Competition, FollowUp, Match
from league.competitions.results.services import confirm_result, report_result
from league.games.models import Game
from league.ratings.models import PlayerRating
from league.ratings.services import rate_confirmed_result, recompute_ratings
from league.ratings.services import rebuild as rebuild_module
from tests.factories import game_played
from tests.formats.builders import Club, committed

from .builders import after, during, league, played

pytestmark = pytest.mark.django_db


def queries_to_rate_a_result_after(weeks: int) -> list[str]:
    """The SQL of rating one result of week `weeks` in a club that has played that many weeks
    before it, all of them rated and closed."""
    _, entries = league(6)
    for n in range(weeks):
        for i in range(3):
            played(entries[i], entries[i + 3], "AB"[n % 2] * 2, in_week=n)
    recompute_ratings(entries[0].competition.season.club, now=after(weeks - 1))
    latest = played(entries[0], entries[1], "AA", in_week=weeks)
    with CaptureQueriesContext(connection) as queries:
        run = rate_confirmed_result(latest.pk, now=during(weeks))
    assert run.periods == 1 and run.results == 2  # this week only, whatever came before
    return [query["sql"] for query in queries.captured_queries]


def test_rating_a_result_takes_as_many_queries_after_forty_weeks_as_after_two():
    assert len(queries_to_rate_a_result_after(40)) == len(queries_to_rate_a_result_after(2))


def test_rating_a_result_reads_the_results_of_its_week_by_their_stored_played_time():
    """The week's results are an index range on the stored moment, not a moment worked out for
    every match of the club from its games and history (a subquery on the games per match)."""
    reads = [sql for sql in queries_to_rate_a_result_after(3)
             if 'FROM "competitions_match"' in sql and '"played_at" >=' in sql]
    assert len(reads) == 1
    assert '"gameplay_game"' not in reads[0] and '"competitions_auditentry"' not in reads[0]


def report_and_confirm(match: Match) -> None:
    game_played(match=match, number=1, ruleset=Ruleset().to_dict(), target_score=100,
                status=Game.Status.FINISHED, winner="A", total_a=104, total_b=20)
    Match.objects.filter(pk=match.pk).update(status=Match.Status.IN_PROGRESS)
    report_result(match.pk, actor=match.entry_b.player.user)
    confirm_result(match.pk, actor=match.entry_a.player.user)


def test_a_burst_of_results_in_one_club_is_rated_by_one_rebuild(monkeypatch):
    club = Club(8)
    competition = club.competition(Competition.Format.LEAGUE, match_games=1)
    first_round = list(competition.matches.filter(round__number=1)
                       .select_related("entry_a__player__user", "entry_b__player__user"))
    sent = []
    monkeypatch.setattr(outbox, "publish", sent.append)  # the workers are busy: all queued
    with committed():
        for match in first_round:
            report_and_confirm(match)
    rebuilds = []
    real = rebuild_module.rebuild_ratings
    monkeypatch.setattr(rebuild_module, "rebuild_ratings",
                        lambda *args, **kwargs: rebuilds.append(args) or real(*args, **kwargs))
    rating = [s for s in sent if s.task == "ratings.tasks.rate_confirmed_result"]
    assert len(rating) == len(first_round) == 4
    outcomes = [signature.apply().get() for signature in rating]  # the workers get to them
    assert len(rebuilds) == 1
    assert sum("already done" in outcome for outcome in outcomes) == 3
    rows = FollowUp.objects.filter(kind=FollowUp.Kind.RATE)
    assert rows.count() == 4 and not rows.filter(done_at__isnull=True).exists()
    winners = {match.entry_a.player_id for match in first_round}
    rated = PlayerRating.objects.filter(period__club=club.club)
    assert set(rated.filter(rating__gt=1500).values_list("player_id", flat=True)) == winners
    assert rated.count() == 8
