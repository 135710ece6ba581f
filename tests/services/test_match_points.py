"""A match's points (Match.points_a, points_b) are each side's total over its finished games,
kept by every write that finishes, re-scores or removes a game: the standings and a player's
statistics read them off the match."""

from __future__ import annotations

import importlib

import pytest
from django.db import connection
from django.db.models import Sum

from league.competitions.formats.decide import reset_match
from league.competitions.formats.decisions import pending_decisions
from league.competitions.models import Competition, Match
from league.competitions.results.services import confirm_result, report_result
from league.games.models import Game
from league.games.services import HandEntry, record_hand, start_game, undo_last_hand
from league.games.services.corrections import correct_hand
from league.games.services.match_points import keep_match_points
from league.games.services.paper import enter_game_totals
from tests.formats.builders import Club, committed, win
from tests.formats.test_corrections import correct

pytestmark = pytest.mark.django_db


def points(match: Match) -> tuple[int, int]:
    match.refresh_from_db(fields=["points_a", "points_b"])
    return match.points_a, match.points_b


def counted_from_games(match: Match) -> tuple[int, int]:
    totals = Game.objects.filter(match=match, status=Game.Status.FINISHED).aggregate(
        a=Sum("total_a"), b=Sum("total_b"))
    return totals["a"] or 0, totals["b"] or 0


@pytest.fixture
def league_match() -> tuple[Club, Match]:
    """The one match of a league of two players, first to two games."""
    club = Club(2)
    match = club.competition(Competition.Format.LEAGUE, match_games=2).matches.get()
    return club, match


def play(match: Match, hands: list[tuple[str, str, int]]) -> Game:
    user = match.entry_a.player.user
    game = start_game(match.pk, actor=user)
    for outcome, winner, value in hands:
        record_hand(game.pk, HandEntry(outcome=outcome, winner=winner, points=value), actor=user)
    game.refresh_from_db()
    return game


def test_a_game_in_progress_counts_nothing_and_its_last_hand_counts_it_whole(league_match):
    _, match = league_match
    game = play(match, [("knock", "A", 30), ("gin", "B", 45)])
    assert game.status == Game.Status.IN_PROGRESS and points(match) == (0, 0)
    record_hand(game.pk, HandEntry(outcome="gin", winner="A", points=80),
                actor=match.entry_a.player.user)
    assert points(match) == (110, 45) == counted_from_games(match)


def test_undoing_the_hand_that_ended_a_game_takes_its_points_back_off(league_match):
    _, match = league_match
    game = play(match, [("gin", "B", 60), ("gin", "B", 45)])
    assert points(match) == (0, 105)
    undo_last_hand(game.pk, actor=match.entry_a.player.user)
    assert points(match) == (0, 0) == counted_from_games(match)


def test_a_second_game_adds_to_the_first(league_match):
    _, match = league_match
    play(match, [("gin", "A", 110)])
    play(match, [("knock", "B", 20), ("gin", "B", 90)])
    assert points(match) == (110, 110) == counted_from_games(match)


def test_a_game_entered_from_paper_counts_its_totals(league_match):
    club, match = league_match
    enter_game_totals(match.pk, actor=club.organizer, total_a=104, total_b=61, hands=7)
    assert points(match) == (104, 61)


def test_a_hand_corrected_after_the_result_was_confirmed_changes_the_points(league_match):
    club, match = league_match
    game = play(match, [("knock", "A", 30), ("gin", "A", 80)])
    play(match, [("gin", "A", 100)])
    with committed():
        report_result(match.pk, actor=match.entry_a.player.user)
        confirm_result(match.pk, actor=match.entry_b.player.user)
    first = game.hands.get(number=1)
    with committed():
        correct_hand(first.pk, HandEntry(outcome="knock", winner="A", points=25),
                     actor=club.organizer, comment="Miscounted deadwood.")
    assert points(match) == (205, 0) == counted_from_games(match)


def test_a_knockout_match_reset_by_the_organizer_has_no_points_left():
    club = Club(4)
    knockout = club.competition(Competition.Format.SINGLE_ELIMINATION)
    semis = list(knockout.matches.filter(status=Match.Status.SCHEDULED).order_by("pk"))
    for semi in semis:
        win(semi, "A")
    final = knockout.matches.exclude(pk__in=[s.pk for s in semis]).get()
    enter_game_totals(final.pk, actor=club.organizer, total_a=120, total_b=35, hands=5)
    assert points(final) == (120, 35)
    correct(club, semis[0], "B")  # the final's player A did not win his semi after all
    [decision] = pending_decisions(knockout)
    with committed():
        reset_match(decision.match.pk, actor=club.organizer, comment="Replay the final.")
    assert points(final) == (0, 0) == counted_from_games(final)


def test_keeping_the_points_again_changes_nothing(league_match):
    _, match = league_match
    play(match, [("gin", "A", 110)])
    before = points(match)
    keep_match_points(match.pk)
    assert points(match) == before == (110, 0)


def test_the_migration_counts_the_points_of_the_games_already_played(league_match):
    _, match = league_match
    play(match, [("gin", "A", 110)])
    play(match, [("knock", "B", 20)])  # in progress: not counted
    Match.objects.filter(pk=match.pk).update(points_a=0, points_b=0)
    migration = importlib.import_module("league.competitions.migrations.0014_match_points")
    with connection.cursor() as cursor:
        cursor.execute(migration.FILL)
    assert points(match) == (110, 0) == counted_from_games(match)
