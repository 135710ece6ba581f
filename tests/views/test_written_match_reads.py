"""The match page's reads written out in SQL give what the same reads through the ORM give: the
match with its competition, season, club and round, and its games by number with their hands by
number; on random matches of random games and hands."""

import random

import pytest
from django.db.models import Prefetch
from django.http import Http404

from league.competitions.models import Match
from league.games.models import Game, Hand
from league.pages.match_reads import games_of, match_with_its_competition
from tests.columns import match_read_with_its_competition, values
from tests.factories import MatchFactory, game_played

pytestmark = pytest.mark.django_db

OUTCOMES = list(Hand.Outcome)


def a_match(seed: int) -> Match:
    """A match of zero to three games, finished or not, each of up to five hands of any outcome,
    written in a shuffled order (the reads sort them)."""
    rng = random.Random(seed)
    match = MatchFactory(status=rng.choice(list(Match.Status)), table=rng.choice(["", "7"]))
    numbers = rng.sample(range(1, 4), rng.randint(0, 3))
    for number in numbers:
        finished = rng.random() < 0.6
        winner = rng.choice("AB") if finished else ""
        game = game_played(
            match=match, number=number, ruleset={"gin_bonus": rng.choice([20, 25])},
            target_score=rng.choice([100, 150]),
            status=Game.Status.FINISHED if finished else Game.Status.IN_PROGRESS,
            winner=winner, total_a=rng.randint(0, 160), total_b=rng.randint(0, 160))
        for hand_number in rng.sample(range(1, 6), rng.randint(0, 5)):
            outcome = rng.choice(OUTCOMES)
            scored = outcome not in (Hand.Outcome.DEAD_HAND, Hand.Outcome.VOID)
            Hand.objects.create(
                game=game, number=hand_number, dealer=rng.choice("AB"), outcome=outcome,
                knocker=rng.choice("AB") if scored else "",
                winner=rng.choice("AB") if scored else "",
                points=rng.randint(0, 60) if scored else 0,
                knocker_cards=rng.choice(["", "AC 2C 3C"]), spread=rng.choice([[], [["AC"]]]),
                knocker_deadwood=rng.choice([None, 4]), event_log=rng.choice([[], [{"t": 1}]]))
    return match


def the_orms(pk: int) -> tuple[Match, list[Game]]:
    match = Match.objects.select_related("competition__season__club", "round").get(pk=pk)
    hands = Prefetch("hands", queryset=Hand.objects.order_by("number"), to_attr="hand_list")
    return match, list(Game.objects.filter(match=match).order_by("number")
                       .prefetch_related(hands))


@pytest.mark.parametrize("seed", range(10))
def test_the_match_and_its_games_are_the_orms(seed, django_assert_num_queries):
    match = a_match(seed)
    orm_match, orm_games = the_orms(match.pk)
    with django_assert_num_queries(1):
        read = match_with_its_competition(match.pk)
    with django_assert_num_queries(2 if orm_games else 1):
        games = games_of(read)
    with django_assert_num_queries(0):
        assert (match_read_with_its_competition(read)
                == match_read_with_its_competition(orm_match))
        assert [values(g) for g in games] == [values(g) for g in orm_games]
        assert [[values(h) for h in g.hand_list] for g in games] == [
            [values(h) for h in g.hand_list] for g in orm_games]
        assert all(h.game is g for g in games for h in g.hand_list)


@pytest.mark.parametrize("seed", range(4))
def test_the_games_without_their_hands_are_read_in_one_query(seed, django_assert_num_queries):
    match = a_match(seed)
    with django_assert_num_queries(1):
        games = games_of(match, hands=False)
    assert [g.number for g in games] == sorted(g.number for g in games)
    assert all(g.hand_list == [] for g in games)


def test_the_page_of_no_match_is_not_found():
    with pytest.raises(Http404):
        match_with_its_competition(987654)
