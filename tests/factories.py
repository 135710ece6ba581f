"""factory_boy factories for the league and gameplay models."""

import factory
from django.contrib.auth import get_user_model

from gameplay.engine import Ruleset
from league.clubs.models import Club, Player, Season
from league.competitions.models import Competition, Entry, Match, Round
from league.games.models import Game
from league.games.services.match_points import keep_match_points


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = get_user_model()
        django_get_or_create = ["username"]

    username = factory.Sequence(lambda n: f"user{n}")
    email = factory.LazyAttribute(lambda u: f"{u.username}@example.org")
    password = factory.django.Password("cards-on-the-table")


class ClubFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Club

    name = factory.Sequence(lambda n: f"Club {n}")
    slug = factory.Sequence(lambda n: f"club-{n}")


class PlayerFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Player

    club = factory.SubFactory(ClubFactory)
    name = factory.Sequence(lambda n: f"Player {n}")
    user = factory.SubFactory(UserFactory)


class SeasonFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Season

    club = factory.SubFactory(ClubFactory)
    name = factory.Sequence(lambda n: f"Season {n}")


class CompetitionFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Competition

    season = factory.SubFactory(SeasonFactory)
    name = factory.Sequence(lambda n: f"Competition {n}")
    format = Competition.Format.LEAGUE
    status = Competition.Status.RUNNING
    ruleset = factory.LazyFunction(lambda: Ruleset().to_dict())
    match_format = Competition.MatchFormat.FIRST_TO
    match_games = 1


class EntryFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Entry

    competition = factory.SubFactory(CompetitionFactory)
    player = factory.SubFactory(
        PlayerFactory, club=factory.SelfAttribute("..competition.season.club")
    )


class RoundFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Round

    competition = factory.SubFactory(CompetitionFactory)
    number = factory.Sequence(lambda n: n + 1)


class MatchFactory(factory.django.DjangoModelFactory):
    """A scheduled match between two fresh entries of one competition."""

    class Meta:
        model = Match

    competition = factory.SubFactory(CompetitionFactory)
    round = factory.SubFactory(RoundFactory, competition=factory.SelfAttribute("..competition"))
    entry_a = factory.SubFactory(EntryFactory, competition=factory.SelfAttribute("..competition"))
    entry_b = factory.SubFactory(EntryFactory, competition=factory.SelfAttribute("..competition"))
    status = Match.Status.SCHEDULED


def game_played(**fields) -> Game:
    """A game written as the games' services write it: its match's points kept with it."""
    game = Game.objects.create(**fields)
    keep_match_points(game.match_id)
    return game


def finished_game(match: Match, number: int, winner: str) -> Game:
    """Game `number` of `match` played to its end, won by seat `winner` ("A" or "B") 120 to 40;
    it has no hands."""
    game = Game.objects.create(
        match=match, number=number, ruleset=Ruleset().to_dict(), target_score=100,
        status=Game.Status.FINISHED, winner=winner,
        total_a=120 if winner == "A" else 40, total_b=120 if winner == "B" else 40,
    )
    keep_match_points(match.pk)  # as the games' services do when a game finishes
    match.refresh_from_db(fields=["points_a", "points_b"])
    return game


def decided_match() -> Match:
    """The only match of a running league, its one game won by seat A: ready to report."""
    match = MatchFactory(status=Match.Status.IN_PROGRESS)
    finished_game(match, 1, "A")
    return match


def with_verified_address(user):
    """The user, with their email address verified (as allauth records it): what a club needs
    of an organizer before it mails claim links or invitations for him."""
    from allauth.account.models import EmailAddress

    EmailAddress.objects.update_or_create(user=user, email=user.email,
                                          defaults={"primary": True, "verified": True})
    return user
