"""Two people acting on the same thing at the same instant: exactly one
takes effect, the other is told why not, and what follows a result runs once.

Each race runs REPEATS times on a fresh match, in real parallel threads (tests/reliability/
conftest.py), on PostgreSQL."""

from __future__ import annotations

import threading
import uuid
from functools import partial

import pytest

from gameplay.engine import Ruleset
from league.competitions.formats import progression
from league.competitions.formats.draws import start_competition
from league.competitions.models import AuditEntry, Competition, Match, ResultReport
from league.competitions.results.services import (
    confirm_result,
    correct_result,
    dispute_result,
    report_result,
)
from league.games.models import Game, Hand
from league.games.services import HandEntry, record_hand, start_game, undo_last_hand
from league.games.services.repeats import EntryConflict
from league.notifications.models import Kind, Notification
from league.notifications.services import notify
from tests.factories import (
    CompetitionFactory,
    EntryFactory,
    MatchFactory,
    UserFactory,
    decided_match,
    game_played,
)

from .conftest import at_once, one_took_effect, postgres_only

pytestmark = [*postgres_only, pytest.mark.django_db(transaction=True)]

REPEATS = 6


def reported_match() -> Match:
    match = decided_match()
    report_result(match.pk, actor=match.entry_a.player.user)
    return match


def confirmed_match() -> Match:
    match = reported_match()
    confirm_result(match.pk, actor=match.entry_b.player.user)
    match.refresh_from_db()
    return match


def organizer_of(match: Match):
    user = UserFactory()
    match.competition.season.club.organizers.add(user)
    return user


@pytest.fixture
def follow_ups(monkeypatch) -> list[int]:
    """The match ids the progression follow-up ran for (the task runs it after the commit)."""
    ran: list[int] = []
    lock = threading.Lock()
    original = progression.follow_up_confirmed_result

    def counted(match_id: int) -> None:
        with lock:
            ran.append(match_id)
        original(match_id)

    monkeypatch.setattr(progression, "follow_up_confirmed_result", counted)
    return ran


def test_a_result_confirmed_twice_at_once_counts_once(follow_ups):
    for _ in range(REPEATS):
        match = reported_match()
        opponent = match.entry_b.player.user
        _, refused = one_took_effect(at_once(
            partial(confirm_result, match.pk, actor=opponent),
            partial(confirm_result, match.pk, actor=opponent),
        ))
        assert refused.refusal.message == "There is no result to confirm for this match."
        assert ResultReport.objects.filter(match=match, status="confirmed").count() == 1
        assert AuditEntry.objects.filter(match=match, action="confirmed").count() == 1
        assert follow_ups.count(match.pk) == 1
        # The league's only match is confirmed: the competition finishes, once.
        assert Competition.objects.get(pk=match.competition_id).status == "finished"


def test_confirm_and_dispute_at_once_one_of_them_stands():
    for _ in range(REPEATS):
        match = reported_match()
        opponent = match.entry_b.player.user
        winner, refused = one_took_effect(at_once(
            partial(confirm_result, match.pk, actor=opponent),
            partial(dispute_result, match.pk, actor=opponent, comment="Game 1 was mine."),
        ))
        assert refused.refusal.message in (
            "There is no result to confirm for this match.",
            "There is no result to dispute for this match.",
        )
        match.refresh_from_db()
        expected = "confirmed" if isinstance(winner.value, Match) else "disputed"
        assert match.status == expected
        assert list(match.reports.values_list("status", flat=True)) == [expected]
        assert AuditEntry.objects.filter(match=match).exclude(action="reported").count() == 1


def test_a_result_reported_twice_at_once_is_reported_once():
    for _ in range(REPEATS):
        match = decided_match()
        player = match.entry_a.player.user
        opponent = match.entry_b.player.user
        _, refused = one_took_effect(at_once(
            partial(report_result, match.pk, actor=player),
            partial(report_result, match.pk, actor=opponent),
        ))
        assert refused.refusal.message == "This match is reported, awaiting confirmation: nothing to report."
        assert ResultReport.objects.filter(match=match).count() == 1
        assert AuditEntry.objects.filter(match=match, action="reported").count() == 1


def test_two_organizers_correcting_the_same_result_one_correction_stands(follow_ups):
    for _ in range(REPEATS):
        match = confirmed_match()
        first, second = organizer_of(match), organizer_of(match)
        seen = match.confirmed_at  # both opened the page showing this confirmed result
        won, refused = one_took_effect(at_once(
            partial(correct_result, match.pk, actor=first, winner="B", games_a=0, games_b=1,
                    comment="Penalty: B is given game 1.", overrides_games=True,
                    expected_confirmed_at=seen),
            partial(correct_result, match.pk, actor=second, winner="A", games_a=1, games_b=0,
                    kind=Match.Kind.FORFEIT, comment="B forfeited.", expected_confirmed_at=seen),
        ))
        assert refused.refusal.message == (
            "Someone else changed this result while you were correcting it: nothing was "
            "changed. Check the result and correct it again if needed.")
        match.refresh_from_db()
        assert (match.winner_id, match.games_a, match.games_b, match.kind) == (
            won.value.winner_id, won.value.games_a, won.value.games_b, won.value.kind)
        assert AuditEntry.objects.filter(match=match, action="corrected").count() == 1
        statuses = sorted(match.reports.values_list("status", flat=True))
        assert statuses == ["confirmed", "superseded"]
        assert follow_ups.count(match.pk) == 2  # the confirmation, then one correction


def test_a_hand_entered_twice_by_a_double_tap_is_entered_once():
    for _ in range(REPEATS):
        match = MatchFactory()
        player = match.entry_a.player.user
        game = start_game(match.pk, actor=player)
        knock = HandEntry(outcome="knock", winner="A", points=12, expected_number=1)
        both = at_once(
            partial(record_hand, game.pk, knock, actor=player),
            partial(record_hand, game.pk, knock, actor=player),
        )
        assert [o.took_effect for o in both] == [True, True]  # the second is the first's hand
        assert both[0].value.pk == both[1].value.pk
        game.refresh_from_db()
        assert Hand.objects.filter(game=game).count() == 1
        assert (game.total_a, game.total_b) == (12, 0)


def test_one_entry_sent_twice_at_once_is_saved_once_and_both_answered_with_it():
    for _ in range(REPEATS):
        match = MatchFactory()
        player = match.entry_a.player.user
        game = start_game(match.pk, actor=player)
        key = str(uuid.uuid4())  # made by the phone, unique over every game
        knock = HandEntry(outcome="knock", winner="A", points=12, expected_number=1,
                          entry_key=key)
        both = at_once(
            partial(record_hand, game.pk, knock, actor=player),
            partial(record_hand, game.pk, knock, actor=player),
        )
        assert {o.value.pk for o in both if o.took_effect} == {game.hands.get().pk}
        assert len([o for o in both if o.took_effect]) == 2
        assert game.hands.get().entry_key == key


def test_the_same_hand_from_both_phones_at_once_is_saved_once():
    for _ in range(REPEATS):
        match = MatchFactory()
        game = start_game(match.pk, actor=match.entry_a.player.user)
        gin = [HandEntry(outcome="gin", winner="A", points=45, expected_number=1,
                         entry_key=str(uuid.uuid4())) for _ in "ab"]
        both = at_once(
            partial(record_hand, game.pk, gin[0], actor=match.entry_a.player.user),
            partial(record_hand, game.pk, gin[1], actor=match.entry_b.player.user),
        )
        assert all(o.took_effect for o in both), [o.refusal and o.refusal.message for o in both]
        assert both[0].value.pk == both[1].value.pk
        game.refresh_from_db()
        assert (game.hands.count(), game.total_a) == (1, 45)


def test_both_players_entering_the_same_hand_at_once_enter_it_once():
    for _ in range(REPEATS):
        match = MatchFactory()
        game = start_game(match.pk, actor=match.entry_a.player.user)
        gin_a = HandEntry(outcome="gin", winner="A", points=45, expected_number=1)
        knock_b = HandEntry(outcome="knock", winner="B", points=8, expected_number=1)
        won, refused = one_took_effect(at_once(
            partial(record_hand, game.pk, gin_a, actor=match.entry_a.player.user),
            partial(record_hand, game.pk, knock_b, actor=match.entry_b.player.user),
        ))
        assert isinstance(refused.refusal, EntryConflict)  # shown beside the saved hand
        hand = Hand.objects.get(game=game)
        assert (hand.outcome, hand.points) == (won.value.outcome, won.value.points)
        game.refresh_from_db()
        assert game.total_a + game.total_b == won.value.points


def test_an_undo_tapped_twice_undoes_one_hand():
    for _ in range(REPEATS):
        match = MatchFactory()
        player = match.entry_a.player.user
        game = start_game(match.pk, actor=player)
        for number, points in ((1, 10), (2, 7)):
            record_hand(game.pk, HandEntry(outcome="knock", winner="A", points=points,
                                           expected_number=number), actor=player)
        _, refused = one_took_effect(at_once(
            partial(undo_last_hand, game.pk, actor=player, expected_number=2),
            partial(undo_last_hand, game.pk, actor=player, expected_number=2),
        ))
        assert refused.refusal.message == "Hand 2 was already undone; the scoresheet has been updated."
        game.refresh_from_db()
        assert list(game.hands.values_list("number", flat=True)) == [1]
        assert game.total_a == 10


def test_two_players_starting_a_game_at_once_start_one():
    for _ in range(REPEATS):
        match = MatchFactory()
        _, refused = one_took_effect(at_once(
            partial(start_game, match.pk, actor=match.entry_a.player.user),
            partial(start_game, match.pk, actor=match.entry_b.player.user),
        ))
        assert refused.refusal.message == "Finish the game in progress before starting another."
        assert list(Game.objects.filter(match=match).values_list("number", flat=True)) == [1]
        match.refresh_from_db()
        assert match.status == Match.Status.IN_PROGRESS


def knockout_semi_final_reported() -> tuple[Match, Match]:
    """A knockout of four, drawn by the service; a semi-final's result reported. (semi, final)"""
    competition = CompetitionFactory(format=Competition.Format.SINGLE_ELIMINATION,
                                     status=Competition.Status.DRAFT)
    for _ in range(4):
        EntryFactory(competition=competition)
    organizer = UserFactory()
    competition.season.club.organizers.add(organizer)
    start_competition(competition.pk, actor=organizer)
    semi = competition.matches.filter(status=Match.Status.SCHEDULED).order_by("pk").first()
    final = competition.matches.exclude(status=Match.Status.SCHEDULED).get()
    game_played(match=semi, number=1, ruleset=Ruleset().to_dict(), target_score=100,
                status=Game.Status.FINISHED, winner="B", total_a=30, total_b=110)
    Match.objects.filter(pk=semi.pk).update(status=Match.Status.IN_PROGRESS)
    report_result(semi.pk, actor=semi.entry_b.player.user)
    return semi, final


def test_a_knockout_result_confirmed_twice_at_once_advances_the_winner_once(follow_ups):
    for _ in range(REPEATS):
        semi, final = knockout_semi_final_reported()
        opponent = semi.entry_a.player.user
        one_took_effect(at_once(
            partial(confirm_result, semi.pk, actor=opponent),
            partial(confirm_result, semi.pk, actor=opponent),
        ))
        assert follow_ups.count(semi.pk) == 1
        final.refresh_from_db()
        assert semi.entry_b_id in (final.entry_a_id, final.entry_b_id)  # the winner moved on
        rows = list(Match.objects.filter(competition=semi.competition).order_by("pk").values())
        progression.follow_up_confirmed_result(semi.pk)  # once more: nothing changes
        assert list(Match.objects.filter(competition=semi.competition).order_by("pk")
                    .values()) == rows


def won_game(match: Match) -> Game:
    """Game 1 of the match, played to its end by hands (seat A's three gins)."""
    player = match.entry_a.player.user
    game = start_game(match.pk, actor=player)
    for number in (1, 2, 3):
        record_hand(game.pk, HandEntry(outcome="gin", winner="A", points=45,
                                       expected_number=number), actor=player)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    return game


def test_a_report_and_an_undo_of_the_last_hand_at_once_one_of_them_stands():
    for _ in range(REPEATS):
        match = MatchFactory()
        game = won_game(match)
        won, refused = one_took_effect(at_once(
            partial(report_result, match.pk, actor=match.entry_a.player.user),
            partial(undo_last_hand, game.pk, actor=match.entry_b.player.user, expected_number=3),
        ))
        match.refresh_from_db()
        game.refresh_from_db()
        if isinstance(won.value, ResultReport):  # reported first: the games are locked
            assert refused.refusal.message.startswith("The match is reported")
            assert match.status == Match.Status.REPORTED
            assert (game.status, game.hands.count()) == (Game.Status.FINISHED, 3)
        else:  # undone first: the match is no longer decided
            assert refused.refusal.message == ("The games have not decided the match yet: "
                                               "finish them first.")
            assert match.status == Match.Status.IN_PROGRESS
            assert (game.status, game.hands.count()) == (Game.Status.IN_PROGRESS, 2)
            assert not ResultReport.objects.filter(match=match).exists()


def test_starting_a_game_and_undoing_the_last_hand_of_the_one_before_at_once_one_stands():
    for _ in range(REPEATS):
        match = MatchFactory(competition__match_games=2)
        game = won_game(match)
        won, refused = one_took_effect(at_once(
            partial(start_game, match.pk, actor=match.entry_a.player.user),
            partial(undo_last_hand, game.pk, actor=match.entry_b.player.user, expected_number=3),
        ))
        game.refresh_from_db()
        in_progress = Game.objects.filter(match=match, status=Game.Status.IN_PROGRESS)
        assert in_progress.count() == 1  # never two games open at once
        if isinstance(won.value, Game):  # started first: game 1 stays as it ended
            assert refused.refusal.message == ("A later game has started: this game's hands "
                                               "can no longer be undone.")
            assert (game.status, game.hands.count()) == (Game.Status.FINISHED, 3)
        else:
            assert refused.refusal.message == "Finish the game in progress before starting another."
            assert list(Game.objects.filter(match=match).values_list("number", flat=True)) == [1]


def test_one_event_told_twice_at_once_is_one_notification():
    """Two workers telling a player of the same event (a task delivered twice): one row, and
    neither run fails."""
    for number in range(REPEATS):
        user = UserFactory()
        told = at_once(*[partial(notify, user, Kind.RESULT_TO_CONFIRM, key=f"race:{number}",
                                 text="A result waits for you.") for _ in range(2)])
        assert [outcome.value.pk for outcome in told] == [Notification.objects.get(
            user=user, key=f"race:{number}").pk] * 2
