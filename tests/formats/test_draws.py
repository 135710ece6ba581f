"""Starting a competition: who may, when, and the three ways of seeding."""

from datetime import date

import pytest
from django.utils import timezone

from league.competitions.algorithms.seeding import seed_at_random
from league.competitions.formats.draws import start_competition
from league.competitions.models import Competition
from league.core.errors import NotAllowed, ServiceError
from league.ratings.models import PlayerRating, RatingPeriod
from tests.factories import UserFactory
from tests.formats.builders import Club

pytestmark = pytest.mark.django_db

SINGLE = Competition.Format.SINGLE_ELIMINATION


def seed_order(competition: Competition) -> list[str]:
    return list(competition.entries.order_by("seed").values_list("player__name", flat=True))


def test_only_an_organizer_starts_a_competition_and_only_once():
    club = Club(4)
    competition = club.competition(SINGLE, start=False)
    with pytest.raises(NotAllowed):
        start_competition(competition.pk, actor=UserFactory())
    start_competition(competition.pk, actor=club.organizer)
    with pytest.raises(ServiceError, match="already started"):
        start_competition(competition.pk, actor=club.organizer)
    assert competition.matches.count() == 3


def test_a_competition_needs_two_players_and_a_known_seeding():
    club = Club(1)
    competition = club.competition(SINGLE, start=False)
    with pytest.raises(ServiceError, match="at least two players"):
        start_competition(competition.pk, actor=club.organizer)
    with pytest.raises(ServiceError) as refused:
        start_competition(competition.pk, actor=club.organizer, seeding="by shoe size")
    assert refused.value.field == "seeding"


def test_entered_seeding_keeps_the_seeds_given_then_the_entry_order():
    club = Club(4)
    competition = club.competition(SINGLE, start=False)
    p03 = competition.entries.get(player__name="P03")
    p03.seed = 1
    p03.save()
    start_competition(competition.pk, actor=club.organizer)
    assert seed_order(competition) == ["P03", "P01", "P02", "P04"]


def test_rating_seeding_puts_the_highest_rated_first_and_the_unrated_last():
    club = Club(4)
    period = RatingPeriod.objects.create(club=club.club, starts_on=date(2026, 1, 5),
                                         system="glicko2", rated_unit="game", tau=0.5)
    for name, rating in (("P02", 1700.0), ("P04", 1600.0)):
        player = next(p for p in club.players if p.name == name)
        PlayerRating.objects.create(period=period, player=player, starts_on=period.starts_on,
                                    rating=rating, rd=60.0, volatility=0.06, games=5,
                                    total_games=5)
    competition = club.competition(SINGLE, start=False)
    start_competition(competition.pk, actor=club.organizer, seeding="rating")
    assert seed_order(competition) == ["P02", "P04", "P01", "P03"]


def test_random_seeding_is_a_draw_its_kept_seed_reproduces():
    club = Club(8)
    competition = club.competition(SINGLE, start=False)
    start_competition(competition.pk, actor=club.organizer, seeding="random")
    competition.refresh_from_db()
    assert competition.seeding == "random" and competition.random_seed is not None
    drawn = seed_order(competition)
    assert sorted(drawn) == [p.name for p in club.players]
    entries = list(competition.entries.order_by("pk"))
    expected = seed_at_random([e.pk for e in entries], competition.random_seed)
    names = {e.pk: e.player.name for e in entries}
    assert drawn == [names[pk] for pk in expected]


def test_a_random_draw_started_with_a_given_seed_is_the_same_draw():
    firsts = []
    for _ in range(2):
        club = Club(8)
        competition = club.competition(SINGLE, start=False)
        start_competition(competition.pk, actor=club.organizer, seeding="random",
                          random_seed=4711)
        firsts.append(seed_order(competition))
    assert firsts[0] == firsts[1]


def test_the_start_keeps_how_it_seeded():
    club = Club(4)
    competition = club.competition(SINGLE, start=False)
    start_competition(competition.pk, actor=club.organizer)
    competition.refresh_from_db()
    assert (competition.seeding, competition.random_seed) == ("entered", None)


def test_withdrawn_entries_are_not_drawn():
    club = Club(5)
    competition = club.competition(Competition.Format.LEAGUE, start=False)
    competition.entries.filter(player__name="P05").update(withdrawn_at=timezone.now())
    start_competition(competition.pk, actor=club.organizer)
    assert competition.rounds.count() == 3 and competition.matches.count() == 6
    assert competition.entries.get(player__name="P05").seed is None
