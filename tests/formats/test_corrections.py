"""A corrected result after the bracket moved on: a match not started is repaired; a match
that has started is left alone and an organizer decides (reset it or keep it)."""

import pytest

from league.competitions.formats.decide import keep_match, reset_match
from league.competitions.formats.decisions import pending_decisions
from league.competitions.models import AuditEntry, Competition, Match
from league.competitions.results.services import correct_result
from league.core.errors import NotAllowed, ServiceError
from league.games.models import Game
from tests.formats.builders import Club, better_seed, by_key, committed, play_out, win

pytestmark = pytest.mark.django_db


@pytest.fixture
def club():
    return Club(8)


@pytest.fixture
def knockout(club):
    """Quarter-finals W1-0 (P01 beat P08) and W1-1 (P04 beat P05) confirmed: W2-0 is P01 v P04."""
    competition = club.competition(Competition.Format.SINGLE_ELIMINATION)
    win(by_key(competition)["W1-0"], "A")
    win(by_key(competition)["W1-1"], "A")
    return competition


def correct(club, match: Match, winner: str) -> None:
    with committed():
        correct_result(match.pk, actor=club.organizer, winner=winner,
                       games_a=int(winner == "A"), games_b=int(winner == "B"),
                       comment="The scores were added up wrongly.", overrides_games=True)


def names(match: Match) -> tuple[str | None, str | None]:
    return tuple(e.player.name if e else None for e in (match.entry_a, match.entry_b))


def test_a_correction_repairs_the_next_match_when_it_has_not_started(club, knockout):
    assert names(by_key(knockout)["W2-0"]) == ("P01", "P04")
    correct(club, by_key(knockout)["W1-0"], "B")
    semi = by_key(knockout)["W2-0"]
    assert names(semi) == ("P08", "P04") and semi.status == Match.Status.SCHEDULED
    reseated = AuditEntry.objects.get(match=semi, action="re-seated")
    assert reseated.before["entry_a"] != reseated.after["entry_a"]
    assert pending_decisions(knockout) == []


def test_a_correction_leaves_a_started_match_alone_and_asks_the_organizer(club, knockout):
    semi = by_key(knockout)["W2-0"]
    win(semi, "A")  # P01 beat P04: the final now has P01
    correct(club, by_key(knockout)["W1-0"], "B")  # ... but P08 had won the quarter-final
    semi = by_key(knockout)["W2-0"]
    assert names(semi) == ("P01", "P04") and semi.status == Match.Status.CONFIRMED
    [decision] = pending_decisions(knockout)
    assert decision.match.key == "W2-0" and decision.depends_on == ("W3-0",)
    assert "after the corrected result of W1-0 it now belongs to P08 v P04" in decision.comment
    assert "Depending on it: W3-0" in decision.comment


def test_a_pending_decision_is_asked_once_and_keeps_the_competition_open(club, knockout):
    win(by_key(knockout)["W2-0"], "A")
    correct(club, by_key(knockout)["W1-0"], "B")
    with committed():
        correct_result(by_key(knockout)["W1-1"].pk, actor=club.organizer, winner="A", games_a=1,
                       games_b=0, comment="Same winner, the tally re-entered.", overrides_games=True)
    assert AuditEntry.objects.filter(action="needs decision").count() == 1
    play_out(knockout, better_seed)
    knockout.refresh_from_db()
    assert knockout.status == Competition.Status.RUNNING
    final = by_key(knockout)["W3-0"]  # waits for the decision on W2-0
    assert final.status == Match.Status.PENDING and names(final) == (None, "P02")


def test_reset_voids_the_games_and_reseats_the_match_from_the_bracket(club, knockout):
    win(by_key(knockout)["W2-0"], "A")
    correct(club, by_key(knockout)["W1-0"], "B")
    semi = by_key(knockout)["W2-0"]
    with committed():
        reset_match(semi.pk, actor=club.organizer)
    semi = by_key(knockout)["W2-0"]
    assert names(semi) == ("P08", "P04") and semi.status == Match.Status.SCHEDULED
    assert semi.winner is None and not Game.objects.filter(match=semi).exists()
    reset = AuditEntry.objects.get(match=semi, action="decision: reset")
    assert reset.before["winner"] is not None and len(reset.before["games"]) == 1
    assert pending_decisions(knockout) == []
    assert names(by_key(knockout)["W3-0"])[0] is None  # the final waits for the replay
    play_out(knockout, better_seed)
    knockout.refresh_from_db()
    assert knockout.status == Competition.Status.FINISHED


def test_keep_lets_the_match_stand_with_the_players_who_played_it(club, knockout):
    win(by_key(knockout)["W2-0"], "A")
    correct(club, by_key(knockout)["W1-0"], "B")
    with committed():
        keep_match(by_key(knockout)["W2-0"].pk, actor=club.organizer)
    assert pending_decisions(knockout) == []
    assert names(by_key(knockout)["W3-0"])[0] == "P01"
    play_out(knockout, better_seed)
    knockout.refresh_from_db()
    assert knockout.status == Competition.Status.FINISHED
    assert by_key(knockout)["W3-0"].winner.player.name == "P01"


def test_only_an_organizer_decides_and_only_when_there_is_something_to_decide(club, knockout):
    semi = by_key(knockout)["W2-0"]
    with pytest.raises(ServiceError, match="no decision to make"):
        reset_match(semi.pk, actor=club.organizer)
    win(semi, "A")
    correct(club, by_key(knockout)["W1-0"], "B")
    player = semi.entry_a.player.user
    with pytest.raises(NotAllowed):
        keep_match(semi.pk, actor=player)
    with pytest.raises(NotAllowed):
        reset_match(semi.pk, actor=player)
    assert len(pending_decisions(knockout)) == 1


def test_correcting_the_final_changes_the_champion_of_a_finished_knockout(club):
    competition = club.competition(Competition.Format.SINGLE_ELIMINATION)
    play_out(competition, better_seed)
    correct(club, by_key(competition)["W3-0"], "B")
    competition.refresh_from_db()
    assert competition.status == Competition.Status.FINISHED
    assert by_key(competition)["W3-0"].winner.player.name == "P02"


def test_correcting_a_semi_final_after_the_final_reopens_the_knockout(club):
    competition = club.competition(Competition.Format.SINGLE_ELIMINATION)
    play_out(competition, better_seed)
    correct(club, by_key(competition)["W2-0"], "B")
    competition.refresh_from_db()
    assert competition.status == Competition.Status.RUNNING
    assert [d.match.key for d in pending_decisions(competition)] == ["W3-0"]


def test_a_second_correction_that_puts_the_bracket_back_needs_no_decision(club, knockout):
    win(by_key(knockout)["W2-0"], "A")
    correct(club, by_key(knockout)["W1-0"], "B")
    assert len(pending_decisions(knockout)) == 1
    correct(club, by_key(knockout)["W1-0"], "A")
    assert pending_decisions(knockout) == []
    assert AuditEntry.objects.filter(action="decision: not needed").count() == 1
    play_out(knockout, better_seed)
    knockout.refresh_from_db()
    assert knockout.status == Competition.Status.FINISHED
