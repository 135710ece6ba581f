"""Two-party verification of match results."""

import pytest

from league.competitions.models import AuditEntry, Match, ResultReport
from league.competitions.results.services import (
    confirm_result,
    correct_result,
    dispute_result,
    match_outcome,
    report_result,
    resolve_dispute,
)
from league.core.errors import NotAllowed, ServiceError
from league.games.models import Game
from tests.factories import MatchFactory, PlayerFactory, UserFactory, finished_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def match():
    m = MatchFactory(status=Match.Status.IN_PROGRESS)
    finished_game(m, 1, "A")
    return m


@pytest.fixture
def organizer(match):
    user = UserFactory()
    match.competition.season.club.organizers.add(user)
    return user


def player_a(match):
    return match.entry_a.player.user


def player_b(match):
    return match.entry_b.player.user


def test_reported_result_counts_nowhere_until_confirmed(match):
    report_result(match.pk, actor=player_a(match))
    match.refresh_from_db()
    assert match.status == Match.Status.REPORTED
    assert match.winner is None
    assert ResultReport.objects.get(match=match).status == ResultReport.Status.PENDING


def test_opponent_confirms_and_the_result_counts(match):
    report_result(match.pk, actor=player_a(match))
    confirm_result(match.pk, actor=player_b(match))
    match.refresh_from_db()
    assert match.status == Match.Status.CONFIRMED
    assert match.winner == match.entry_a
    assert (match.games_a, match.games_b) == (1, 0)
    assert list(AuditEntry.objects.filter(match=match).values_list("action", flat=True)) == [
        "confirmed", "reported",
    ]


def test_nobody_confirms_their_own_report(match):
    report_result(match.pk, actor=player_a(match))
    with pytest.raises(NotAllowed, match="your opponent must confirm"):
        confirm_result(match.pk, actor=player_a(match))
    match.refresh_from_db()
    assert match.status == Match.Status.REPORTED


def test_a_stranger_cannot_confirm(match):
    report_result(match.pk, actor=player_a(match))
    stranger = PlayerFactory(club=match.competition.season.club).user
    with pytest.raises(NotAllowed):
        confirm_result(match.pk, actor=stranger)


def test_organizer_report_for_a_match_he_does_not_play_counts_at_once(match, organizer):
    report_result(match.pk, actor=organizer)
    match.refresh_from_db()
    assert match.is_confirmed
    assert AuditEntry.objects.filter(match=match, action="entered by an organizer, confirmed",
                                     actor=organizer).exists()
    with pytest.raises(ServiceError, match="no result to confirm"):
        confirm_result(match.pk, actor=player_b(match))


def test_result_cannot_be_reported_before_the_games_decide_it():
    m = MatchFactory(status=Match.Status.IN_PROGRESS)
    m.competition.match_games = 2
    m.competition.save()
    finished_game(m, 1, "A")
    with pytest.raises(ServiceError, match="not decided"):
        report_result(m.pk, actor=m.entry_a.player.user)
    assert not ResultReport.objects.exists()


def test_another_clubs_organizer_cannot_report(match):
    other = UserFactory()
    PlayerFactory().club.organizers.add(other)
    with pytest.raises(NotAllowed):
        report_result(match.pk, actor=other)


def test_dispute_needs_a_comment_and_goes_to_the_organizer(match, organizer):
    report_result(match.pk, actor=player_a(match))
    with pytest.raises(ServiceError, match="Say what is wrong"):
        dispute_result(match.pk, actor=player_b(match), comment="  ")
    dispute_result(match.pk, actor=player_b(match), comment="Hand 3 was an undercut")
    match.refresh_from_db()
    assert match.status == Match.Status.DISPUTED
    with pytest.raises(NotAllowed):
        resolve_dispute(match.pk, actor=player_a(match), uphold=True)
    resolve_dispute(match.pk, actor=organizer, uphold=True, comment="Checked the sheet")
    match.refresh_from_db()
    assert match.is_confirmed and match.winner == match.entry_a


def test_rejected_dispute_reopens_the_games(match, organizer):
    report_result(match.pk, actor=player_a(match))
    dispute_result(match.pk, actor=player_b(match), comment="wrong")
    resolve_dispute(match.pk, actor=organizer, uphold=False)
    match.refresh_from_db()
    assert match.status == Match.Status.IN_PROGRESS
    assert ResultReport.objects.get(match=match).status == ResultReport.Status.REJECTED


def test_only_an_organizer_corrects_a_confirmed_result_and_history_is_kept(match, organizer):
    report_result(match.pk, actor=player_a(match))
    confirm_result(match.pk, actor=player_b(match))
    with pytest.raises(NotAllowed):
        correct_result(match.pk, actor=player_b(match), winner="B", games_a=0, games_b=1,
                       comment="mine", overrides_games=True)
    correct_result(match.pk, actor=organizer, winner="B", games_a=0, games_b=1,
                   comment="Scoresheet error in game 1", overrides_games=True)
    match.refresh_from_db()
    assert match.winner == match.entry_b
    correction = AuditEntry.objects.filter(match=match, action="corrected").get()
    assert correction.before["winner"] == match.entry_a_id
    assert correction.after["winner"] == match.entry_b_id
    assert ResultReport.objects.filter(match=match, status="confirmed").count() == 1
    assert ResultReport.objects.filter(match=match, status="superseded").count() == 1


def test_correction_needs_a_reason(match, organizer):
    report_result(match.pk, actor=player_a(match))
    confirm_result(match.pk, actor=player_b(match))
    with pytest.raises(ServiceError, match="Say why"):
        correct_result(match.pk, actor=organizer, winner="B", games_a=0, games_b=1, comment="", overrides_games=True)
    match.refresh_from_db()
    assert match.winner == match.entry_a


def test_first_to_two_games_is_decided_by_the_second_win():
    m = MatchFactory()
    m.competition.match_games = 2
    games = [Game(status="finished", winner=w) for w in "ABA"]
    assert match_outcome(m, games[:2]).decided is False
    outcome = match_outcome(m, games)
    assert (outcome.decided, outcome.winner, outcome.games_a, outcome.games_b) == (True, "A", 2, 1)


def test_fixed_games_can_end_in_a_draw_in_a_league():
    m = MatchFactory()
    m.competition.match_format = "fixed_games"
    m.competition.match_games = 2
    outcome = match_outcome(m, [Game(status="finished", winner=w) for w in "AB"])
    assert outcome.decided and outcome.winner is None


@pytest.mark.parametrize(
    ("kind", "games_a", "field"),
    [("bye", 1, "kind"), ("triumph", 1, "kind"), ("played", -1, "games_a"), ("played", 400, "games_a")],
)
def test_correction_with_an_impossible_kind_or_score_is_refused(match, organizer, kind, games_a, field):
    report_result(match.pk, actor=player_a(match))
    confirm_result(match.pk, actor=player_b(match))
    with pytest.raises(ServiceError) as refused:
        correct_result(match.pk, actor=organizer, winner="A", games_a=games_a, games_b=0,
                       kind=kind, comment="fix", overrides_games=True)
    assert refused.value.field == field
    match.refresh_from_db()
    assert (match.kind, match.games_a) == ("played", 1)


def test_a_correction_against_the_games_is_refused_unless_it_overrides_them(match, organizer):
    report_result(match.pk, actor=organizer)  # game 1 won by A: confirmed at once
    with pytest.raises(ServiceError, match="The games say 1–0") as refused:
        correct_result(match.pk, actor=organizer, winner="B", games_a=0, games_b=1,
                       comment="B wins")
    assert refused.value.field == "overrides_games"
    with pytest.raises(ServiceError, match="Say why"):
        correct_result(match.pk, actor=organizer, winner="B", games_a=0, games_b=1, comment="",
                       overrides_games=True)
    correct_result(match.pk, actor=organizer, winner="B", games_a=0, games_b=1,
                   comment="Director's penalty: A looked through the discard pile",
                   overrides_games=True)
    match.refresh_from_db()
    assert match.winner_id == match.entry_b_id
    assert AuditEntry.objects.get(match=match, action="corrected").after["overrides_games"] is True


def test_a_correction_that_agrees_with_the_games_needs_no_override(match, organizer):
    report_result(match.pk, actor=organizer)
    correct_result(match.pk, actor=organizer, winner="A", games_a=1, games_b=0,
                   comment="Re-entered after a hand was checked")
    assert "overrides_games" not in AuditEntry.objects.get(match=match, action="corrected").after


def test_an_organizer_who_plays_in_the_match_cannot_decide_its_dispute(match, organizer):
    playing_organizer = player_a(match)
    match.competition.season.club.organizers.add(playing_organizer)
    report_result(match.pk, actor=playing_organizer)
    dispute_result(match.pk, actor=player_b(match), comment="Game 1 was mine")
    for uphold in (True, False):
        with pytest.raises(NotAllowed, match="You play in this match: another organizer"):
            resolve_dispute(match.pk, actor=playing_organizer, uphold=uphold)
    match.refresh_from_db()
    assert match.status == Match.Status.DISPUTED
    resolve_dispute(match.pk, actor=organizer, uphold=False, comment="Replay game 1")
    match.refresh_from_db()
    assert match.status == Match.Status.IN_PROGRESS


@pytest.mark.parametrize(("winner", "games_a", "games_b", "problem"), [
    ("A", 0, 3, "the winner wins more games"),
    ("A", 3, 0, "In a first-to-1 match the winner wins exactly 1 games"),
    ("B", 1, 1, "the winner wins more games"),
    (None, 0, 0, "choose the winner"),
])
def test_a_correction_whose_games_do_not_give_its_winner_is_refused(
    match, organizer, winner, games_a, games_b, problem,
):
    report_result(match.pk, actor=player_a(match))
    confirm_result(match.pk, actor=player_b(match))
    with pytest.raises(ServiceError, match=problem) as refused:
        correct_result(match.pk, actor=organizer, winner=winner, games_a=games_a,
                       games_b=games_b, comment="Recount")
    assert refused.value.field == "games_a"
    match.refresh_from_db()
    assert (match.winner, match.games_a, match.games_b) == (match.entry_a, 1, 0)
    correct_result(match.pk, actor=organizer, winner="B", games_a=0, games_b=1, comment="Recount",
                   overrides_games=True)
    match.refresh_from_db()
    assert (match.winner, match.games_a, match.games_b) == (match.entry_b, 0, 1)
