"""The players' season summary rows and notable moments, kept by the statistics follow-up: they
agree with the facts after a confirmed result, a corrected or voided hand, a forfeit and a
bye; counted again they are the same; the command fills them for results confirmed before."""

from __future__ import annotations

from datetime import timedelta
from io import StringIO

import pytest
from django.core.management import call_command
from django.utils import timezone

from league.competitions.ladders.services import challenge, forfeit_overdue
from league.competitions.models import Competition, FollowUp, Match
from league.competitions.results.forfeits import record_forfeit
from league.games.models import Hand
from league.games.services import HandEntry
from league.games.services.corrections import correct_hand
from league.stats import summaries
from league.stats.models import AllTimeRuns, NotableMoment, PlayerSeasonSummary
from league.stats.records import club_records
from league.stats.summaries import refresh, refresh_results, refresh_season
from league.stats.tasks import count_statistics
from tests.formats.builders import Club, committed, win
from tests.formats.test_forfeits import by_key, forfeit
from tests.services.test_statistics import (
    ANN_BEATS_P02,
    P03_SHUTS_ANN_OUT,
    match_of,
    play,
    seat,
)

pytestmark = [pytest.mark.django_db, pytest.mark.follow_ups]


@pytest.fixture
def club():
    return Club(4)


@pytest.fixture
def league(club):
    return club.competition(Competition.Format.LEAGUE)


@pytest.fixture
def season_played(club, league):
    """As in test_statistics: Ann beats P02, P03 shuts her out, P04 does not come."""
    first = match_of(league, club, 1, 2)
    play(first, ANN_BEATS_P02)
    play(match_of(league, club, 1, 3), P03_SHUTS_ANN_OUT)
    no_show = match_of(league, club, 1, 4)
    with committed():
        record_forfeit(no_show.pk, actor=club.organizer, absent=seat(no_show, "them", 1))
    return first
FIGURES = ("hands", "hands_won", "knocks", "gins", "big_gins", "undercuts_made",
           "undercuts_suffered", "gins_suffered", "dead_hands", "points", "knock_deadwood_sum",
           "knock_deadwood_hands", "caught_deadwood_sum", "caught_deadwood_hands", "games",
           "games_won", "shutouts", "shutouts_suffered", "matches", "matches_won",
           "matches_drawn", "matches_lost", "won_without_play", "lost_without_play",
           "winning_run", "unbeaten_run")


def row_of(player, season) -> dict:
    return PlayerSeasonSummary.objects.filter(player=player, season=season).values(*FIGURES).get()


def test_ann_s_row_after_two_results_and_a_forfeit_counted_by_hand(club, season_played):
    row = row_of(club.players[0], club.season)
    # The deal voided by a ruling is no hand; P03's two knocks shut her out; P04 did not come.
    assert row == {
        "hands": 7, "hands_won": 3, "knocks": 1, "gins": 0, "big_gins": 1, "undercuts_made": 1,
        "undercuts_suffered": 0, "gins_suffered": 1, "dead_hands": 1, "points": 108,
        "knock_deadwood_sum": 10, "knock_deadwood_hands": 1, "caught_deadwood_sum": 0,
        "caught_deadwood_hands": 0, "games": 2, "games_won": 1, "shutouts": 0,
        "shutouts_suffered": 1, "matches": 2, "matches_won": 1, "matches_drawn": 0,
        "matches_lost": 1, "won_without_play": 1, "lost_without_play": 0, "winning_run": 1,
        "unbeaten_run": 1}
    assert row_of(club.players[3], club.season)["lost_without_play"] == 1
    assert FollowUp.objects.filter(kind=FollowUp.Kind.STATISTICS, done_at__isnull=True).count() == 0


def test_a_corrected_hand_is_counted_again_in_both_players_rows(club, season_played):
    gin = Hand.objects.get(game__match=season_played, outcome="gin")
    with committed():
        correct_hand(gin.pk, HandEntry("knock", seat(season_played, "them", 1), 10),
                     actor=club.organizer, comment="It was a knock for 10")
    ann, p02 = row_of(club.players[0], club.season), row_of(club.players[1], club.season)
    assert (ann["gins_suffered"], ann["hands"]) == (0, 7)
    assert (p02["gins"], p02["knocks"], p02["points"]) == (0, 1, 10)


def test_counting_again_gives_the_same_rows_and_moments(club, season_played):
    before = [row_of(p, club.season) for p in club.players]
    moments = sorted(NotableMoment.objects.values_list("kind", "value", "player_id", "source_id"))
    refresh([p.pk for p in club.players], club.season)
    refresh([p.pk for p in club.players], club.season)
    assert [row_of(p, club.season) for p in club.players] == before
    assert sorted(NotableMoment.objects.values_list(
        "kind", "value", "player_id", "source_id")) == moments


def test_the_command_fills_the_rows_of_results_confirmed_before_they_existed(club, season_played):
    before = [row_of(p, club.season) for p in club.players]
    moments = sorted(NotableMoment.objects.values_list("kind", "value", "player_id",
                                                       "opponent_id", "match_id", "source_id"))
    PlayerSeasonSummary.objects.all().delete()
    NotableMoment.objects.all().delete()
    call_command("count_statistics", club=club.club.slug, stdout=StringIO())
    # The whole season counted at once agrees with the rows the follow-ups kept, one by one.
    assert [row_of(p, club.season) for p in club.players] == before
    assert sorted(NotableMoment.objects.values_list(
        "kind", "value", "player_id", "opponent_id", "match_id", "source_id")) == moments
    assert [(m.name, m.value) for m in club_records(club.club, club.season).big_gins] == [
        ("P01", 60)]


def test_a_walkover_in_a_bracket_is_a_result_without_play_given_in_the_row():
    four = Club(4)
    bracket = four.competition(Competition.Format.SINGLE_ELIMINATION)
    forfeit(four, by_key(bracket)["W1-0"], absent="both")
    win(by_key(bracket)["W1-1"], "A")  # P02 beats P03 and walks over into the final's win
    assert by_key(bracket)["W2-0"].kind == Match.Kind.WALKOVER
    row = row_of(four.players[1], four.season)
    assert (row["won_without_play"], row["matches"], row["matches_won"]) == (1, 1, 1)
    assert row_of(four.players[0], four.season)["lost_without_play"] == 1  # the double forfeit


def test_a_ladder_challenge_forfeited_at_its_deadline_is_a_result_without_play_in_the_rows():
    six = Club(6)
    ladder = six.competition(Competition.Format.LADDER, ladder_reach=2, ladder_days=7,
                             ladder_rematch_days=14)
    challenger, challenged = (ladder.entries.get(player__name=name) for name in ("P04", "P02"))
    made = challenge(ladder.pk, challenged.pk, actor=six.organizer,
                     challenger_id=challenger.pk)
    with committed():
        assert forfeit_overdue(timezone.now() + timedelta(days=8)) == 1
    assert FollowUp.objects.filter(match_id=made.match_id, kind=FollowUp.Kind.STATISTICS,
                                   done_at__isnull=False).exists()
    # A forfeit is no match played: it is counted apart from the matches.
    won = row_of(challenger.player, six.season)
    assert (won["won_without_play"], won["lost_without_play"], won["matches"]) == (1, 0, 0)
    lost = row_of(challenged.player, six.season)
    assert (lost["won_without_play"], lost["lost_without_play"], lost["matches"]) == (0, 1, 0)


def test_a_gin_by_the_first_discard_is_known_from_the_event_log(club, league):
    game = play(match_of(league, club, 1, 2), ANN_BEATS_P02)
    big_gin = game.hands.get(outcome="big_gin")
    seat_of_ann = big_gin.knocker
    other = "B" if seat_of_ann == "A" else "A"
    # Ann draws on her first turn and lays down eleven cards: no discard of hers before.
    Hand.objects.filter(pk=big_gin.pk).update(event_log=[
        {"type": "pass", "seat": other}, {"type": "pass", "seat": seat_of_ann},
        {"type": "draw", "seat": other, "source": "stock"},
        {"type": "discard", "seat": other, "card": "KS"},
        {"type": "draw", "seat": seat_of_ann, "source": "stock"},
        {"type": "big_gin", "seat": seat_of_ann}])
    # The undercut's knocker (P02) had discarded before: not on his first turn, and no gin.
    with committed():
        refresh([p.pk for p in club.players[:2]], club.season)
    row = PlayerSeasonSummary.objects.get(player=club.players[0], season=club.season)
    assert (row.first_turn_gins, row.gins_with_log) == (1, 1)
    records = club_records(club.club, club.season)
    assert [(m.name, m.value, m.what) for m in records.first_turn_gins] == [
        ("P01", 60, "first_turn_gin")]
    assert records.gins_with_log == 1


def test_a_gin_after_his_own_discard_is_not_by_the_first_discard(club, league):
    game = play(match_of(league, club, 1, 2), ANN_BEATS_P02)
    big_gin = game.hands.get(outcome="big_gin")
    me = big_gin.knocker
    Hand.objects.filter(pk=big_gin.pk).update(event_log=[
        {"type": "draw", "seat": me, "source": "stock"}, {"type": "discard", "seat": me,
                                                          "card": "KS"},
        {"type": "draw", "seat": me, "source": "stock"}, {"type": "big_gin", "seat": me}])
    refresh([club.players[0].pk], club.season)
    row = PlayerSeasonSummary.objects.get(player=club.players[0], season=club.season)
    assert (row.first_turn_gins, row.gins_with_log) == (0, 1)


def every_moment() -> list[tuple]:
    """Every column of every moment but its own key, in a fixed order."""
    columns = [f.attname for f in NotableMoment._meta.concrete_fields if f.attname != "id"]
    return sorted(NotableMoment.objects.values_list(*columns))


def test_the_whole_season_keeps_the_moments_each_player_s_count_keeps(club, season_played):
    # the shutout's time and both clubs' keys included: written in bulk, not as models
    by_player = every_moment()
    assert any(kind == NotableMoment.Kind.SHUTOUT for _, _, _, _, kind, *_ in by_player)
    NotableMoment.objects.all().delete()
    refresh_season(club.season)
    assert every_moment() == by_player


def test_the_whole_season_leaves_the_moments_it_finds_right_and_replaces_the_others(
        club, season_played):
    by_player = every_moment()
    first, *rest = NotableMoment.objects.order_by("pk")
    kept = {moment.pk for moment in rest}
    NotableMoment.objects.filter(pk=first.pk).update(value=first.value + 1)  # no longer right
    stray = rest[0]
    stray.pk = None
    stray.save()  # a second copy of a right one
    refresh_season(club.season)
    assert every_moment() == by_player
    assert kept <= set(NotableMoment.objects.values_list("pk", flat=True))  # left as they were


def test_the_season_is_counted_whole_by_refresh_season(club, season_played):
    PlayerSeasonSummary.objects.all().delete()
    assert refresh_season(club.season) == 4
    assert PlayerSeasonSummary.objects.filter(season=club.season).count() == 4


@pytest.mark.parametrize("one_by_one", [24, 2])  # 2: more players than that, the whole season
def test_the_waiting_results_of_a_club_are_counted_by_one_follow_up(club, season_played,
                                                                    one_by_one, monkeypatch):
    monkeypatch.setattr(summaries, "ONE_BY_ONE", one_by_one)
    # As though the season's results had been confirmed in a burst while the worker was busy:
    # no row counted yet, a statistics follow-up waiting for each result.
    before = [row_of(p, club.season) for p in club.players]
    runs = sorted(AllTimeRuns.objects.values_list("player_id", "winning_run", "unbeaten_run"))
    PlayerSeasonSummary.objects.all().delete()
    AllTimeRuns.objects.all().delete()
    waiting = [FollowUp.objects.create(kind=FollowUp.Kind.STATISTICS,
                                       competition_id=m.competition_id, match_id=m.pk)
               for m in Match.objects.filter(competition__season=club.season,
                                             status=Match.Status.CONFIRMED).order_by("pk")]
    first, *others = waiting
    assert refresh_results(first.match_id, first.pk) == 4  # each player once
    assert [row_of(p, club.season) for p in club.players] == before
    assert sorted(AllTimeRuns.objects.values_list("player_id", "winning_run",
                                                  "unbeaten_run")) == runs
    assert FollowUp.objects.filter(pk__in=[r.pk for r in others], done_at__isnull=True).count() == 0
    # Their tasks find them done and count nothing again.
    PlayerSeasonSummary.objects.all().delete()
    count_statistics.run(others[0].match_id, follow_up=others[0].pk)
    assert not PlayerSeasonSummary.objects.exists()
