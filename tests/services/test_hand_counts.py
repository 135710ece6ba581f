"""A hand entered as the table counts it: the knocker's deadwood and the defender's after his
layoffs. The engine derives the outcome's points under the competition's ruleset and refuses a
count the rules forbid, saying why next to the count."""

import pytest

from gameplay import engine
from league.core.errors import ServiceError
from league.games.models import Hand
from league.games.services import HandEntry, record_hand, start_game
from league.games.services.hand_counts import OverTheKnockLimit
from tests.factories import MatchFactory

pytestmark = pytest.mark.django_db


def game_under(**rules):
    match = MatchFactory()
    if rules:
        match.competition.ruleset = {**match.competition.ruleset, **rules}
        match.competition.save()
    return start_game(match.pk, actor=match.entry_a.player.user)


@pytest.fixture
def game():
    return game_under()


def enter(game, outcome, winner, knocker=None, defender=None, **more):
    entry = HandEntry(outcome=outcome, winner=winner, knocker_deadwood=knocker,
                      defender_deadwood=defender, **more)
    return record_hand(game.pk, entry, actor=game.match.entry_a.player.user)


def refusal(game, *args, **kwargs) -> ServiceError:
    with pytest.raises(ServiceError) as refused:
        enter(game, *args, **kwargs)
    assert not Hand.objects.exists()
    return refused.value


def test_i_knocked_with_4_he_had_23_scores_19(game):
    hand = enter(game, "knock", "A", 4, 23)
    assert (hand.outcome, hand.winner, hand.knocker, hand.points) == ("knock", "A", "A", 19)
    assert (hand.knocker_deadwood, hand.defender_deadwood) == (4, 23)
    game.refresh_from_db()
    assert (game.total_a, game.total_b) == (19, 0)


def test_undercut_when_defender_count_is_below_the_knockers(game):
    hand = enter(game, "undercut", "B", 7, 3)
    assert (hand.knocker, hand.winner, hand.points) == ("A", "B", 4 + 25)


def test_undercut_when_defender_count_equals_knockers(game):
    hand = enter(game, "undercut", "B", 6, 6)
    assert hand.points == 25  # the difference, 0, plus the undercut bonus


def test_equal_counts_are_a_knock_worth_nothing_when_a_tie_is_no_undercut():
    game = game_under(undercut_on_tie=False)
    assert enter(game, "knock", "A", 6, 6).points == 0


def test_a_knock_the_defenders_count_undercuts_is_refused_as_an_undercut(game):
    error = refusal(game, "knock", "A", 6, 6)
    assert error.field == "defender_deadwood"
    assert error.message == ("The defender's 6 is at or below the knocker's 6: that is an "
                             "undercut, won by the defender.")


def test_an_undercut_the_counts_do_not_make_is_refused(game):
    error = refusal(game, "undercut", "B", 4, 23)
    assert error.field == "defender_deadwood" and "is a knock" in error.message


def test_gin_scores_the_defenders_count_and_the_gin_bonus_with_the_knockers_count_left_empty(game):
    hand = enter(game, "gin", "B", None, 30)
    assert (hand.outcome, hand.winner, hand.points) == ("gin", "B", 55)
    assert (hand.knocker_deadwood, hand.defender_deadwood) == (0, 30)


def test_gin_with_deadwood_is_refused_next_to_the_knockers_count(game):
    error = refusal(game, "gin", "A", 5, 30)
    assert error.field == "knocker_deadwood"
    assert error.message == "Gin has no deadwood: the knocker's count is 5."


def test_big_gin_adds_the_big_gin_bonus(game):
    assert enter(game, "big_gin", "A", 0, 20).points == 20 + 31


def test_a_knock_with_no_deadwood_is_refused_as_gin(game):
    assert "is gin" in refusal(game, "knock", "A", 0, 20).message


def test_knock_over_the_limit_is_refused_with_the_ruling_offered(game):
    error = refusal(game, "knock", "A", 12, 23)
    assert isinstance(error, OverTheKnockLimit)
    assert error.message == "Knocker's deadwood is 12, over the knock limit of 10."
    assert (error.field, error.deadwood, error.limit) == ("knocker_deadwood", 12, 10)


def test_a_negative_count_is_refused_next_to_it(game):
    error = refusal(game, "knock", "A", 4, -3)
    assert error.field == "defender_deadwood" and "cannot be negative" in error.message


def test_a_count_no_hand_can_hold_is_refused(game):
    error = refusal(game, "knock", "A", 4, 99)
    assert error.field == "defender_deadwood" and "at most 98" in error.message


def test_one_count_alone_is_refused_asking_for_the_other(game):
    assert refusal(game, "knock", "A", 4, None).field == "defender_deadwood"


def test_points_typed_with_the_counts_must_be_the_counts_points(game):
    error = refusal(game, "knock", "A", 4, 23, points=20)
    assert error.field == "points" and "make 19 points, not 20" in error.message
    assert enter(game, "knock", "A", 4, 23, points=19).points == 19


def test_counts_and_cards_together_are_refused(game):
    error = refusal(game, "knock", "A", 4, 23, knocker_cards="AS 2S 3S 4H 5H 6H 7C 8C 9C 4D",
                    defender_cards="KS QS JS KH QH JH KC QC 2D 3D")
    assert "not both" in error.message


def test_a_dead_hand_has_no_counts(game):
    assert "no deadwood counts" in refusal(game, "dead_hand", "", 3, 4).message


def test_oklahoma_the_upcard_sets_the_knock_limit():
    game = game_under(oklahoma=True)
    error = refusal(game, "knock", "A", 5, 23, upcard="4H")
    assert error.message == "Knocker's deadwood is 5, over the knock limit of 4."
    assert enter(game, "knock", "A", 4, 23, upcard="4H").points == 19


def test_oklahoma_a_spade_upcard_doubles_the_hand():
    game = game_under(oklahoma=True)
    assert enter(game, "undercut", "B", 7, 3, upcard="8S").points == 2 * (4 + 25)


def test_oklahoma_an_ace_upcard_allows_gin_only():
    game = game_under(oklahoma=True)
    assert "gin only" in refusal(game, "knock", "A", 1, 23, upcard="AH").message


def test_oklahoma_counts_without_the_upcard_are_refused():
    assert refusal(game_under(oklahoma=True), "knock", "A", 4, 23).field == "upcard"


def test_the_classic_bonuses_apply():
    game = game_under(**engine.Ruleset.preset("classic").to_dict())
    assert enter(game, "undercut", "B", 7, 3).points == 4 + 10


def test_a_hand_entered_by_its_cards_keeps_its_counts(game):
    hand = record_hand(game.pk, HandEntry(
        outcome="knock", winner="A", knocker_cards="AS 2S 3S 4H 5H 6H 7C 8C 9C 4D",
        defender_cards="KS QS JS KH QH JH KC QC 2D 3D"), actor=game.match.entry_a.player.user)
    assert (hand.knocker_deadwood, hand.defender_deadwood, hand.points) == (4, 25, 21)
