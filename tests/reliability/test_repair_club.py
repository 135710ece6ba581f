"""`manage.py repair_club`: a club's brackets, Swiss rounds and ratings brought up to date with
its confirmed results when their follow-up work was lost, with what changed reported; a
second repair changes nothing."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from league.competitions.base import outbox
from league.competitions.models import FollowUp, Match
from league.competitions.results.services import confirm_result
from tests.formats.builders import by_key, committed

from .state import rated_season, rows
from .test_follow_ups import broker_down, reported_first_match

pytestmark = pytest.mark.django_db


def repair(slug: str) -> list[str]:
    out = StringIO()
    call_command("repair_club", club=slug, stdout=out)
    return out.getvalue().splitlines()


def test_a_lost_bracket_advance_is_repaired_once_and_reported(monkeypatch):
    competition, match = reported_first_match()
    monkeypatch.setattr(outbox, "publish", broker_down)
    with committed():
        confirm_result(match.pk, actor=match.entry_b.player.user)
    monkeypatch.undo()
    assert by_key(competition)["W2-0"].entry_a is None  # the advance was lost
    slug = competition.season.club.slug
    winner = match.entry_b.player.name

    report = repair(slug)
    semi = by_key(competition)["W2-0"]
    assert semi.entry_a == match.entry_b and semi.status == Match.Status.PENDING
    assert f"{competition.name}: match W2-0 of round 2 now {winner} v nobody (pending), " \
           "was nobody v nobody (pending)." in report
    assert "3 follow-up tasks waiting: done by this repair." in report
    # The statistics follow-up was lost with the rest: the repair counted the two players.
    assert "statistics: 2 player-season rows counted differently." in report
    assert "statistics: 2 players' all-time runs counted differently." in report
    assert not FollowUp.objects.filter(done_at__isnull=True).exists()

    assert repair(slug) == [f"{competition.season.club.name}: nothing repaired, all was up to date."]
    assert by_key(competition)["W2-0"].entry_a == match.entry_b


def test_stale_ratings_are_rebuilt_and_reported():
    club, _late = rated_season()  # a late result confirmed, its re-rating never run
    before = rows(club)
    report = repair(club.slug)
    assert any(line.startswith("ratings: ") and "rebuilt differently" in line for line in report)
    assert rows(club)["ratings"] != before["ratings"]
    assert not any(line.startswith("ratings: ") for line in repair(club.slug))


def test_an_unknown_club_is_an_error():
    with pytest.raises(CommandError, match="No club 'nowhere'"):
        repair("nowhere")


def test_match_points_that_disagree_with_their_games_are_counted_again():
    competition, match = reported_first_match()  # its one game won by seat B, 104 to 20
    slug = competition.season.club.slug
    assert repair(slug) == [f"{competition.season.club.name}: nothing repaired, all was up to date."]
    Match.objects.filter(pk=match.pk).update(points_a=0, points_b=7)  # as if a write forgot them
    assert "Points counted again from their games: 1 match." in repair(slug)
    match.refresh_from_db()
    assert (match.points_a, match.points_b) == (20, 104)
