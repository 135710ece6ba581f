"""The calendar feeds' matches read in written-out SQL are those the same reads through the ORM
give, in the same order, each with its round, competition, season, club, sides and winner: on
random clubs of competitions running and finished, rounds with and without a play-by date, and
matches timed, dated, undated, byes, won and not, some with times equal (the order falls back to
the round and the match)."""

import random
from datetime import UTC, date, datetime

import pytest
from django.db.models import Q

from league.competitions.base.selectors import SIDES
from league.competitions.models import Competition, Match, Round
from league.competitions.schedule.feed_reads import (
    feed_matches_of_club,
    feed_matches_of_competition,
    feed_matches_of_player,
)
from tests.columns import values
from tests.factories import (
    CompetitionFactory,
    EntryFactory,
    MatchFactory,
    PlayerFactory,
    RoundFactory,
    SeasonFactory,
)

pytestmark = pytest.mark.django_db

TIMES = [None, None, datetime(2026, 3, 1, 19, tzinfo=UTC), datetime(2026, 3, 8, 19, tzinfo=UTC)]
DATES = [None, None, date(2026, 3, 15)]


def a_club(seed: int):
    """A club of two to three competitions (one may be finished), each of three rounds and
    some matches; two players entered in every competition, who meet in some of them. Returns
    the club, its competitions and the two players."""
    rng = random.Random(seed)
    season = SeasonFactory()
    club = season.club
    players = [PlayerFactory(club=club), PlayerFactory(club=club)]
    competitions = []
    for _ in range(rng.randint(2, 3)):
        status = rng.choice([Competition.Status.RUNNING, Competition.Status.RUNNING,
                             Competition.Status.FINISHED])
        competition = CompetitionFactory(season=season, status=status)
        entries = [EntryFactory(competition=competition, player=p) for p in players]
        rounds = [RoundFactory(competition=competition, number=n, play_by=rng.choice(DATES),
                               bracket=rng.choice(list(Round.Bracket))) for n in (1, 2, 3)]
        for _ in range(rng.randint(0, 6)):
            sides = {}
            if rng.random() < 0.4:
                sides = {"entry_a": entries[0], "entry_b": entries[1]}
            match = MatchFactory(competition=competition, round=rng.choice(rounds),
                                 scheduled_at=rng.choice(TIMES), play_by=rng.choice(DATES),
                                 **sides)
            if rng.random() < 0.2:
                Match.objects.filter(pk=match.pk).update(kind=Match.Kind.BYE, entry_b=None)
            elif rng.random() < 0.3:
                Match.objects.filter(pk=match.pk).update(winner=match.entry_a)
        competitions.append(competition)
    return club, competitions, players


def dated(matches, rounds):
    """The ORM's read of the feeds' events, as the feeds were read before they were written
    out."""
    dated_rounds = list(rounds.filter(play_by__isnull=False).values_list("pk", flat=True))
    return (matches.filter(Q(scheduled_at__isnull=False) | Q(play_by__isnull=False)
                           | Q(round__in=dated_rounds)).exclude(kind=Match.Kind.BYE)
            .select_related("round", "competition__season__club").prefetch_related(*SIDES))


def orm_of_club(club):
    open_ = Competition.objects.filter(season__club=club).exclude(
        status=Competition.Status.FINISHED).values("pk")
    return list(dated(Match.objects.filter(competition__in=open_),
                      Round.objects.filter(competition__in=open_))
                .order_by("scheduled_at", "round__number", "pk"))


def orm_of_competition(competition):
    return list(dated(Match.objects.filter(competition=competition),
                      Round.objects.filter(competition=competition))
                .order_by("round__bracket", "round__number", "pk"))


def orm_of_player(player):
    entries = list(player.entries.values_list("pk", flat=True))
    return list(dated(Match.objects.filter(Q(entry_a__in=entries) | Q(entry_b__in=entries)),
                      Round.objects.filter(competition__in=player.entries.values(
                          "competition_id")))
                .order_by("scheduled_at", "round__number", "pk"))


def shown(match) -> list:
    """What a feed's event is made of: the match, its round, competition, season, club, each
    side's and the winner's entry and player."""
    club = match.competition.season.club
    parts = [match, match.round, match.competition, match.competition.season, club]
    for side in (match.entry_a, match.entry_b, match.winner):
        parts += [side, side.player if side is not None else None]
    return [values(part) for part in parts]


@pytest.mark.parametrize("seed", range(10))
def test_every_feed_reads_what_the_orm_read(seed, django_assert_num_queries):
    club, competitions, players = a_club(seed)
    cases = [(feed_matches_of_club, orm_of_club, club)]
    cases += [(feed_matches_of_competition, orm_of_competition, c) for c in competitions]
    cases += [(feed_matches_of_player, orm_of_player, p) for p in players]
    for read, orm, of in cases:
        expected = orm(of)
        matches = read(of)
        with django_assert_num_queries(0):
            assert [m.pk for m in matches] == [m.pk for m in expected]
            assert [shown(m) for m in matches] == [shown(m) for m in expected]


def test_the_random_clubs_have_events_of_every_kind():
    """The clubs above hold what the reads must tell apart."""
    found = [m for seed in range(10) for m in feed_matches_of_club(a_club(seed)[0])]
    assert any(m.scheduled_at is not None for m in found)
    assert any(m.scheduled_at is None and m.play_by is not None for m in found)
    assert any(m.scheduled_at is None and m.play_by is None for m in found)  # dated by its round
    assert any(m.winner_id is not None for m in found)
    assert Match.objects.filter(kind=Match.Kind.BYE).exists()


def test_a_club_without_a_running_competition_is_read_in_one_query(django_assert_num_queries):
    competition = CompetitionFactory(status=Competition.Status.FINISHED)
    MatchFactory(competition=competition, scheduled_at=TIMES[2])
    with django_assert_num_queries(1):
        assert feed_matches_of_club(competition.season.club) == []


def test_a_player_without_an_entry_is_read_in_one_query(django_assert_num_queries):
    player = PlayerFactory()
    with django_assert_num_queries(1):
        assert feed_matches_of_player(player) == []


@pytest.mark.parametrize("n", [1, 5])
def test_a_feed_of_matches_is_read_in_three_queries(n, django_assert_num_queries):
    """The competitions with their dated rounds, the matches, and both sides with their
    players."""
    competition = CompetitionFactory()
    for day in range(n):
        MatchFactory(competition=competition, scheduled_at=datetime(2026, 3, 1 + day, tzinfo=UTC))
    with django_assert_num_queries(3):
        assert len(feed_matches_of_club(competition.season.club)) == n
