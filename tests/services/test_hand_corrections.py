"""An organizer corrects one hand of a played game: the engine checks it, the game is scored again
from its hands, the match outcome follows, and a confirmed knockout result whose winner changes
repairs the bracket."""

import pytest

from league.competitions.models import AuditEntry, Competition, Match, ResultReport
from league.competitions.results.services import (
    confirm_result,
    dispute_result,
    report_result,
    resolve_dispute,
)
from league.core.errors import NotAllowed, ServiceError
from league.games.models import Game, Hand
from league.games.services import HandEntry, record_hand, start_game
from league.games.services.corrections import correct_hand
from tests.formats.builders import Club, committed

pytestmark = pytest.mark.django_db

# Seven hands: A ends on 105 at hand 7, B on 90. Hand 2 is the one in dispute.
SEVEN_HANDS = [("B", 40), ("A", 50), ("B", 30), ("A", 10), ("B", 20), ("A", 20), ("A", 25)]


@pytest.fixture
def club():
    return Club(4)


@pytest.fixture
def knockout(club):
    return club.competition(Competition.Format.SINGLE_ELIMINATION)


def semi(knockout):
    return knockout.matches.select_related("entry_a__player", "entry_b__player").get(key="W1-0")


def play_seven_hands(match):
    player_a = match.entry_a.player.user
    game = start_game(match.pk, actor=player_a)
    for number, (winner, points) in enumerate(SEVEN_HANDS, start=1):
        record_hand(game.pk, HandEntry("knock", winner, points, expected_number=number),
                    actor=player_a)
    game.refresh_from_db()
    assert (game.winner, game.total_a, game.total_b) == ("A", 105, 90)
    return game


def hand(game, number):
    return Hand.objects.get(game=game, number=number)


def test_hand_2_of_7_corrected_during_a_dispute(club, knockout):
    match = semi(knockout)
    game = play_seven_hands(match)
    report_result(match.pk, actor=match.entry_a.player.user)
    dispute_result(match.pk, actor=match.entry_b.player.user,
                   comment="Hand 2 was 15, not 50, and it was mine")
    correction = correct_hand(hand(game, 2).pk, HandEntry("knock", "B", 15),
                              actor=club.organizer, comment="B's knock for 15, per both players")
    game.refresh_from_db()
    # B now reaches 105 at hand 5: hands 6 and 7 could not have been played.
    assert (game.winner, game.total_a, game.total_b) == ("B", 10, 105)
    assert list(game.hands.values_list("number", flat=True)) == [1, 2, 3, 4, 5]
    assert correction.winner_changed
    report = match.reports.get(status=ResultReport.Status.DISPUTED)
    assert report.winner_id == match.entry_b_id and (report.games_a, report.games_b) == (0, 1)
    entry = AuditEntry.objects.get(match=match, action=AuditEntry.Action.HAND_CORRECTED)
    assert entry.before["hand"]["winner"] == "A" and entry.before["hand"]["points"] == 50
    assert entry.after["hand"]["winner"] == "B" and entry.after["hand"]["points"] == 15
    assert [h["number"] for h in entry.before["removed"]] == [6, 7]
    with committed():
        resolve_dispute(match.pk, actor=club.organizer, uphold=True, comment="Hand 2 corrected")
    final = knockout.matches.get(key="W2-0")
    assert match.entry_b_id in (final.entry_a_id, final.entry_b_id)
    assert match.entry_a_id not in (final.entry_a_id, final.entry_b_id)


def test_correcting_a_hand_of_a_confirmed_match_repairs_the_bracket(club, knockout):
    match = semi(knockout)
    game = play_seven_hands(match)
    with committed():
        report_result(match.pk, actor=match.entry_a.player.user)
        confirm_result(match.pk, actor=match.entry_b.player.user)
    final = knockout.matches.get(key="W2-0")
    assert match.entry_a_id in (final.entry_a_id, final.entry_b_id)
    with committed():
        correct_hand(hand(game, 2).pk, HandEntry("knock", "B", 15), actor=club.organizer,
                     comment="The paper scoresheet says B knocked for 15")
    match.refresh_from_db()
    assert match.status == Match.Status.CONFIRMED and match.winner_id == match.entry_b_id
    final = knockout.matches.get(key="W2-0")
    assert match.entry_b_id in (final.entry_a_id, final.entry_b_id)
    assert match.entry_a_id not in (final.entry_a_id, final.entry_b_id)


def test_a_correction_the_engine_refuses_changes_nothing(club, knockout):
    match = semi(knockout)
    game = play_seven_hands(match)
    report_result(match.pk, actor=match.entry_a.player.user)
    dispute_result(match.pk, actor=match.entry_b.player.user, comment="Hand 2 was wrong")
    with pytest.raises(ServiceError):  # a knock cannot score 0
        correct_hand(hand(game, 2).pk, HandEntry("knock", "A", 0), actor=club.organizer,
                     comment="typo")
    with pytest.raises(ServiceError, match="nobody reaches 100"):
        correct_hand(hand(game, 7).pk, HandEntry("knock", "A", 5), actor=club.organizer,
                     comment="A knocked for 5")
    game.refresh_from_db()
    assert (game.total_a, game.total_b, game.hands.count()) == (105, 90, 7)
    assert not AuditEntry.objects.filter(match=match, action__contains="corrected").exists()


def test_only_an_organizer_corrects_an_earlier_hand(club, knockout):
    match = semi(knockout)
    game = play_seven_hands(match)
    report_result(match.pk, actor=match.entry_a.player.user)
    dispute_result(match.pk, actor=match.entry_b.player.user, comment="Hand 2 was wrong")
    with pytest.raises(NotAllowed):
        correct_hand(hand(game, 2).pk, HandEntry("knock", "B", 15),
                     actor=match.entry_b.player.user, comment="mine")
    with pytest.raises(ServiceError, match="Say why"):
        correct_hand(hand(game, 2).pk, HandEntry("knock", "B", 15), actor=club.organizer,
                     comment=" ")
    assert Game.objects.get(pk=game.pk).total_a == 105
