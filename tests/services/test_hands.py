"""Entering hands on a scoresheet: the engine checks every hand."""

import pytest

from league.competitions.models import Match
from league.core.errors import NotAllowed, ServiceError
from league.games.models import Game, Hand
from league.games.services import HandEntry, record_hand, record_hands, start_game, undo_last_hand
from tests.factories import MatchFactory, PlayerFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def match():
    return MatchFactory()


@pytest.fixture
def game(match):
    return start_game(match.pk, actor=match.entry_a.player.user)


def player_a(game):
    return game.match.entry_a.player.user


def test_starting_a_game_copies_the_ruleset_and_target(match):
    match.competition.ruleset = {**match.competition.ruleset, "target_score": 150}
    match.competition.save()
    game = start_game(match.pk, actor=match.entry_b.player.user)
    assert game.target_score == 150 and game.ruleset["target_score"] == 150
    match.refresh_from_db()
    assert match.status == Match.Status.IN_PROGRESS


def test_a_knock_is_recorded_and_the_totals_follow(game):
    record_hand(game.pk, HandEntry(outcome="knock", winner="A", points=12), actor=player_a(game))
    game.refresh_from_db()
    assert (game.total_a, game.total_b) == (12, 0)
    hand = game.hands.get()
    assert (hand.number, hand.dealer, hand.knocker, hand.winner) == (1, "A", "A", "A")


def test_undercut_knocker_is_the_loser(game):
    hand = record_hand(game.pk, HandEntry(outcome="undercut", winner="B", points=27), actor=player_a(game))
    assert (hand.knocker, hand.winner) == ("A", "B")


def test_gin_worth_less_than_its_bonus_is_refused_with_the_reason(game):
    with pytest.raises(ServiceError) as refused:
        record_hand(game.pk, HandEntry(outcome="gin", winner="A", points=20), actor=player_a(game))
    assert "25" in refused.value.message
    assert refused.value.field == "points"
    assert not Hand.objects.exists()


def test_dead_hand_has_no_winner(game):
    with pytest.raises(ServiceError, match="no winner"):
        record_hand(game.pk, HandEntry(outcome="dead_hand", winner="A", points=0), actor=player_a(game))
    record_hand(game.pk, HandEntry(outcome="dead_hand", points=0), actor=player_a(game))
    assert game.hands.get().winner == ""


def test_game_closes_itself_at_the_target(game):
    record_hand(game.pk, HandEntry(outcome="gin", winner="B", points=60), actor=player_a(game))
    record_hand(game.pk, HandEntry(outcome="gin", winner="B", points=45), actor=player_a(game))
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED and game.winner == "B"
    with pytest.raises(ServiceError, match="over"):
        record_hand(game.pk, HandEntry(outcome="knock", winner="A", points=5), actor=player_a(game))


def test_hands_entered_together_are_scored_in_order_with_their_event_logs(game):
    logs = [[{"event": "deal"}], [{"event": "deal"}, {"event": "knock"}]]
    first, second = record_hands(game.pk, [HandEntry(outcome="knock", winner="B", points=10),
                                           HandEntry(outcome="knock", winner="A", points=7)],
                                 actor=player_a(game), event_logs=logs)
    assert (first.number, second.number, second.dealer) == (1, 2, "B")
    assert [h.event_log for h in game.hands.order_by("number")] == logs
    game.refresh_from_db()
    assert (game.total_a, game.total_b) == (7, 10)


def test_hands_entered_together_are_refused_together(game):
    with pytest.raises(ServiceError, match="over"):
        record_hands(game.pk, [HandEntry(outcome="gin", winner="B", points=110),
                               HandEntry(outcome="knock", winner="A", points=5)],
                     actor=player_a(game))
    game.refresh_from_db()
    assert not game.hands.exists() and (game.status, game.total_b) == (Game.Status.IN_PROGRESS, 0)


def test_double_tapped_hand_is_entered_once(game):
    entry = HandEntry(outcome="knock", winner="A", points=9, expected_number=1)
    first = record_hand(game.pk, entry, actor=player_a(game))
    again = record_hand(game.pk, entry, actor=player_a(game))
    assert again.pk == first.pk
    assert game.hands.count() == 1


def test_undo_last_hand_reopens_a_finished_game(game):
    record_hand(game.pk, HandEntry(outcome="gin", winner="A", points=110), actor=player_a(game))
    undo_last_hand(game.pk, actor=player_a(game))
    game.refresh_from_db()
    assert (game.status, game.total_a, game.hands.count()) == (Game.Status.IN_PROGRESS, 0, 0)


def test_dealer_of_the_next_hand_is_the_winner_of_the_last(game):
    record_hand(game.pk, HandEntry(outcome="knock", winner="B", points=10), actor=player_a(game))
    hand = record_hand(game.pk, HandEntry(outcome="knock", winner="A", points=10), actor=player_a(game))
    assert hand.dealer == "B"


def test_cards_given_make_the_engines_settlement_the_result(game):
    # docs/rules.md TV4: knocker 22 after laying off 4C 5C.
    hand = record_hand(
        game.pk,
        HandEntry(outcome="knock", winner="A", points=None,
                  knocker_cards="AC 2C 3C 4D 5D 6D 7H 8H 9H JS",
                  defender_cards="4C 5C 8D 9D JD JH QH KH 2S 3S"),
        actor=player_a(game),
    )
    assert hand.points == 22
    assert hand.knocker_cards.startswith("AC")


def test_claim_contradicting_the_cards_is_refused(game):
    # docs/rules.md TV1: the defender undercuts for 26.
    with pytest.raises(ServiceError) as refused:
        record_hand(
            game.pk,
            HandEntry(outcome="knock", winner="A", points=21,
                      knocker_cards="5S 6S 7S 9C 10C JC KS KC KD JD",
                      defender_cards="2S 8S 9S AC 2C 7C 8C 2D 8D 2H"),
            actor=player_a(game),
        )
    assert "undercut" in refused.value.message
    assert not Hand.objects.exists()


def test_unknown_card_is_refused_by_name(game):
    with pytest.raises(ServiceError, match="'ZZ'"):
        record_hand(
            game.pk,
            HandEntry(outcome="knock", winner="A", knocker_cards="ZZ 2C", defender_cards="3C 4C"),
            actor=player_a(game),
        )


def test_a_stranger_cannot_enter_hands(game):
    stranger = PlayerFactory(club=game.match.competition.season.club).user
    with pytest.raises(NotAllowed):
        record_hand(game.pk, HandEntry(outcome="knock", winner="A", points=5), actor=stranger)


def test_hands_are_locked_once_the_result_is_reported(game):
    game.match.status = Match.Status.REPORTED
    game.match.save()
    with pytest.raises(ServiceError, match="locked"):
        record_hand(game.pk, HandEntry(outcome="knock", winner="A", points=5), actor=player_a(game))


def test_a_second_undo_tap_does_not_undo_the_hand_before(game):
    record_hand(game.pk, HandEntry(outcome="knock", winner="A", points=5), actor=player_a(game))
    record_hand(game.pk, HandEntry(outcome="knock", winner="B", points=7), actor=player_a(game))
    undo_last_hand(game.pk, actor=player_a(game), expected_number=2)
    with pytest.raises(ServiceError, match="already undone"):
        undo_last_hand(game.pk, actor=player_a(game), expected_number=2)
    assert list(game.hands.values_list("number", flat=True)) == [1]


def test_dead_hand_needs_no_points_typed(game):
    hand = record_hand(game.pk, HandEntry(outcome="dead_hand"), actor=player_a(game))
    assert hand.points == 0 and hand.winner == ""


def test_oklahoma_upcard_without_cards_is_kept_and_checked(match):
    from gameplay.engine import Ruleset

    match.competition.ruleset = Ruleset.preset("oklahoma").to_dict()
    match.competition.save()
    game = start_game(match.pk, actor=match.entry_a.player.user)
    with pytest.raises(ServiceError):
        # A spade upcard doubles the hand: a gin is then worth at least 2 x 25.
        record_hand(game.pk, HandEntry(outcome="gin", winner="A", points=30, upcard="4S"),
                    actor=player_a(game))
    hand = record_hand(game.pk, HandEntry(outcome="gin", winner="A", points=60, upcard="4S"),
                       actor=player_a(game))
    assert hand.upcard == "4S"
