"""Whether a competition, or one of its stages, still has a match to play, confirm or decide:
asked after every confirmed result (a league finishes, a Swiss pairs its next round, a stage
hands on its qualifiers), with the statuses written into the query."""

import pytest

from league.competitions.base.selectors import STILL_OPEN, UNCONFIRMED, has_match_in
from league.competitions.models import Competition, Match
from tests.formats.builders import Club, win

pytestmark = pytest.mark.django_db


def test_the_open_statuses_are_every_status_but_confirmed_and_void():
    assert set(STILL_OPEN) == set(Match.Status.values) - {"confirmed", "void"}
    assert set(UNCONFIRMED) == set(Match.Status.values) - {"confirmed"}


def test_a_league_has_an_open_match_until_its_last_result_is_confirmed():
    club = Club(3)
    league = club.competition(Competition.Format.LEAGUE)
    matches = list(league.matches.exclude(kind=Match.Kind.BYE).order_by("pk"))
    for match in matches:
        assert has_match_in(league.pk, STILL_OPEN)
        win(match, "A")
    assert not has_match_in(league.pk, STILL_OPEN)
    league.refresh_from_db()
    assert league.status == Competition.Status.FINISHED


@pytest.mark.parametrize("status", [Match.Status.VOID, Match.Status.DISPUTED])
def test_a_void_match_is_not_open_but_is_unconfirmed(status):
    club = Club(2)
    league = club.competition(Competition.Format.LEAGUE)
    league.matches.update(status=Match.Status.CONFIRMED)
    league.matches.filter(pk=league.matches.first().pk).update(status=status)
    assert has_match_in(league.pk, STILL_OPEN) == (status != Match.Status.VOID)
    assert has_match_in(league.pk, UNCONFIRMED)


def test_a_stage_is_asked_about_its_own_matches_only():
    club = Club(2)
    league = club.competition(Competition.Format.LEAGUE)
    round_ = league.rounds.first()
    assert has_match_in(league.pk, STILL_OPEN)
    assert not has_match_in(league.pk, STILL_OPEN, stage_id=(round_.stage_id or 0) + 10**6)
