"""Rulings at the table: either player records the ruling on a hand, the opponent agrees on
his phone (or the organizer decides), and only then is it kept and does it score the hand."""

import pytest

from league.competitions.models import AuditEntry
from league.core.errors import Changed, NotAllowed, ServiceError
from league.games.models import Hand, TableRuling
from league.games.services import HandEntry, record_hand, start_game
from league.games.services.ruled_hands import RuledCards
from league.games.services.table_rulings import (
    agree_to_ruling,
    dispute_ruling,
    propose_ruling,
    withdraw_ruling,
)
from tests.factories import MatchFactory, UserFactory

pytestmark = pytest.mark.django_db

ACCEPT = {"problem": "over_limit", "seat": "A", "choice": "accept"}


@pytest.fixture
def game():
    match = MatchFactory()
    return start_game(match.pk, actor=match.entry_a.player.user)


def players(game):
    return game.match.entry_a.player.user, game.match.entry_b.player.user


def organizer_of(game):
    user = UserFactory()
    game.match.competition.season.club.organizers.add(user)
    return user


def accept_over_limit(game, actor, knocker=12, defender=23, hand_number=1):
    return propose_ruling(game.pk, hand_number=hand_number, key="illegal_knock", answers=ACCEPT,
                          cards=RuledCards(knocker_deadwood=knocker, defender_deadwood=defender),
                          actor=actor)


def rulings_kept(game):
    return AuditEntry.objects.filter(match=game.match, action=AuditEntry.Action.RULING).count()


def test_a_ruling_a_player_records_waits_for_his_opponent(game):
    a, _ = players(game)
    ruling = accept_over_limit(game, a)
    assert (ruling.status, ruling.proposed_side, ruling.hand_number) == ("waiting", "A", 1)
    assert not Hand.objects.exists() and rulings_kept(game) == 0


def test_an_accepted_knock_over_the_limit_is_scored_from_the_counts_once_the_opponent_agrees(game):
    a, b = players(game)
    ruling = agree_to_ruling(accept_over_limit(game, a).pk, actor=b)
    assert ruling.status == TableRuling.Status.AGREED and ruling.answered_by == b
    hand = game.hands.get()
    assert (hand.outcome, hand.knocker, hand.winner, hand.points) == ("knock", "A", "A", 11)
    assert (hand.knocker_deadwood, hand.defender_deadwood) == (12, 23)
    assert hand.ruling["irregularity"] == "illegal_knock"
    assert rulings_kept(game) == 1


def test_an_accepted_knock_over_the_limit_may_be_undercut(game):
    a, b = players(game)
    agree_to_ruling(accept_over_limit(game, a, knocker=12, defender=10).pk, actor=b)
    hand = game.hands.get()
    assert (hand.outcome, hand.winner, hand.points) == ("undercut", "B", 2 + 25)


def test_the_player_who_recorded_a_ruling_cannot_agree_to_it_himself(game):
    a, _ = players(game)
    ruling = accept_over_limit(game, a)
    with pytest.raises(NotAllowed, match="opponent agrees"):
        agree_to_ruling(ruling.pk, actor=a)
    assert not Hand.objects.exists()


def test_a_ruling_not_agreed_waits_for_the_organizer_who_decides_it(game):
    a, b = players(game)
    ruling = dispute_ruling(accept_over_limit(game, a).pk, actor=b)
    assert ruling.status == TableRuling.Status.DISPUTED
    with pytest.raises(ServiceError, match="organizer decides"):
        agree_to_ruling(ruling.pk, actor=b)
    decided = agree_to_ruling(ruling.pk, actor=organizer_of(game))
    assert decided.status == TableRuling.Status.DECIDED
    assert game.hands.get().points == 11


def test_an_organizers_ruling_stands_at_once(game):
    ruling = propose_ruling(game.pk, hand_number=1, key="incorrect_hand",
                            answers={"when": "in_play", "offender": "both"}, cards=RuledCards(),
                            actor=organizer_of(game))
    assert ruling.status == TableRuling.Status.DECIDED
    assert game.hands.get().outcome == Hand.Outcome.VOID


def test_a_new_deal_agreed_voids_the_hand_and_the_same_dealer_deals_again(game):
    a, b = players(game)
    ruling = propose_ruling(game.pk, hand_number=1, key="illegal_knock",
                            answers={"problem": "wrong_count", "seat": "B", "choice": "new_deal"},
                            cards=RuledCards(), actor=b)
    agree_to_ruling(ruling.pk, actor=a)
    hand = game.hands.get()
    assert hand.is_void and hand.points == 0


def test_looking_through_the_discard_pile_is_kept_with_the_hand_once_agreed(game):
    a, b = players(game)
    ruling = propose_ruling(game.pk, hand_number=1, key="looking_through_discards",
                            answers={"agreed": "no", "offender": "B"}, cards=RuledCards(),
                            actor=a)
    agree_to_ruling(ruling.pk, actor=b)
    hand = record_hand(game.pk, HandEntry("knock", "A", 10, expected_number=1), actor=a)
    assert [r["irregularity"] for r in hand.rulings] == ["looking_through_discards"]


def test_a_second_ruling_on_the_same_hand_waits_for_the_first(game):
    a, b = players(game)
    accept_over_limit(game, a)
    with pytest.raises(Changed, match="already waiting"):
        accept_over_limit(game, b)


def test_an_accepted_knock_without_its_counts_is_refused_before_the_opponent_is_asked(game):
    a, _ = players(game)
    with pytest.raises(ServiceError) as refused:
        propose_ruling(game.pk, hand_number=1, key="illegal_knock", answers=ACCEPT,
                       cards=RuledCards(), actor=a)
    assert refused.value.field == "knocker_cards"
    assert not TableRuling.objects.exists()


def test_a_ruling_waiting_for_the_opponents_choice_is_refused(game):
    a, _ = players(game)
    with pytest.raises(ServiceError, match="non-offender's choice"):
        propose_ruling(game.pk, hand_number=1, key="illegal_knock",
                       answers={"problem": "over_limit", "seat": "A"}, cards=RuledCards(),
                       actor=a)


def test_someone_outside_the_match_records_no_ruling(game):
    with pytest.raises(NotAllowed):
        accept_over_limit(game, UserFactory())


def test_the_player_who_recorded_a_ruling_may_withdraw_it(game):
    a, b = players(game)
    ruling = withdraw_ruling(accept_over_limit(game, a).pk, actor=a)
    assert ruling.status == TableRuling.Status.WITHDRAWN
    with pytest.raises(Changed):
        agree_to_ruling(ruling.pk, actor=b)
