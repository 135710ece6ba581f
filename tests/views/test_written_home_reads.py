"""A signed-in home page's reads written out in SQL give what the same reads through the ORM
give: the user's clubs (as a player or an organizer) with their running competitions, the
sign-ups open to him (closing times passed or not, his entry withdrawn or not, his retired
players), and the results waiting for his confirmation (his own reports and those of a deleted
account); on random sites."""

import random
from datetime import UTC, datetime, timedelta

import pytest
from django.db.models import Exists, OuterRef, Q

from league.clubs.models import Club, Player
from league.competitions.entries.selectors import open_sign_ups
from league.competitions.models import Competition, Entry, Match, ResultReport
from league.pages.home_selectors import results_awaiting_confirmation, your_clubs
from tests.factories import (
    ClubFactory,
    CompetitionFactory,
    EntryFactory,
    MatchFactory,
    PlayerFactory,
    RoundFactory,
    SeasonFactory,
    UserFactory,
)

pytestmark = pytest.mark.django_db

NOW = datetime(2026, 12, 6, 12, 0, tzinfo=UTC)


def a_site(seed: int):
    """Four clubs; the user plays in some (one of his players retired), organizes others; their
    competitions of every status, some taking sign-ups; reports on his matches by him, by his
    opponents and by nobody (a deleted account)."""
    rng = random.Random(seed)
    me, other = UserFactory(), UserFactory()
    for n in range(4):
        club = ClubFactory(name=f"{rng.choice('CAB')} club {n}")
        if rng.random() < 0.3:
            club.organizers.add(me)
        mine = (PlayerFactory(club=club, user=me, name=f"Me {n}",
                              retired_at=rng.choice([None, None, NOW]))
                if rng.random() < 0.6 else None)
        theirs = PlayerFactory(club=club, user=other, name=f"They {n}")
        season = SeasonFactory(club=club)
        for k in range(rng.randint(1, 6)):
            competition = CompetitionFactory(  # drafts (sign-ups) as often as all the rest
                season=season, status=rng.choice([Competition.Status.DRAFT] * 3
                                                 + list(Competition.Status)),
                name=f"{rng.choice('CLO')} {k}",
                registration_open=rng.random() < 0.6,
                registration_closes_at=rng.choice(
                    [None, NOW - timedelta(days=1), NOW + timedelta(days=rng.randint(1, 9))]))
            if mine is None:
                continue
            if rng.random() < 0.3:
                continue  # a competition he has not entered
            entry = EntryFactory(competition=competition, player=mine,
                                 withdrawn_at=rng.choice([None, None, NOW]))
            against = EntryFactory(competition=competition, player=theirs)
            round_ = RoundFactory(competition=competition, number=1)
            for _ in range(rng.randint(0, 3)):
                a, b = (entry, against) if rng.random() < 0.5 else (against, entry)
                match = MatchFactory(competition=competition, round=round_, entry_a=a,
                                     entry_b=b, status=Match.Status.REPORTED)
                ResultReport.objects.create(
                    match=match, status=rng.choice(list(ResultReport.Status)),
                    winner=rng.choice([a, b, None]),
                    reported_by=rng.choice([me, other, None]))
    return me


@pytest.mark.parametrize("seed", range(6))
def test_his_clubs_and_their_running_competitions_are_the_orms(seed, django_assert_num_queries):
    me = a_site(seed)
    clubs = Club.objects.filter(Q(pk__in=Player.objects.filter(user=me).values("club_id"))
                                | Q(organizers=me)).distinct().order_by("name", "pk")
    with django_assert_num_queries(2 if clubs else 1):
        found = your_clubs(me)
    with django_assert_num_queries(0):  # what the home page shows of them, read with them
        read = [(s.club.pk, s.club.name, [(c.pk, c.name, c.get_format_display(), c.season.name)
                                          for c in s.running]) for s in found]
    assert read == [(club.pk, club.name, [
        (c.pk, c.name, c.get_format_display(), c.season.name) for c in Competition.objects.filter(
            season__club=club, status=Competition.Status.RUNNING).order_by("-created_at", "pk")])
        for club in clubs]


@pytest.mark.parametrize("seed", range(6))
def test_the_sign_ups_open_to_him_are_the_orms(seed, django_assert_num_queries):
    me = a_site(seed)
    with django_assert_num_queries(1):
        found = open_sign_ups(me, now=NOW)
    with django_assert_num_queries(0):
        read = [(c.pk, c.entered, c.season.name, c.season.club.name) for c in found]
    entered = Entry.objects.filter(competition=OuterRef("pk"), player__user=me,
                                   withdrawn_at__isnull=True)
    expected = (Competition.objects.filter(
        status=Competition.Status.DRAFT, registration_open=True,
        season__club__in=Player.objects.filter(user=me, retired_at__isnull=True).values("club"))
        .filter(Q(registration_closes_at__isnull=True) | Q(registration_closes_at__gt=NOW))
        .annotate(entered=Exists(entered)).order_by("registration_closes_at", "name", "pk"))
    assert read == [(c.pk, c.entered, c.season.name, c.season.club.name) for c in expected]


@pytest.mark.parametrize("seed", range(6))
def test_the_results_waiting_for_his_confirmation_are_the_orms(seed, django_assert_num_queries):
    me = a_site(seed)
    entries = list(Entry.objects.filter(player__user=me).values_list("pk", flat=True))
    with django_assert_num_queries(1 if entries else 0):
        found = results_awaiting_confirmation(me, entries)
    with django_assert_num_queries(0):
        read = [(r.pk, r.winner_id, r.reported_by.username if r.reported_by else None,
                 r.match.pk, r.match.competition.name) for r in found]
    expected = (ResultReport.objects.filter(status=ResultReport.Status.PENDING)
                .filter(Q(match__entry_a_id__in=entries) | Q(match__entry_b_id__in=entries))
                .exclude(reported_by=me).order_by("reported_at", "pk"))
    assert read == [(r.pk, r.winner_id, r.reported_by.username if r.reported_by else None,
                     r.match.pk, r.match.competition.name) for r in expected]
