"""Two clubs as the read API sees them: a public one and a members-only one, each with a
running league whose one match is confirmed with a game of one hand, and a club night."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, timedelta

import pytest
from django.test import Client
from django.utils import timezone

from league.api.services import make_key
from league.clubs.models import Club
from league.competitions.models import ClubNight, Competition, Match, Stage
from league.games.models import Game, Hand
from league.ratings.models import PlayerRating, RatingPeriod
from league.ratings.services.latest import keep_latest
from tests.factories import MatchFactory, UserFactory, finished_game


@dataclass
class ClubWorld:
    club: Club
    competition: Competition
    match: Match
    game: Game
    night: ClubNight
    organizer: object


def club_world(*, public: bool) -> ClubWorld:
    match = MatchFactory(status=Match.Status.CONFIRMED, games_a=1,
                         competition__season__club__is_public=public)
    match.winner = match.entry_a
    match.confirmed_at = timezone.now()
    match.save()
    game = finished_game(match, 1, "A")
    Hand.objects.create(game=game, number=1, dealer="B", outcome=Hand.Outcome.GIN, knocker="A",
                        winner="A", points=45, knocker_cards="AS 2S 3S 4H 5H 6H 7C 8C 9C TC")
    competition = match.competition
    night = ClubNight.objects.create(competition=competition,
                                     starts_at=timezone.now() - timedelta(hours=2),
                                     status=ClubNight.Status.OPEN)
    match.round.night = night
    match.round.save()
    organizer = UserFactory()
    club = competition.season.club
    Stage.objects.create(competition=competition, order=1, kind=Stage.Kind.LEAGUE)
    week = date(2026, 11, 30)
    period = RatingPeriod.objects.create(club=club, starts_on=week, system="glicko2", tau=0.5,
                                         results=1)
    for entry, rating in ((match.entry_a, 1662.3), (match.entry_b, 1337.7)):
        PlayerRating.objects.create(period=period, player=entry.player, starts_on=week,
                                    rating=rating, rd=290.3, volatility=0.06, games=1,
                                    total_games=1)
    keep_latest([match.entry_a.player_id, match.entry_b.player_id])  # as a rebuild does
    club.organizers.add(organizer)
    return ClubWorld(club, competition, match, game, night, organizer)


@pytest.fixture
def public_world(db) -> ClubWorld:
    return club_world(public=True)


@pytest.fixture
def private_world(db) -> ClubWorld:
    return club_world(public=False)


def key_for(world: ClubWorld, name: str = "Our web site") -> str:
    return make_key(world.club, actor=world.organizer, name=name)[1]


def urls_of(world: ClubWorld) -> list[str]:
    """Every read the API offers about this club's things."""
    slug = world.club.slug
    player = world.match.entry_a.player_id
    return [f"/api/v1/clubs/{slug}/", f"/api/v1/clubs/{slug}/players/",
            f"/api/v1/clubs/{slug}/competitions/", f"/api/v1/clubs/{slug}/nights/",
            f"/api/v1/players/{player}/", f"/api/v1/players/{player}/ratings/",
            f"/api/v1/competitions/{world.competition.pk}/",
            f"/api/v1/competitions/{world.competition.pk}/standings/",
            f"/api/v1/competitions/{world.competition.pk}/matches/",
            f"/api/v1/matches/{world.match.pk}/", f"/api/v1/nights/{world.night.pk}/"]


def get(url: str, key: str | None = None, **headers):
    if key is not None:
        headers["HTTP_AUTHORIZATION"] = f"Bearer {key}"
    return Client().get(url, **headers)
