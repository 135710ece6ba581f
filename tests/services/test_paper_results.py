"""Results from paper: an organizer enters games from their totals or hand by hand, a result he
enters for others counts at once, he may confirm for a player, and unanswered reports are
confirmed once the club's hours pass."""

from datetime import UTC, datetime, timedelta

import pytest
import time_machine

from league.clubs.models import Player
from league.competitions.models import AuditEntry, Competition, Match, ResultReport
from league.competitions.results.deadlines import confirm_overdue_results
from league.competitions.results.services import (
    confirm_for_player,
    dispute_result,
    report_result,
)
from league.competitions.standings.services import competition_standings
from league.core.errors import NotAllowed, ServiceError
from league.games.models import Game
from league.games.services import HandEntry, enter_game_totals, record_hand, start_game
from tests.factories import MatchFactory, UserFactory, finished_game
from tests.formats.builders import Club, committed

pytestmark = pytest.mark.django_db


def by_key(competition):
    return {m.key: m for m in competition.matches.select_related("entry_a__player",
                                                                  "entry_b__player")}


def organizer_of(match):
    user = UserFactory()
    match.competition.season.club.organizers.add(user)
    return user


def test_club_night_without_accounts_finished_by_the_organizer():
    """Four players with no account: the organizer enters both semi-finals from their totals
    and the final hand by hand; each counts at once and the bracket moves on."""
    club = Club(4)
    Player.objects.filter(club=club.club).update(user=None)
    knockout = club.competition(Competition.Format.SINGLE_ELIMINATION)
    semis = [m for k, m in sorted(by_key(knockout).items()) if k.startswith("W1-")]
    for semi in semis:
        with committed():
            enter_game_totals(semi.pk, actor=club.organizer, total_a=104, total_b=37, hands=6)
            report_result(semi.pk, actor=club.organizer)
        semi.refresh_from_db()
        assert semi.status == Match.Status.CONFIRMED and semi.winner_id == semi.entry_a_id
        assert AuditEntry.objects.filter(match=semi,
                                         action="entered by an organizer, confirmed").exists()
    final = by_key(knockout)["W2-0"]
    assert {final.entry_a_id, final.entry_b_id} == {s.entry_a_id for s in semis}
    game = start_game(final.pk, actor=club.organizer)
    for _ in range(4):  # four gins of 25 (the defender had no deadwood): 100 ends the game
        record_hand(game.pk, HandEntry(outcome="gin", winner="B", points=25), actor=club.organizer)
    with committed():
        report_result(final.pk, actor=club.organizer)
    final.refresh_from_db()
    knockout.refresh_from_db()
    assert final.status == Match.Status.CONFIRMED and final.winner_id == final.entry_b_id
    assert knockout.status == Competition.Status.FINISHED


def test_league_standings_move_with_an_organizer_entered_result():
    club = Club(2)
    league = club.competition(Competition.Format.LEAGUE)
    match = league.matches.get()
    with committed():
        enter_game_totals(match.pk, actor=club.organizer, total_a=20, total_b=112, hands=5)
        report_result(match.pk, actor=club.organizer)
    top = competition_standings(league).rows[0]
    assert top.entry_id == match.entry_b_id and top.won == 1
    assert (top.game_points_for, top.game_points_against) == (112, 20)


def test_totals_a_game_cannot_end_on_are_refused():
    match = MatchFactory()
    organizer = organizer_of(match)
    with pytest.raises(ServiceError, match="Nobody reached 100"):
        enter_game_totals(match.pk, actor=organizer, total_a=90, total_b=40, hands=7)
    assert not Game.objects.filter(match=match).exists()


def test_only_an_organizer_enters_totals():
    match = MatchFactory()
    with pytest.raises(NotAllowed):
        enter_game_totals(match.pk, actor=match.entry_a.player.user, total_a=104, total_b=0,
                          hands=4)


def test_a_game_entered_from_totals_takes_no_hands():
    match = MatchFactory(competition__match_games=2)
    organizer = organizer_of(match)
    game = enter_game_totals(match.pk, actor=organizer, total_a=104, total_b=0, hands=4)
    assert game.is_finished and game.winner == "A" and game.hands_played == 4
    with pytest.raises(ServiceError, match="final totals"):
        record_hand(game.pk, HandEntry(outcome="gin", winner="A", points=25), actor=organizer)


def test_organizer_reporting_his_own_match_waits_for_his_opponent():
    match = MatchFactory(status=Match.Status.IN_PROGRESS)
    organizer = match.entry_a.player.user
    match.competition.season.club.organizers.add(organizer)
    finished_game(match, 1, "A")  # played on the scoresheet: his own paper entry is refused
    report_result(match.pk, actor=organizer)
    match.refresh_from_db()
    assert match.status == Match.Status.REPORTED
    with pytest.raises(NotAllowed):
        confirm_for_player(match.pk, actor=organizer, reason="He said so")


def reported_by_a(match):
    organizer = organizer_of(match)
    enter_game_totals(match.pk, actor=organizer, total_a=104, total_b=0, hands=4)
    Match.objects.filter(pk=match.pk).update(status=Match.Status.IN_PROGRESS)
    report_result(match.pk, actor=match.entry_a.player.user)
    return organizer


def test_organizer_confirms_for_a_player_with_a_reason():
    match = MatchFactory()
    organizer = reported_by_a(match)
    with pytest.raises(ServiceError, match="Say why"):
        confirm_for_player(match.pk, actor=organizer, reason="  ")
    confirm_for_player(match.pk, actor=organizer, reason="B has no account; agreed at the table")
    match.refresh_from_db()
    assert match.status == Match.Status.CONFIRMED
    entry = AuditEntry.objects.get(match=match, action="confirmed by an organizer for the player")
    assert entry.actor == organizer and entry.comment == "B has no account; agreed at the table"


def test_a_player_cannot_confirm_for_his_opponent():
    match = MatchFactory()
    reported_by_a(match)
    with pytest.raises(NotAllowed):
        confirm_for_player(match.pk, actor=match.entry_b.player.user, reason="I agree")


REPORTED_AT = datetime(2025, 3, 1, 20, 0, tzinfo=UTC)


def test_unanswered_report_is_confirmed_after_the_clubs_hours():
    match = MatchFactory()
    with time_machine.travel(REPORTED_AT, tick=False):
        reported_by_a(match)
    with time_machine.travel(REPORTED_AT + timedelta(hours=47, minutes=59), tick=False):
        assert confirm_overdue_results() == []
    with time_machine.travel(REPORTED_AT + timedelta(hours=48), tick=False), committed():
        assert confirm_overdue_results() == [match.pk]
        assert confirm_overdue_results() == []  # a second run changes nothing
    match.refresh_from_db()
    assert match.status == Match.Status.CONFIRMED and match.winner_id == match.entry_a_id
    [entry] = AuditEntry.objects.filter(match=match, action="confirmed automatically")
    assert entry.actor is None
    assert match.entry_b.player.name in entry.comment and "48 hours" in entry.comment


def test_report_disputed_before_its_deadline_is_left_alone():
    match = MatchFactory()
    with time_machine.travel(REPORTED_AT, tick=False):
        reported_by_a(match)
    with time_machine.travel(REPORTED_AT + timedelta(hours=5), tick=False):
        dispute_result(match.pk, actor=match.entry_b.player.user, comment="Hand 2 was 15, not 50")
    with time_machine.travel(REPORTED_AT + timedelta(days=10), tick=False):
        assert confirm_overdue_results() == []
    match.refresh_from_db()
    assert match.status == Match.Status.DISPUTED
    assert match.reports.get().status == ResultReport.Status.DISPUTED


def test_a_club_may_never_confirm_automatically():
    match = MatchFactory()
    club = match.competition.season.club
    club.confirm_within_hours = None
    club.save()
    with time_machine.travel(REPORTED_AT, tick=False):
        reported_by_a(match)
    with time_machine.travel(REPORTED_AT + timedelta(days=365), tick=False):
        assert confirm_overdue_results() == []


def test_the_deadline_task_is_scheduled(settings):
    tasks = {entry["task"] for entry in settings.CELERY_BEAT_SCHEDULE.values()}
    assert "competitions.tasks.confirm_overdue_results" in tasks


def test_head_to_head_of_players_who_have_not_all_met_is_starred_with_its_note():
    """Ada beat Bea, Bea beat Cy, Cy beat Dot: three level on points, Ada and Cy yet to meet."""
    from league.competitions.algorithms.standings import MatchResult
    from league.competitions.standings.services import table_of_entries

    club = Club(4)
    league = club.competition(Competition.Format.LEAGUE)
    ada, bea, cy, dot = entries = list(league.entries.order_by("seed"))
    results = [MatchResult(ada.pk, bea.pk, ada.pk, round=1),
               MatchResult(bea.pk, cy.pk, bea.pk, round=2),
               MatchResult(cy.pk, dot.pk, cy.pk, round=3)]
    table = table_of_entries(league, entries, results)
    shown = {row.entry_id: v.shown for row in table.rows for v in row.tiebreaks
             if v.tiebreak == "head_to_head"}
    win = table.points.win
    assert (shown[ada.pk], shown[bea.pk], shown[cy.pk]) == (f"{win}*", f"{win}*", "0*")
    assert any("Not everyone level on these points has met" in note for note in table.notes)
    all_met = [*results, MatchResult(cy.pk, ada.pk, cy.pk, round=4)]
    complete = table_of_entries(league, entries, all_met)
    assert not any("Not everyone" in note for note in complete.notes)
