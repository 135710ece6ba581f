"""A hand entered again: the same entry sent twice (its key) is the hand it entered; the same
hand entered from the other phone is taken once; a different one is refused with both to show."""

import pytest
from django.db import IntegrityError, transaction

from league.games.models import Hand
from league.games.services import HandEntry, record_hand, start_game
from league.games.services.corrections import correct_hand
from league.games.services.repeats import EntryConflict
from tests.factories import MatchFactory, UserFactory

pytestmark = pytest.mark.django_db

TV4_KNOCKER = "AC 2C 3C 4D 5D 6D 7H 8H 9H JS"  # docs/rules.md "Worked hands", TV4: 22 points
TV4_DEFENDER = "4C 5C 8D 9D JD JH QH KH 2S 3S"


@pytest.fixture
def game():
    match = MatchFactory()
    return start_game(match.pk, actor=match.entry_a.player.user)


def players(game):
    return game.match.entry_a.player.user, game.match.entry_b.player.user


def test_an_entry_sent_again_with_its_key_is_answered_with_the_hand_it_entered(game):
    a, _ = players(game)
    entry = HandEntry("knock", "A", 12, expected_number=1, entry_key="k-1")
    first = record_hand(game.pk, entry, actor=a)
    record_hand(game.pk, HandEntry("gin", "B", 40, expected_number=2, entry_key="k-2"), actor=a)
    again = record_hand(game.pk, entry, actor=a)  # its answer was lost; the phone sends it again
    assert again.pk == first.pk
    assert list(game.hands.values_list("number", "entry_key")) == [(1, "k-1"), (2, "k-2")]


def test_the_key_is_stored_with_the_hand_and_unique(game):
    a, _ = players(game)
    record_hand(game.pk, HandEntry("knock", "A", 12, expected_number=1, entry_key="k-1"), actor=a)
    assert Hand.objects.get(game=game).entry_key == "k-1"
    with pytest.raises(IntegrityError), transaction.atomic():
        Hand.objects.create(game=game, number=2, dealer="B", outcome="knock", winner="B",
                            knocker="B", points=5, entry_key="k-1")


def test_hands_entered_without_a_key_do_not_collide(game):
    a, _ = players(game)
    record_hand(game.pk, HandEntry("knock", "A", 12, expected_number=1), actor=a)
    record_hand(game.pk, HandEntry("knock", "B", 7, expected_number=2), actor=a)
    assert list(game.hands.values_list("entry_key", flat=True)) == ["", ""]


def test_the_same_hand_from_the_other_phone_is_taken_once_silently(game):
    a, b = players(game)
    first = record_hand(game.pk, HandEntry("gin", "A", 40, expected_number=1, entry_key="a-1"),
                        actor=a)
    again = record_hand(game.pk, HandEntry("gin", "A", 40, expected_number=1, entry_key="b-1"),
                        actor=b)
    assert again.pk == first.pk
    assert game.hands.count() == 1


def test_the_same_hand_by_its_cards_from_the_other_phone_is_the_same_hand(game):
    a, b = players(game)
    first = record_hand(game.pk, HandEntry("knock", "A", 22, expected_number=1), actor=a)
    again = record_hand(game.pk, HandEntry("knock", "A", None, TV4_KNOCKER, TV4_DEFENDER,
                                           expected_number=1), actor=b)
    assert again.pk == first.pk


def test_a_different_hand_from_the_other_phone_is_refused_with_the_saved_one(game):
    a, b = players(game)
    saved = record_hand(game.pk, HandEntry("gin", "A", 40, expected_number=1), actor=a)
    knock = HandEntry("knock", "B", 10, expected_number=1, entry_key="b-1")
    with pytest.raises(EntryConflict) as conflict:
        record_hand(game.pk, knock, actor=b)
    assert conflict.value.saved.pk == saved.pk
    assert conflict.value.entry == knock
    assert "Hand 1 was already entered from the other phone, differently" in conflict.value.message
    assert list(game.hands.values_list("outcome", "winner", "points")) == [("gin", "A", 40)]


def test_an_entry_the_engine_refuses_as_that_hand_is_a_different_hand(game):
    a, b = players(game)
    record_hand(game.pk, HandEntry("gin", "A", 40, expected_number=1), actor=a)
    with pytest.raises(EntryConflict):
        record_hand(game.pk, HandEntry("gin", "B", 3, expected_number=1), actor=b)


def test_an_entry_sent_again_after_its_hand_was_corrected_is_the_corrected_hand(game):
    a, _ = players(game)
    organizer = UserFactory()
    game.match.competition.season.club.organizers.add(organizer)
    entry = HandEntry("knock", "A", 12, expected_number=1, entry_key="k-000001")
    hand = record_hand(game.pk, entry, actor=a)
    correct_hand(hand.pk, HandEntry("knock", "A", 21), actor=organizer, comment="21, not 12")
    again = record_hand(game.pk, entry, actor=a)
    assert (again.pk, again.points) == (hand.pk, 21)
    assert game.hands.count() == 1
