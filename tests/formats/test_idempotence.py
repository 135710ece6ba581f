"""Running the follow-up of a result again (a retry, a redelivered task) changes no row."""

import pytest

from league.competitions.models import AuditEntry, Competition, Entry, Match, Round
from league.competitions.results.services import correct_result
from league.competitions.tasks import result_confirmed
from tests.formats.builders import Club, better_seed, by_key, committed, play_out, scheduled, win

pytestmark = pytest.mark.django_db


def rows(competition: Competition) -> dict:
    return {
        "competition": list(Competition.objects.filter(pk=competition.pk).values()),
        "entries": list(Entry.objects.filter(competition=competition).order_by("pk").values()),
        "rounds": list(Round.objects.filter(competition=competition).order_by("pk").values()),
        "matches": list(Match.objects.filter(competition=competition).order_by("pk").values()),
        "audit": list(AuditEntry.objects.filter(match__competition=competition)
                      .order_by("pk").values()),
    }


def run_twice(competition: Competition, match: Match) -> None:
    before = rows(competition)
    result_confirmed.apply(args=[match.pk], throw=True)
    once = rows(competition)
    assert once == before  # the follow-up already ran when the result was confirmed
    result_confirmed.apply(args=[match.pk], throw=True)
    assert rows(competition) == once


def test_knockout_follow_up_twice_changes_nothing():
    competition = Club(8).competition(Competition.Format.DOUBLE_ELIMINATION)
    for match in scheduled(competition)[:3]:
        last = win(match, better_seed(match))
    run_twice(competition, last)


def test_swiss_follow_up_twice_pairs_one_next_round():
    competition = Club(6).competition(Competition.Format.SWISS, swiss_rounds=3)
    for match in scheduled(competition):
        last = win(match, "A")
    assert competition.rounds.count() == 2
    run_twice(competition, last)
    assert competition.rounds.count() == 2


def test_follow_up_after_a_correction_with_a_decision_pending_twice_changes_nothing():
    club = Club(4)
    competition = club.competition(Competition.Format.SINGLE_ELIMINATION)
    play_out(competition, better_seed)
    semi = by_key(competition)["W1-0"]
    with committed():
        correct_result(semi.pk, actor=club.organizer, winner="B", games_a=0, games_b=1,
                       comment="Wrong winner entered.", overrides_games=True)
    assert AuditEntry.objects.filter(action="needs decision").count() == 1
    run_twice(competition, semi)


def test_finishing_twice_leaves_one_finished_league():
    competition = Club(3).competition(Competition.Format.LEAGUE)
    play_out(competition, better_seed)
    competition.refresh_from_db()
    assert competition.status == Competition.Status.FINISHED
    run_twice(competition, competition.matches.exclude(kind=Match.Kind.BYE).last())
