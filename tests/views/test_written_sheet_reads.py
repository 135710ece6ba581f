"""The scoresheet's reads written out in SQL give what the same reads through the ORM give: the
game with its match, competition, season, club and round, and its hands by number with their
open flags in the order raised, each with who raised it; on random games of random hands and
flags (open or cleared, raised at the same moment or not, by an account since deleted)."""

import random
from datetime import timedelta

import pytest
from django.db.models import Prefetch
from django.http import Http404
from django.utils import timezone

from league.competitions.models import Match
from league.games.models import Game, Hand, HandFlag
from league.games.sheet_reads import game_with_its_match, hands_of
from tests.columns import match_read_with_its_competition, values
from tests.factories import MatchFactory, UserFactory

pytestmark = pytest.mark.django_db

OUTCOMES = list(Hand.Outcome)
CLEARED = ["", "", *HandFlag.Cleared.values]  # open twice as often as each way of clearing


def a_game(seed: int) -> Game:
    """A game of up to six hands of any outcome, written in a shuffled order (the reads sort
    them), each with up to three flags, open or cleared, raised by one of two players (one of
    whom may have deleted his account since) at one of three moments."""
    rng = random.Random(seed)
    match = MatchFactory(status=rng.choice(list(Match.Status)), table=rng.choice(["", "7"]))
    game = Game.objects.create(
        match=match, number=1, ruleset={"gin_bonus": rng.choice([20, 25])},
        target_score=rng.choice([100, 150]), status=Game.Status.IN_PROGRESS)
    raisers = [UserFactory(), UserFactory()]
    moments = [timezone.now() - timedelta(minutes=m) for m in (1, 5, 9)]
    for number in rng.sample(range(1, 7), rng.randint(0, 6)):
        outcome = rng.choice(OUTCOMES)
        scored = outcome not in (Hand.Outcome.DEAD_HAND, Hand.Outcome.VOID)
        hand = Hand.objects.create(
            game=game, number=number, dealer=rng.choice("AB"), outcome=outcome,
            knocker=rng.choice("AB") if scored else "",
            winner=rng.choice("AB") if scored else "", points=rng.randint(0, 60) if scored else 0)
        for _ in range(rng.randint(0, 3)):
            flag = HandFlag.objects.create(hand=hand, raised_by=rng.choice(raisers),
                                           reason=rng.choice(["count", "deal"]),
                                           cleared=rng.choice(CLEARED))
            HandFlag.objects.filter(pk=flag.pk).update(raised_at=rng.choice(moments))
    if rng.random() < 0.5:
        raisers[1].delete()  # his flags stay, raised by nobody
    return game


def the_orms(pk: int) -> tuple[Game, list[Hand]]:
    game = Game.objects.select_related("match__competition__season__club", "match__round").get(
        pk=pk)
    open_flags = Prefetch("flags", queryset=HandFlag.objects.filter(cleared="")
                          .select_related("raised_by"), to_attr="open_flags")
    return game, list(Hand.objects.filter(game=game).order_by("number")
                      .prefetch_related(open_flags))


@pytest.mark.parametrize("seed", range(12))
def test_the_game_and_its_hands_with_open_flags_are_the_orms(seed, django_assert_num_queries):
    game = a_game(seed)
    orm_game, orm_hands = the_orms(game.pk)
    with django_assert_num_queries(1):
        read = game_with_its_match(game.pk)
    with django_assert_num_queries(1):
        hands = hands_of(read)
    with django_assert_num_queries(0):
        assert values(read) == values(orm_game)
        assert (match_read_with_its_competition(read.match)
                == match_read_with_its_competition(orm_game.match))
        assert [values(h) for h in hands] == [values(h) for h in orm_hands]
        assert [[values(f) for f in h.open_flags] for h in hands] == [
            [values(f) for f in h.open_flags] for h in orm_hands]
        assert [[f.raised_by and values(f.raised_by) for f in h.open_flags] for h in hands] == [
            [f.raised_by and values(f.raised_by) for f in h.open_flags] for h in orm_hands]
        assert all(h.game is read for h in hands)
        assert all(f.hand is h for h in hands for f in h.open_flags)


@pytest.mark.parametrize("seed", range(4))
def test_the_hands_without_their_flags_are_read_in_one_query(seed, django_assert_num_queries):
    game = a_game(seed)
    with django_assert_num_queries(1):
        hands = hands_of(game, flags=False)
    assert [h.number for h in hands] == sorted(Hand.objects.filter(game=game)
                                               .values_list("number", flat=True))
    assert all(h.open_flags == [] and h.game is game for h in hands)


def test_some_game_has_hands_with_open_flags_and_a_flag_raised_by_nobody():
    """The random games above meet the cases the join must keep apart."""
    hands = [h for seed in range(12) for h in hands_of(game_with_its_match(a_game(seed).pk))]
    flags = [f for h in hands for f in h.open_flags]
    assert any(len(h.open_flags) > 1 for h in hands)
    assert any(not h.open_flags for h in hands)
    assert any(f.raised_by is None for f in flags)
    assert HandFlag.objects.exclude(cleared="").exists()


def test_the_sheet_of_no_game_is_not_found():
    with pytest.raises(Http404):
        game_with_its_match(987654)
