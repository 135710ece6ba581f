"""A match played by the engine's self-play through the scoresheet's services."""

import random

import pytest

from gameplay.engine import Ruleset, Seat, log_from_json, replay
from league.competitions.models import Competition, Match, ResultReport
from league.competitions.standings.services import competition_standings
from league.core.errors import ServiceError
from league.games.models import Game, Hand
from league.games.services.selfplay import game_seed, play_match
from tests.formats.builders import Club, committed

pytestmark = pytest.mark.django_db


def played(match: Match, seed: int = 11) -> Match:
    with committed():
        return play_match(match.pk, seed=seed)


def test_every_hand_is_entered_with_its_cards_and_its_log_and_the_result_confirmed():
    competition = Club(2).competition(Competition.Format.LEAGUE, match_games=2)
    match = played(competition.matches.get())
    assert match.status == Match.Status.CONFIRMED and max(match.games_a, match.games_b) == 2
    report = ResultReport.objects.get(match=match)
    assert report.reported_by == match.entry_a.player.user
    assert report.decided_by == match.entry_b.player.user
    rules = Ruleset.from_dict(competition.ruleset)
    hands = list(Hand.objects.filter(game__match=match))
    assert hands
    for hand in hands:
        state = replay(rules, log_from_json(hand.event_log))
        assert state.is_over and state.dealer == Seat[hand.dealer]
        assert state.result.points == hand.points
        if hand.outcome != Hand.Outcome.DEAD_HAND:
            assert hand.has_cards and state.result.winner == Seat[hand.winner]


def test_the_games_alternate_the_first_deal_as_the_scoresheet_does():
    competition = Club(2).competition(Competition.Format.LEAGUE, match_games=3)
    match = played(competition.matches.get())
    for game in Game.objects.filter(match=match):
        first = game.hands.order_by("number").first()
        assert first.dealer == game.first_dealer == ("A" if game.number % 2 else "B")


def test_the_same_seed_plays_the_same_hands():
    first = Club(2).competition(Competition.Format.LEAGUE).matches.get()
    second = Club(2).competition(Competition.Format.LEAGUE).matches.get()
    played(first, seed=5)
    played(second, seed=5)
    hands = [list(Hand.objects.filter(game__match=m).values_list("outcome", "winner", "points"))
             for m in (first, second)]
    assert hands[0] == hands[1]


def test_the_standings_count_the_games_hand_points():
    competition = Club(2).competition(Competition.Format.LEAGUE)
    match = played(competition.matches.get())
    game = match.games.get()
    rows = {r.entry_id: r for r in competition_standings(competition).rows}
    assert rows[match.entry_a_id].game_points_for == game.total_a
    assert rows[match.entry_b_id].game_points_for == game.total_b
    assert rows[match.entry_a_id].hands_won == game.hands.filter(winner="A").count()


def test_a_game_seed_gives_the_first_deal_asked_for():
    for number in range(1, 6):
        for dealer in Seat:
            assert random.Random(game_seed(3, number, dealer)).randrange(2) == dealer


def test_self_play_needs_both_players_with_accounts():
    competition = Club(2).competition(Competition.Format.LEAGUE)
    match = competition.matches.select_related("entry_b__player").get()
    match.entry_b.player.user = None
    match.entry_b.player.save()
    with pytest.raises(ServiceError, match="user account"):
        play_match(match.pk, seed=1)
    knockout = Club(3).competition(Competition.Format.SINGLE_ELIMINATION)
    with pytest.raises(ServiceError, match="Both players"):
        play_match(knockout.matches.get(key="W2-0").pk, seed=1)
