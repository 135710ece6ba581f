"""When a confirmed result was played is stored on the match, by the rule the ratings place it in
a week by: its last finished game's start, else its first report, else its confirmation."""

from __future__ import annotations

import importlib

import pytest
from django.apps import apps

from league.competitions.models import AuditEntry, Match
from league.games.models import Game

from .builders import confirm, during, league, played

pytestmark = pytest.mark.django_db

migration = importlib.import_module("league.competitions.migrations.0009_match_played_at")


def results_of_each_kind():
    _, (a, b, c, d) = league(4)
    with_games = played(a, b, "AB", in_week=3)
    Game.objects.filter(match=with_games, number=1).update(created_at=during(1))
    reported = played(c, d, "", in_week=0, status=Match.Status.REPORTED)
    AuditEntry.objects.create(match=reported, action=AuditEntry.Action.REPORTED)
    AuditEntry.objects.filter(match=reported).update(at=during(2))
    confirm(reported, in_week=5)
    bare = played(a, c, "", in_week=0, status=Match.Status.REPORTED)
    confirm(bare, in_week=4)
    unconfirmed = played(b, d, "AA", in_week=2, status=Match.Status.REPORTED)
    return with_games, reported, bare, unconfirmed


def test_a_result_is_played_at_its_last_game_else_its_first_report_else_its_confirmation():
    with_games, reported, bare, unconfirmed = results_of_each_kind()
    stored = dict(Match.objects.values_list("pk", "played_at"))
    assert stored[with_games.pk] == during(3)
    assert stored[reported.pk] == during(2)
    assert stored[bare.pk] == during(4)
    assert stored[unconfirmed.pk] is None


def test_the_migration_stores_the_played_time_of_results_confirmed_before_it():
    matches = results_of_each_kind()
    expected = dict(Match.objects.values_list("pk", "played_at"))
    Match.objects.update(played_at=None)
    migration.store_played_at(apps, None)
    assert dict(Match.objects.values_list("pk", "played_at")) == expected
    assert expected[matches[0].pk] is not None
