"""manage.py recompute_ratings --club <slug>, and the tasks that run the services."""

from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from league.ratings import tasks
from league.ratings.models import PlayerRating, RatingPeriod
from tests.ratings.builders import league, played, snapshot, week

pytestmark = pytest.mark.django_db


def test_command_rebuilds_a_club_from_scratch_and_says_what_it_did():
    competition, (a, b) = league(2)
    club = competition.season.club
    played(a, b, "AB", in_week=0)
    played(a, b, "AA", in_week=1)
    out = StringIO()
    call_command("recompute_ratings", club=club.slug, stdout=out)
    periods = RatingPeriod.objects.filter(club=club)
    assert periods.first().starts_on == week(0)
    assert f"{club.name} (Glicko-2, each game): rated {periods.count()} weeks from scratch" in (
        out.getvalue()
    )
    assert "4 rated results, 4 player ratings" in out.getvalue()
    assert PlayerRating.objects.filter(player=a.player).count() == 2


def test_command_refuses_an_unknown_club():
    with pytest.raises(CommandError, match="No club with the slug 'nowhere'"):
        call_command("recompute_ratings", club="nowhere", stdout=StringIO())


def test_beat_task_closes_ended_weeks_once():
    competition, (a, b) = league(2)
    played(a, b, "AB", in_week=0)
    (first,) = tasks.close_rating_periods.delay().get()
    assert "from scratch" in first
    rated = snapshot(competition.season.club)
    assert tasks.close_rating_periods.delay().get() == []
    assert snapshot(competition.season.club) == rated
