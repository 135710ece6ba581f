"""The reads above a club's and a competition's page, written out in SQL, give what the same
reads through the ORM give: the club's organizers oldest account first, the club's open nights
and the next scheduled night of each competition, and a competition's open and next scheduled
night; on random clubs of nights of every status, some at the same moment. And a signed-in
user's entries in competitions with a night open, which his home page asks for."""

import random
from datetime import UTC, datetime, timedelta

import pytest

from league.competitions.models import ClubNight, Entry
from league.competitions.nights.night_reads import (
    club_nights,
    entries_with_a_night_open,
    nights_of,
)
from league.pages.selectors import club_head
from tests.columns import values
from tests.factories import (
    CompetitionFactory,
    EntryFactory,
    PlayerFactory,
    SeasonFactory,
    UserFactory,
)

pytestmark = pytest.mark.django_db

START = datetime(2026, 12, 1, 19, tzinfo=UTC)


def a_club(seed: int):
    """A club of zero to three organizers (added in a random order), two or three competitions
    over two seasons, each with up to five nights, scheduled, closed or (one at most) open, at
    one of three moments; and a second club's nights, which none of its reads may show."""
    rng = random.Random(seed)
    season = SeasonFactory()
    club = season.club
    for user in rng.sample([UserFactory() for _ in range(3)], rng.randint(0, 3)):
        club.organizers.add(user)
    seasons = [season, SeasonFactory(club=club)]
    other = CompetitionFactory()
    competitions = [CompetitionFactory(season=rng.choice(seasons))
                    for _ in range(rng.randint(2, 3))]
    for competition in [*competitions, other]:
        statuses = [ClubNight.Status.SCHEDULED, ClubNight.Status.CLOSED]
        if rng.random() < 0.5:  # at most one open night per competition
            statuses.append(ClubNight.Status.OPEN)
        for status in statuses + [rng.choice(statuses[:2]) for _ in range(rng.randint(0, 2))]:
            if rng.random() < 0.7:
                ClubNight.objects.create(competition=competition, status=status,
                                         starts_at=START + timedelta(days=rng.choice([0, 7, 14])))
    return club, competitions


def orm_club_nights(club_id: int) -> list[ClubNight]:
    found = (ClubNight.objects.filter(competition__season__club_id=club_id,
                                      status__in=(ClubNight.Status.OPEN,
                                                  ClubNight.Status.SCHEDULED))
             .select_related("competition").order_by("starts_at", "pk"))
    seen, shown = set(), []
    for night in found:
        if (night.competition_id, night.status) not in seen:
            seen.add((night.competition_id, night.status))
            shown.append(night)
    return sorted(shown, key=lambda n: (not n.is_open, n.starts_at))


def orm_nights_of(competition):
    found = list(competition.nights.filter(status__in=(ClubNight.Status.OPEN,
                                                       ClubNight.Status.SCHEDULED))
                 .order_by("starts_at", "pk"))
    return (next((n for n in found if n.is_open), None),
            next((n for n in found if not n.is_open), None))


@pytest.mark.parametrize("seed", range(12))
def test_the_heads_are_the_orms(seed, django_assert_num_queries):
    club, competitions = a_club(seed)
    head = club_head(club)
    with django_assert_num_queries(0):
        shown = [(values(n), values(n.competition)) for n in head.nights]
    assert [values(u) for u in head.organizers] == [
        values(u) for u in club.organizers.order_by("pk")]
    assert shown == [(values(n), values(n.competition)) for n in orm_club_nights(club.pk)]
    for competition in competitions:
        with django_assert_num_queries(1):
            found = nights_of(competition)
        assert [values(n) for n in found] == [values(n) for n in orm_nights_of(competition)]
        assert all(n.competition is competition for n in found if n is not None)


def test_the_random_clubs_have_open_and_scheduled_nights_and_organizers():
    clubs = [a_club(seed)[0] for seed in range(12)]
    nights = [n for club in clubs for n in club_nights(club.pk)]
    assert any(n.is_open for n in nights) and any(not n.is_open for n in nights)
    assert any(len(club_head(club).organizers) > 1 for club in clubs)


def test_the_nights_read_in_one_query_each(django_assert_num_queries):
    club, _ = a_club(3)
    with django_assert_num_queries(1):
        club_nights(club.pk)


@pytest.mark.parametrize("seed", range(6))
def test_his_entries_with_a_night_open_are_the_orms(seed):
    """His players in two clubs, entered (or withdrawn) in competitions with an open night or
    none; another user's entries beside them."""
    rng = random.Random(seed)
    me = UserFactory()
    for _ in range(2):
        club, competitions = a_club(rng.randrange(1000))
        mine, theirs = PlayerFactory(club=club, user=me), PlayerFactory(club=club)
        for competition in competitions:
            seeds = rng.sample([None, 1, 2], 2)  # a seed is one entry's in a competition
            for player, seed in zip((mine, theirs), seeds, strict=True):
                if rng.random() < 0.8:
                    EntryFactory(competition=competition, player=player, seed=seed,
                                 withdrawn_at=rng.choice([None, None, START]))
    expected = {e.competition_id: e for e in Entry.objects.filter(
        player__user=me, withdrawn_at=None,
        competition__nights__status=ClubNight.Status.OPEN).select_related("player")}
    found = entries_with_a_night_open(me)
    assert {k: (values(e), values(e.player)) for k, e in found.items()} == {
        k: (values(e), values(e.player)) for k, e in expected.items()}
